#include "query/game_list.hpp"

#include "query/filter_set.hpp"

namespace apiary::query {

GameList listGames(const index::Database& db, const index::GameSearch& catalogue, const GameFilter& filter,
                   const GameListOptions& o) {
  const index::GameQuery query = toGameQuery(filter);
  GameList out;
  // One more than the page says whether there is a next one, without counting.
  std::vector<index::GameId> ids = catalogue.page(query, o.offset, o.limit + 1, o.oldestFirst, o.order);
  out.more = ids.size() > o.limit;
  if (out.more) ids.pop_back();
  for (index::GameId id : ids)
    if (auto g = db.game(id)) out.games.push_back(std::move(*g));
  if (o.count) out.total = catalogue.count(query);
  return out;
}

}  // namespace apiary::query
