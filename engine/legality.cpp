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

// What a cell's mask of occupied neighbours tells of it.
struct AroundShape {
  // Whether they form one unbroken arc. Then they stay connected through each
  // other when the middle piece leaves, so it cannot split the hive.
  bool oneArc;
  uint8_t arcs;
  uint8_t loneGaps;  // directions of empty neighbours between two occupied ones
  // Twice the cell's share of the hive's holes (pinnedPieces).
  int8_t twiceHolesShare;
};
constexpr std::array<AroundShape, 64> kShape = [] {
  std::array<AroundShape, 64> t{};
  const auto has = [](unsigned m, int d) { return (m >> ((d + kDirs) % kDirs)) & 1; };
  for (unsigned m = 0; m < 64; ++m) {
    int starts = 0;  // occupied neighbours whose counter-clockwise neighbour is empty
    unsigned lone = 0;
    for (int d = 0; d < kDirs; ++d) {
      starts += has(m, d) && !has(m, d - 1);
      if (!has(m, d) && has(m, d - 1) && has(m, d + 1)) lone |= 1u << d;
    }
    const int below = (has(m, E) && has(m, SE)) + (has(m, SE) && has(m, SW));
    t[m] = {m == 63 || starts <= 1, uint8_t(starts), uint8_t(lone), int8_t(std::popcount(m) - 2 * below - 2)};
  }
  return t;
}();

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
// PGN-like files: 88 % of the floods), so the pinned answer is made cheap:
// - a neighbour that touches nothing else is cut off at once (27 % of them);
// - with two arcs, a flood from each takes a cell by turns: a side that closes
//   without meeting the other is cut off, so a pinned piece costs about twice its
//   smaller side (4 pieces on average against 11 for a flood from either end);
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
  return !kShape[around].oneArc && floodSplits(board, gone, around);
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

// Tarjan's articulation points over the occupied cells (at most 28), each cell's
// occupied neighbours a bitmask of their indices, so that the depth-first walk
// finds an unvisited neighbour in one instruction. For a hive with holes.
uint32_t articulationPinned(const Board& board) {
  std::array<Cell, kPieces> cells;
  int n = 0;
  for (uint32_t left = board.piecesOnBoard(); left; left &= left - 1)
    if (const PieceId p = PieceId(std::countr_zero(left)); board.isTop(p)) cells[n++] = board.cellOf(p);
  if (n <= 2) return 0;
  std::array<uint8_t, kCells> index;  // only entries of occupied cells are read
  for (int i = 0; i < n; ++i) index[cells[i]] = uint8_t(i);
  std::array<uint32_t, kPieces> adjacent;
  for (int i = 0; i < n; ++i) {
    adjacent[i] = 0;
    for (unsigned around = board.occupiedAround(cells[i]); around; around &= around - 1)
      adjacent[i] |= 1u << index[neighbor(cells[i], std::countr_zero(around))];
  }
  std::array<uint8_t, kPieces> disc, low, parent, stack;
  uint32_t visited = 1, articulation = 0;
  int time = 1, depth = 0, rootChildren = 0;
  disc[0] = low[0] = 1;
  stack[depth++] = 0;
  while (depth) {
    const int v = stack[depth - 1];
    if (const uint32_t fresh = adjacent[v] & ~visited) {
      const int w = std::countr_zero(fresh);
      visited |= 1u << w;
      parent[w] = uint8_t(v);
      disc[w] = low[w] = uint8_t(++time);
      rootChildren += v == 0;
      stack[depth++] = uint8_t(w);
      continue;
    }
    --depth;
    if (v == 0) break;
    // Every neighbour is visited now: the earlier ones are back edges (descendants,
    // discovered later, cannot lower low[v]).
    const int u = parent[v];
    for (uint32_t others = adjacent[v] & ~(1u << u); others; others &= others - 1)
      low[v] = std::min(low[v], disc[std::countr_zero(others)]);
    low[u] = std::min(low[u], low[v]);
    if (u != 0 && low[v] >= disc[u]) articulation |= 1u << u;
  }
  if (rootChildren > 1) articulation |= 1u;
  uint32_t pinned = 0;
  for (; articulation; articulation &= articulation - 1) {
    const Cell c = cells[std::countr_zero(articulation)];
    if (board.height(c) == 1) pinned |= pieceBit(board.top(c));
  }
  return pinned;
}

// An empty cell closed in by six pieces: a hole of its own.
bool loneHole(const Board& board, Cell c) {
  return !board.occupied(c) && board.occupiedAround(c) == Board::kAllAround;
}

// Whether all of the hive's holes are lone cells: each is counted once, from the
// piece west of it.
bool onlyLoneHoles(const Board& board, int holes) {
  for (uint32_t left = board.piecesOnBoard(); left; left &= left - 1)
    if (const PieceId p = PieceId(std::countr_zero(left)); board.isTop(p))
      holes -= loneHole(board, neighbor(board.cellOf(p), E));
  return holes == 0;
}

// When every hole is a lone cell, the arcs of a piece hold together without it
// exactly when each gap between them, but one, is such a hole: a path joining two
// arcs closes a ring with the piece, which parts the gaps on either side of it, so
// arcs all joined need gaps in as many separate empty regions, and there is one
// region besides the lone holes.
uint32_t pinnedAroundLoneHoles(const Board& board, uint32_t severalArcs) {
  uint32_t pinned = severalArcs;
  for (uint32_t left = severalArcs; left; left &= left - 1) {
    const Cell c = board.cellOf(PieceId(std::countr_zero(left)));
    const AroundShape shape = kShape[board.occupiedAround(c)];
    int open = shape.arcs;
    for (unsigned gaps = shape.loneGaps; gaps; gaps &= gaps - 1)
      open -= loneHole(board, neighbor(c, std::countr_zero(gaps)));
    if (open <= 1) pinned &= ~(left & -left);
  }
  return pinned;
}

}  // namespace

bool isLegal(const Board& board, const Move& move) {
  if (move.isPlacement()) return isLegalPlacement(board, move);
  if (!move.isPass()) return isLegalMovement(board, move);
  MoveList all;
  legalMoves(board, all);
  return all.size() == 1 && all[0].isPass();
}

// A hive without holes (empty regions it encloses) is pinned exactly at the pieces
// whose occupied neighbours are not one arc: two arcs joined without the piece
// would close a ring around one of the empty cells between them. Its holes come
// from Euler's formula over the cells, their contacts and the triangles of three
// touching cells: holes = 1 - cells + contacts - triangles for one hive. Each cell
// counts half of its contacts and the two triangles below it (with its E and SE
// neighbours, with SE and SW), so twice its share is a number of its neighbour mask.
uint32_t pinnedPieces(const Board& board) {
  uint32_t severalArcs = 0;
  int twiceHoles = 2;
  for (uint32_t left = board.piecesOnBoard(); left; left &= left - 1) {
    const PieceId p = PieceId(std::countr_zero(left));
    const Cell c = board.cellOf(p);
    if (board.top(c) != p) continue;
    const AroundShape shape = kShape[board.occupiedAround(c)];
    twiceHoles += shape.twiceHolesShare;
    if (board.height(c) == 1 && !shape.oneArc) severalArcs |= pieceBit(p);
  }
  if (twiceHoles == 0) return severalArcs;
  return onlyLoneHoles(board, twiceHoles / 2) ? pinnedAroundLoneHoles(board, severalArcs)
                                              : articulationPinned(board);
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
