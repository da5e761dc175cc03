// Whether one given move is legal, without listing the others. Replaying a game
// asks this once a ply, so each check goes straight at the move: a placement looks
// at its cell, a movement walks the piece's own moves only until it reaches the
// destination, and the pin test floods the hive only when the piece's neighbours do
// not already hold together. The generator's answer is the reference (the
// legality test compares the two for every candidate move of thousands of
// positions).
#include "engine/movegen.hpp"
#include "engine/walks.hpp"

namespace apiary {

namespace {

// For each mask of occupied neighbours: whether they form one unbroken arc. Then
// they stay connected through each other when the middle piece leaves, so it
// cannot split the hive.
constexpr std::array<bool, 64> kOneArc = [] {
  std::array<bool, 64> t{};
  for (unsigned m = 0; m < 64; ++m) {
    int starts = 0;  // occupied neighbours whose counter-clockwise neighbour is empty
    for (int d = 0; d < kDirs; ++d)
      starts += ((m >> d) & 1) && !((m >> clockwise(d, 5)) & 1);
    t[m] = m == 63 || starts <= 1;
  }
  return t;
}();

bool isLegalMovement(const Board& board, const Move& move) {
  const PieceId p = move.piece;
  const Color me = board.toMove();
  if (board.gameOver() || !board.queenPlaced(me) || !board.onBoard(p) || board.cellOf(p) != move.from ||
      !board.isTop(p) || p == board.lastMoved() || move.to == move.from)
    return false;
  const Cell from = move.from, to = move.to;
  const bool alone = board.height(from) == 1;
  const bool pinned = alone && splitsHive(board, p);
  const LiftedBoard view{board, from};
  auto isTarget = [to](Cell c) { return c == to; };
  if (colorOf(p) == me && !pinned && walks::ownMoves(view, p, isTarget)) return true;

  // Otherwise only a throw by a neighbouring Pillbug (or Mosquito) of the mover.
  if (!alone || pinned) return false;
  for (int d = 0; d < kDirs; ++d) {
    const PieceId thrower = board.top(neighbor(from, d));
    if (thrower == kNoPiece || colorOf(thrower) != me || thrower == board.lastMoved() ||
        !walks::canThrow(board, thrower))
      continue;
    if (walks::throwDestinations(view, neighbor(from, d), opposite(d), isTarget)) return true;
  }
  return false;
}

}  // namespace

bool isLegal(const Board& board, const Move& move) {
  if (move.isPlacement()) return isLegalPlacement(board, move);
  if (!move.isPass()) return isLegalMovement(board, move);
  MoveList all;
  legalMoves(board, all);
  return all.size() == 1 && all[0].isPass();
}

bool splitsHive(const Board& board, PieceId piece) {
  if (!board.onBoard(piece) || board.height(board.cellOf(piece)) != 1) return false;
  const Cell gone = board.cellOf(piece);
  if (kOneArc[LiftedBoard{board}.occupiedAround(gone)]) return false;
  // Flood the occupied cells from one neighbour of the gap, never through it.
  std::array<Cell, kPieces> stack;
  CellSet seen{};
  seen.add(gone);
  int depth = 0, reached = 0;
  for (int d = 0; d < kDirs && depth == 0; ++d)
    if (board.occupied(neighbor(gone, d))) {
      stack[depth++] = neighbor(gone, d);
      seen.add(neighbor(gone, d));
    }
  while (depth) {
    const Cell c = stack[--depth];
    ++reached;
    for (int d = 0; d < kDirs; ++d) {
      const Cell n = neighbor(c, d);
      if (board.occupied(n) && !seen.has(n)) {
        seen.add(n);
        stack[depth++] = n;
      }
    }
  }
  int cells = 0;
  for (PieceId p = 0; p < kPieces; ++p) cells += board.onBoard(p) && board.under(p) == kNoPiece;
  return reached != cells - 1;
}

bool isLegalPlacement(const Board& board, const Move& move) {
  if (board.gameOver() || board.occupied(move.to)) return false;
  const Color me = board.toMove();
  const Bug bug = bugOf(move.piece);
  if (colorOf(move.piece) != me || board.nextInHand(me, bug) != move.piece) return false;
  const int turn = board.turnOfMover();
  if (bug != Bug::Queen && turn == 4 && !board.queenPlaced(me)) return false;
  if (bug == Bug::Queen && turn == 1 && board.rules().tournament) return false;
  if (board.ply() == 0) return move.to == kOrigin;
  bool touchesOwn = false;
  for (int d = 0; d < kDirs; ++d) {
    const PieceId t = board.top(neighbor(move.to, d));
    if (t == kNoPiece) continue;
    if (board.ply() == 1) return true;  // the second piece may touch the first
    if (colorOf(t) != me) return false;
    touchesOwn = true;
  }
  return touchesOwn;
}

}  // namespace apiary
