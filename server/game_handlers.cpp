// The answers about games: a page of them by tags, one game with its plies, one
// game as a file.
#include <algorithm>
#include <charconv>
#include <chrono>

#include "query/board_json.hpp"
#include "query/error.hpp"
#include "query/games/export.hpp"
#include "query/games/game_list.hpp"
#include "query/json.hpp"
#include "query/positions/position_request.hpp"
#include "query/positions/search.hpp"
#include "server/handlers.hpp"

namespace apiary::server {

namespace {

index::GameRow rowOf(std::string_view id, const query::ReadSession& session) {
  index::GameId number = 0;
  const auto [end, error] = std::from_chars(id.data(), id.data() + id.size(), number);
  std::optional<index::GameRow> row;
  if (error == std::errc() && end == id.data() + id.size() && number > 0 && number <= session.lastGame())
    row = session.db().game(number);
  if (!row)
    throw query::QueryError(query::ErrorKind::NotFound, query::Field::None, "no game " + std::string(id.substr(0, 40)));
  return std::move(*row);
}

Board replayed(const index::GameRow& row) {
  auto board = row.replay();
  if (!board)
    throw query::QueryError(query::ErrorKind::Corrupt, query::Field::None,
                            "game " + std::to_string(row.id) + " does not replay (a corrupt row: try apiary check)");
  return std::move(*board);
}

// The name viewers open a file by: `.pgn` for UHP, the notation's own extension
// when its files have one (`.sgf`, which boardspace's viewer and Mzinga Viewer
// open; `.fen`), else `.<notation>.txt`.
std::string extensionOf(const notation::Notation& written) {
  if (&written == &notation::uhpNotation()) return "pgn";
  if (written.sniffer &&
      std::ranges::find(written.sniffer->extensions, written.name) != written.sniffer->extensions.end())
    return std::string(written.name);
  return std::string(written.name) + ".txt";
}

}  // namespace

Reply gamesReply(const Params& params, query::ReadSession& session) {
  const query::AnswerClock clock;
  const query::GameListOptions options{{params.offset, params.limit, params.oldestFirst, gamesOrder(params)}};
  nlohmann::json document =
      query::gameListJson(query::listGames(session.db(), session.catalogue(), params.filter, options));
  clock.stamp(document);
  return Reply::json(document);
}

Reply gameReply(std::string_view id, const Params& params, query::ReadSession& session) {
  const index::GameRow row = rowOf(id, session);
  const Board game = replayed(row);
  return Reply::json(query::storedGameJson(row, game, *params.notation));
}

Reply exportReply(std::string_view id, const Params& params, query::ReadSession& session) {
  const index::GameRow row = rowOf(id, session);
  const auto game = query::exportableGame(row);
  if (!game) replayed(row);                              // throws its error
  const notation::Notation& written = *params.notation;  // UHP unless asked
  Reply reply{200, "text/plain; charset=utf-8", notation::writeGame(written, *game), {}};
  reply.headers.emplace_back("Content-Disposition", "attachment; filename=\"game-" + std::to_string(row.id) + "." +
                                                        extensionOf(written) + "\"");
  return reply;
}

Reply positionExportReply(const Params& params, query::ReadSession& session) {
  const Board position = query::readPosition(params.position, &session.catalogue());
  query::KeptGames* kept = session.kept(params.filter);
  // The whole list, held as one answer: bounded, and a larger one is refused
  // rather than cut short.
  const query::SearchOptions options{
      {0, kMaxExportGames + 1, params.oldestFirst, gamesOrder(params)}, params.sameOrder, kept};
  const query::SearchPage page = query::searchPage(session.db(), session.catalogue(), position, options);
  if (page.total > kMaxExportGames)
    throw query::QueryError(query::ErrorKind::BadInput, query::Field::None,
                            std::to_string(page.total) + " games reached this position: at most " +
                                std::to_string(kMaxExportGames) + " are exported at once (filter them)");
  std::vector<index::GameId> ids;
  for (const index::Posting& hit : page.hits) ids.push_back(hit.game);
  Reply reply{200, "text/plain; charset=utf-8", {}, {}};
  query::exportGames(session.db(), ids, *params.notation,
                     [&](index::GameId, const std::string& text) { reply.body += text; });
  reply.headers.emplace_back("Content-Disposition", "attachment; filename=\"games-" + index::hexOf(page.position) +
                                                        "." + extensionOf(*params.notation) + "\"");
  return reply;
}

}  // namespace apiary::server
