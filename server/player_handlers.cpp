// The answers about players: one player's statistics, the table of players, names
// by their start.
#include "query/error.hpp"
#include "query/players/player_json.hpp"
#include "server/handlers.hpp"

namespace apiary::server {

Reply playerReply(std::string_view name, const Params& params, query::ReadSession& session) {
  if (name.size() > kMaxValueLength)
    throw query::QueryError(query::ErrorKind::BadInput, query::Field::Name,
                            ": longer than " + std::to_string(kMaxValueLength) + " bytes");
  if (params.filter.player)
    throw query::QueryError(query::ErrorKind::BadInput, query::Field::Player,
                            ": the player is named in the path, not a parameter");
  const query::PlayerOptions options{.notation = params.notation};
  return Reply::json(
      query::playerStatsJson(query::playerStats(session.catalogue(), std::string(name), params.filter, options)));
}

Reply playersReply(const Params& params, query::ReadSession& session) {
  const query::PlayerTableOptions options{
      playersByScore(params) ? query::PlayerOrder::Score : query::PlayerOrder::Games, params.limit, params.minGames,
      params.offset};
  return Reply::json(query::playerTableJson(query::playerTable(session.catalogue(), params.filter, options)));
}

Reply playerNamesReply(const Params& params, query::ReadSession& session) {
  if (params.prefix.empty())
    throw query::QueryError(query::ErrorKind::BadInput, query::Field::Prefix,
                            ": the start of a name, at least one letter");
  return Reply::json(query::playerNamesJson(session.catalogue().playersStarting(params.prefix, params.limit)));
}

}  // namespace apiary::server
