// The answers about one board: the board as the page draws and plays it, and its
// SVG picture. The database is read only for a stored game's position.
#include "engine/movegen.hpp"
#include "notation/uhp_text.hpp"
#include "query/drawing/diagram.hpp"
#include "notation/move_notation.hpp"
#include "query/positions/next_positions.hpp"
#include "notation/position_text.hpp"
#include "query/drawing/svg.hpp"
#include "server/handlers.hpp"
#include "query/positions/position_request.hpp"

namespace apiary::server {

namespace {

nlohmann::json axialJson(Axial a) { return {{"q", a.q}, {"r", a.r}}; }

nlohmann::json optionalAxial(const std::optional<Axial>& a) { return a ? axialJson(*a) : nlohmann::json(nullptr); }

nlohmann::json handOf(const Board& board, Color color) {
  nlohmann::json hand = nlohmann::json::array();
  for (int p = 0; p < kPieces; ++p) {
    const PieceId piece = PieceId(p);
    if (colorOf(piece) == color && board.inGame(piece) && !board.onBoard(piece)) hand.push_back(pieceName(piece));
  }
  return hand;
}

nlohmann::json lastMoveOf(const Board& board, const query::Diagram& diagram) {
  if (!diagram.lastTo || board.lastMoved() == kNoPiece) return nullptr;
  return {{"piece", pieceName(board.lastMoved())}, {"from", optionalAxial(diagram.lastFrom)},
          {"to", axialJson(*diagram.lastTo)}};
}

// Every legal move, with where it goes on the board as given.
nlohmann::json movesOf(const Board& board, const notation::Notation& notation) {
  MoveList legal;
  legalMoves(board, legal);
  const notation::MoveNotation writer(notation, board);
  const Board setUp = query::unrestricted(board);
  nlohmann::json moves = nlohmann::json::array();
  for (const Move& m : legal) {
    nlohmann::json row{{"uhp", notation::moveString(board, m)}, {"text", writer.write(setUp, m)}};
    if (m.isPass()) {
      row["piece"] = row["from"] = row["to"] = nullptr;
    } else {
      row["piece"] = pieceName(m.piece);
      row["from"] = m.isPlacement() ? nlohmann::json(nullptr) : axialJson(board.axialOfPiece(m.piece));
      row["to"] = axialJson(board.axialOf(m.to).value_or(Axial{}));  // the first piece: the origin
    }
    moves.push_back(std::move(row));
  }
  return moves;
}

nlohmann::json boardJson(const Board& board, const notation::Notation& notation) {
  const query::Diagram diagram = query::diagramOf(board);
  // The moves so far in UHP (what the page plays them by) and in the notation asked
  // (what it shows).
  nlohmann::json history = nlohmann::json::array(), historyText = nlohmann::json::array();
  if (!notation::isSetUp(board)) {
    Board replay(board.type(), board.rules(), board.firstMover());
    for (const Move& m : board.history()) {
      history.push_back(notation::moveString(replay, m));
      historyText.push_back(notation::MoveNotation(notation, replay).write(query::unrestricted(replay), m));
      replay.play(m);
    }
  }
  nlohmann::json cells = nlohmann::json::array();
  for (const auto& stack : diagram.stacks) {
    nlohmann::json pieces = nlohmann::json::array();
    for (PieceId p : stack.pieces) pieces.push_back(pieceName(p));
    cells.push_back({{"q", stack.at.q}, {"r", stack.at.r}, {"stack", std::move(pieces)}});
  }
  return {{"game_type", board.type().name()},
          {"ply", board.ply()},
          {"to_move", board.toMove() == Color::White ? "white" : "black"},
          {"state", gameStateName(board.state())},
          {"position", notation::writePosition(board)},
          {"history", std::move(history)},
          {"history_text", std::move(historyText)},
          {"cells", std::move(cells)},
          {"hand", {{"white", handOf(board, Color::White)}, {"black", handOf(board, Color::Black)}}},
          {"last_move", lastMoveOf(board, diagram)},
          {"moves", movesOf(board, notation)}};
}

}  // namespace

Reply boardReply(const Params& params, const index::GameSearch* catalogue) {
  return Reply::json(boardJson(query::readPosition(params.position, catalogue), *params.notation));
}

Reply svgReply(const Params& params, const index::GameSearch* catalogue) {
  const query::Diagram diagram = query::diagramOf(query::readPosition(params.position, catalogue));
  return Reply{200, "image/svg+xml", query::drawSvg(diagram, {.caption = {query::statusText(diagram)}}), {}};
}

}  // namespace apiary::server
