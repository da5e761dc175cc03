// The answers about one board: the board as the page draws and plays it (the
// document of `apiary show --json`), and its SVG picture. The database is read only
// for a stored game's position.
#include "query/board_json.hpp"
#include "query/drawing/diagram.hpp"
#include "query/drawing/svg.hpp"
#include "query/positions/position_request.hpp"
#include "server/handlers.hpp"

namespace apiary::server {

Reply boardReply(const Params& params, const query::ReadSession* session) {
  const Board board = query::readPosition(params.position, session ? &session->catalogue() : nullptr);
  nlohmann::json document = query::boardJson(board, *params.notation);
  // readPosition has read the game: a game once stored stays.
  if (params.position.game)
    if (const auto row = session->db().game(*params.position.game)) document["game"] = query::fullGameJson(*row);
  return Reply::json(document);
}

Reply svgReply(const Params& params, const query::ReadSession* session) {
  const query::Diagram diagram =
      query::diagramOf(query::readPosition(params.position, session ? &session->catalogue() : nullptr));
  return Reply{200, "image/svg+xml", query::drawSvg(diagram, {.caption = {query::statusText(diagram)}}), {}};
}

}  // namespace apiary::server
