#include "query/board_json.hpp"

#include "engine/canonical.hpp"
#include "engine/movegen.hpp"
#include "notation/move_notation.hpp"
#include "notation/position_text.hpp"
#include "notation/uhp_text.hpp"
#include "query/drawing/diagram.hpp"
#include "query/games/export.hpp"
#include "query/json.hpp"
#include "query/positions/next_positions.hpp"

namespace apiary::query {

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

nlohmann::json stacksOf(const Diagram& diagram) {
  nlohmann::json stacks = nlohmann::json::array();
  for (const auto& stack : diagram.stacks) {
    nlohmann::json pieces = nlohmann::json::array();
    for (PieceId p : stack.pieces) pieces.push_back(pieceName(p));
    stacks.push_back({{"q", stack.at.q}, {"r", stack.at.r}, {"pieces", std::move(pieces)}});
  }
  return stacks;
}

// The last move's piece, where it came from (null for a placement or a set-up
// position) and went, and its UHP text (null when a set-up position does not know it).
nlohmann::json lastMoveOf(const Board& board, const Diagram& diagram) {
  if (!diagram.lastTo || board.lastMoved() == kNoPiece) return nullptr;
  return {{"piece", pieceName(board.lastMoved())},
          {"from", optionalAxial(diagram.lastFrom)},
          {"to", axialJson(*diagram.lastTo)},
          {"uhp", diagram.lastMove.empty() ? nlohmann::json(nullptr) : nlohmann::json(diagram.lastMove)}};
}

// Every legal move, with where it goes on the board as given.
nlohmann::json movesOf(const Board& board, const notation::Notation& notation) {
  MoveList legal;
  legalMoves(board, legal);
  const notation::MoveNotation writer(notation, board);
  const Board setUp = unrestricted(board);
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

// A move about to be played on `board`, in `notation`.
std::string writtenMove(const notation::Notation& notation, const Board& board, const Move& move) {
  return notation::MoveNotation(notation, board).write(unrestricted(board), move);
}

// The moves so far in `notation` (what the page shows; `history` has them in UHP,
// what it plays them by). A set-up position has no history.
nlohmann::json historyText(const Board& board, const notation::Notation& notation) {
  nlohmann::json text = nlohmann::json::array();
  Board replay(board.type(), board.rules(), board.firstMover());
  for (const Move& m : board.history()) {
    text.push_back(writtenMove(notation, replay, m));
    replay.play(m);
  }
  return text;
}

// Every ply: the move in the notation and in UHP, the position after it and its key.
nlohmann::json pliesOf(const Board& game, const notation::Notation& notation) {
  nlohmann::json plies = nlohmann::json::array();
  Board board(game.type(), game.rules(), game.firstMover());
  for (const Move& move : game.history()) {
    nlohmann::json ply{{"ply", board.ply() + 1},
                       {"move", writtenMove(notation, board, move)},
                       {"uhp", notation::moveString(board, move)}};
    board.play(move);
    ply["position"] = notation::writePosition(board);
    ply["key"] = canonicalize(board).key.hex();
    plies.push_back(std::move(ply));
  }
  return plies;
}

}  // namespace

nlohmann::json boardJson(const Board& board, const notation::Notation& notation) {
  const Diagram diagram = diagramOf(board);
  const bool setUp = notation::isSetUp(board);
  return {{"game_type", board.type().name()},
          {"ply", board.ply()},
          {"to_move", board.toMove() == Color::White ? "white" : "black"},
          {"state", gameStateName(board.state())},
          {"position", notation::writePosition(board)},
          {"history", setUp ? nlohmann::json::array() : nlohmann::json(notation::moveStrings(board))},
          {"history_text", setUp ? nlohmann::json::array() : historyText(board, notation)},
          {"stacks", stacksOf(diagram)},
          {"hand", {{"white", handOf(board, Color::White)}, {"black", handOf(board, Color::Black)}}},
          {"last_move", lastMoveOf(board, diagram)},
          {"moves", movesOf(board, notation)},
          {"diagram", drawText(diagram, {.color = false, .legend = false})}};
}

nlohmann::json fullGameJson(const index::GameRow& row) {
  nlohmann::json out = gameJson(row);
  out["tags"] = nlohmann::json::array();
  for (const auto& [name, value] : tagsOf(row)) out["tags"].push_back({{"name", name}, {"value", value}});
  const auto game = row.replay();
  out["game_string"] = game ? nlohmann::json(notation::gameString(*game)) : nlohmann::json(nullptr);
  return out;
}

nlohmann::json storedGameJson(const index::GameRow& row, const Board& game, const notation::Notation& notation) {
  return {{"game", fullGameJson(row)}, {"plies", pliesOf(game, notation)}};
}

}  // namespace apiary::query
