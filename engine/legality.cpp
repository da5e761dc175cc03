// Whether one given move is legal, without listing the others. Replaying a game
// asks this once a ply, so each check goes straight at the move: a placement looks
// at its cell, a movement walks the piece's own moves only until it reaches the
// destination, and the pin test floods the hive only when the piece's neighbours do
// not already hold together. The generator's answer is the reference (the
// legality test compares the two for every candidate move of thousands of
// positions).
#include <bit>

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

// Whether lifting the lone piece at `gone` splits the hive, once its neighbours are
// known not to form one arc. The neighbours then lie on separate arcs. Every piece
// of the (connected) hive reaches one of them, so the hive holds together exactly
// when a flood that never crosses the gap joins them all, and the flood stops as
// soon as it has: a piece that may move is never flooded to the end.
// An occupied cell is marked seen by the bit of its top piece: 28 bits, not 1024.
[[gnu::noinline]] bool floodSplits(const Board& board, Cell gone, unsigned around) {
  std::array<Cell, kPieces> stack;
  uint32_t seen = pieceBit(board.top(gone));
  int depth = 0;
  const Cell first = neighbor(gone, std::countr_zero(around));
  stack[depth++] = first;
  seen |= pieceBit(board.top(first));
  int unreached = std::popcount(around) - 1;
  while (depth) {
    const Cell c = stack[--depth];
    for (unsigned dirs = board.occupiedAround(c); dirs; dirs &= dirs - 1) {
      const Cell n = neighbor(c, std::countr_zero(dirs));
      const uint32_t bit = pieceBit(board.top(n));
      if (seen & bit) continue;
      seen |= bit;
      if (kDirOfStep[(n - gone) & (kCells - 1)] >= 0 && --unreached == 0) return false;
      stack[depth++] = n;
    }
  }
  return true;
}

// splitsHive for a piece known to be alone at `gone`: most pieces answer by table.
bool loneSplits(const Board& board, Cell gone) {
  const unsigned around = board.occupiedAround(gone);
  return !kOneArc[around] && floodSplits(board, gone, around);
}

bool isLegalMovement(const Board& board, const Move& move) {
  const PieceId p = move.piece;
  const Cell from = move.from, to = move.to;
  if (board.gameOver() || !board.onBoard(p) || board.cellOf(p) != from || board.top(from) != p ||
      p == board.lastMoved() || to == from)
    return false;
  const Color me = board.toMove();
  if (!board.queenPlaced(me)) return false;
  // A pinned piece neither walks nor is thrown.
  const bool alone = board.height(from) == 1;
  if (alone && loneSplits(board, from)) return false;
  return walks::movesOrIsThrown(LiftedBoard{board, from}, p, me, walks::Reaches{to});
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
  if (!board.onBoard(piece)) return false;
  const Cell gone = board.cellOf(piece);
  return board.height(gone) == 1 && loneSplits(board, gone);
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
  const unsigned around = board.occupiedAround(move.to);
  if (around == 0) return false;
  if (board.ply() == 1) return true;  // the second piece may touch the first
  for (unsigned dirs = around; dirs; dirs &= dirs - 1)
    if (colorOf(board.top(neighbor(move.to, std::countr_zero(dirs)))) != me) return false;
  return true;
}

}  // namespace apiary
