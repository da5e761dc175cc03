#include "engine/explain.hpp"

#include "engine/movegen.hpp"

namespace apiary {

namespace {

bool touchesColor(const Board& board, Cell c, Color color, PieceId except) {
  for (int d = 0; d < kDirs; ++d) {
    const PieceId t = board.top(neighbor(c, d));
    if (t != kNoPiece && t != except && colorOf(t) == color) return true;
  }
  return false;
}

std::string whyPlacementIllegal(const Board& board, const Move& m) {
  const Color me = board.toMove();
  const std::string name = pieceName(m.piece);
  if (board.nextInHand(me, bugOf(m.piece)) != m.piece)
    return board.nextInHand(me, bugOf(m.piece)) == kNoPiece
               ? "every " + std::string(1, kBugLetters[int(bugOf(m.piece))]) + " is already in play"
               : "copies of a bug enter play in order: " + pieceName(board.nextInHand(me, bugOf(m.piece))) +
                     " comes before " + name;
  if (bugOf(m.piece) == Bug::Queen && board.turnOfMover() == 1 && board.rules().tournament)
    return "the Queen may not be placed on a player's first turn (tournament rule)";
  if (bugOf(m.piece) != Bug::Queen && board.turnOfMover() == 4 && !board.queenPlaced(me))
    return "the Queen must be placed by the fourth turn";
  if (board.occupied(m.to)) return "a piece is placed on an empty cell, never on top of another";
  if (board.ply() >= 2) {
    if (!touchesColor(board, m.to, me, kNoPiece)) return "a placed piece must touch one of its own colour";
    if (touchesColor(board, m.to, other(me), kNoPiece)) return "a placed piece may not touch the opponent's pieces";
  }
  return "that cell is not next to the hive";
}

}  // namespace

std::string whyIllegal(const Board& board, const Move& m) {
  if (board.gameOver()) return "the game is already over";
  if (m.isPass()) {
    if (isLegal(board, m)) return {};
    return "a player may pass only when no other move is legal";
  }
  if (isLegal(board, m)) return {};
  const Color me = board.toMove();
  const std::string name = pieceName(m.piece);
  if (!board.type().has(bugOf(m.piece))) return name + " is not part of a " + board.type().name() + " game";
  if (m.isPlacement()) {
    if (colorOf(m.piece) != me) return "it is " + std::string(me == Color::White ? "White" : "Black") + "'s turn";
    return whyPlacementIllegal(board, m);
  }
  if (!board.onBoard(m.piece) || board.cellOf(m.piece) != m.from) return name + " is not where the move starts";
  if (m.from == m.to) return "a move must change the piece's place";
  if (!board.queenPlaced(me)) return "no piece may move before its own Queen is placed";
  if (!board.isTop(m.piece)) return name + " is covered by another piece";
  if (m.piece == board.lastMoved()) return name + " moved on the previous turn and may not be moved now";
  if (colorOf(m.piece) != me)
    return name + " belongs to the opponent; only a Pillbug's throw moves it, and none can here";
  if (board.height(m.from) == 1 && (pinnedPieces(board) & pieceBit(m.piece)))
    return "moving " + name + " would split the hive";
  if (board.occupied(m.to) && bugOf(m.piece) != Bug::Beetle && bugOf(m.piece) != Bug::Mosquito)
    return "only a Beetle (or a Mosquito copying one) climbs onto the hive";
  return name + " cannot reach that cell by its moves";
}

}  // namespace apiary
