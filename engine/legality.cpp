// Whether one given move is legal, without listing the others. Replaying a game
// asks this once a ply, so each check goes straight at the move: a placement looks
// at its cell, a movement walks the piece's own moves only until it reaches the
// destination, and the pin test floods the hive only when the piece's neighbours do
// not already hold together. The generator's answer is the reference (the
// legality test compares the two for every candidate move of thousands of
// positions).
#include <bit>

#include "engine/around_shape.hpp"
#include "engine/movegen.hpp"
#include "engine/walks.hpp"

namespace apiary {

namespace {

// The bit of the piece on top of c, and for an empty cell (kNoPiece) bit 31, no
// piece's: the flood below marks neighbours without a branch on each.
static_assert(kNoPiece % 32 == 31 && kPieces <= 31);
constexpr uint32_t kEmptyBit = pieceBit(kNoPiece % 32);
uint32_t topBit(const Board& board, Cell c) { return pieceBit(board.top(c) % 32); }

// Whether lifting the lone piece at `gone` splits the hive, once its neighbours are
// known not to form one arc. The neighbours then lie on separate arcs (2 or 3), each
// arc's pieces joined through each other. Every piece of the (connected) hive
// reaches one of them, so the hive holds together exactly when the arcs are joined
// without `gone`.
// Readers ask this mostly of pieces that are pinned (a letter's other copies, in
// PGN-like files, most of the floods), so the pinned answer is made cheap:
// - a neighbour that touches nothing else is cut off at once;
// - with two arcs, a flood from each takes a cell by turns: a side that closes
//   without meeting the other is cut off, so a pinned piece costs about twice its
//   smaller side, far less than a flood from either end;
//   floods that meet have joined the arcs.
// Three arcs (rare) are flooded from one until all are reached or it closes.
// An occupied cell is marked seen by the bit of its top piece: 28 bits, not 1024.
// Which neighbours are new to a flood is data, not control: the six are looked at
// without a branch each, and a cell goes on the stack by moving its top up or not.
// Empty cells count as seen from the start.
[[gnu::noinline]] bool floodSplits(const Board& board, Cell gone, unsigned around) {
  for (unsigned dirs = around; dirs; dirs &= dirs - 1) {
    const int d = std::countr_zero(dirs);
    if (board.occupiedAround(neighbor(gone, d)) == (1u << opposite(d))) return true;
  }
  struct Flood {
    std::array<Cell, kPieces> stack;  // each piece but the lifted one goes on once; the slot above the top is written
    int depth = 0;
    uint32_t seen;
    // One cell taken off the stack, its new neighbours put on; false once closed.
    bool step(const Board& board) {
      if (depth == 0) return false;
      const Cell c = stack[--depth];
#pragma GCC unroll 6
      for (int d = 0; d < kDirs; ++d) {
        const Cell n = neighbor(c, d);
        const uint32_t fresh = topBit(board, n) & ~seen;
        seen |= fresh;
        stack[depth] = n;
        depth += fresh != 0;
      }
      return true;
    }
  };
  const uint32_t shared = kEmptyBit | topBit(board, gone);
  // Where an arc starts, going clockwise: occupied, with its anticlockwise neighbour empty.
  const unsigned starts = around & ~(((around << 1) | (around >> (kDirs - 1))) & Board::kAllAround);
  const Cell first = neighbor(gone, std::countr_zero(starts));
  Flood a{{first}, 1, shared | topBit(board, first)};
  if (std::popcount(starts) == 2) {
    const Cell second = neighbor(gone, std::bit_width(starts) - 1);
    Flood b{{second}, 1, shared | topBit(board, second)};
    for (;;) {
      if (!a.step(board)) return true;
      if (a.seen & b.seen & ~shared) return false;
      if (!b.step(board)) return true;
      if (a.seen & b.seen & ~shared) return false;
    }
  }
  uint32_t neighbours = 0;
  for (int d = 0; d < kDirs; ++d) neighbours |= topBit(board, neighbor(gone, d));
  neighbours &= ~kEmptyBit;
  while (a.step(board))
    if ((a.seen & neighbours) == neighbours) return false;
  return true;
}

// splitsHive for a piece known to be alone at `gone`: most pieces answer by table.
bool loneSplits(const Board& board, Cell gone) {
  const unsigned around = board.occupiedAround(gone);
  return !kAroundShape[around].oneArc && floodSplits(board, gone, around);
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
