// Pinned pieces by the shape of each piece's neighbours and the hive's holes; see
// the header. A hive with holes: when every hole is one empty cell closed in by
// six pieces (two thirds of such positions in generated games), by the gaps around
// each piece; otherwise by articulation points.
#include "engine/pinned.hpp"

#include <algorithm>
#include <array>
#include <bit>

#include "engine/around_shape.hpp"

namespace apiary {

namespace {

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
bool loneHole(const Board& board, Cell c) { return !board.occupied(c) && board.occupiedAround(c) == Board::kAllAround; }

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
    const AroundShape shape = kAroundShape[board.occupiedAround(c)];
    int open = shape.arcs;
    for (unsigned gaps = shape.loneGaps; gaps; gaps &= gaps - 1)
      open -= loneHole(board, neighbor(c, std::countr_zero(gaps)));
    if (open <= 1) pinned &= ~(left & -left);
  }
  return pinned;
}

// The pinned pieces of a hive with holes, given those whose neighbours are not
// one arc.
uint32_t pinnedWithHoles(const Board& board, uint32_t severalArcs, int holes) {
  return onlyLoneHoles(board, holes) ? pinnedAroundLoneHoles(board, severalArcs) : articulationPinned(board);
}

}  // namespace

uint32_t pinnedPieces(const Board& board) {
  uint32_t severalArcs = 0;
  int twiceHoles = 2;
  for (uint32_t left = board.piecesOnBoard(); left; left &= left - 1) {
    const PieceId p = PieceId(std::countr_zero(left));
    const Cell c = board.cellOf(p);
    if (board.top(c) != p) continue;
    const AroundShape shape = kAroundShape[board.occupiedAround(c)];
    twiceHoles += shape.twiceHolesShare;
    if (board.height(c) == 1 && !shape.oneArc) severalArcs |= pieceBit(p);
  }
  return twiceHoles == 0 ? severalArcs : pinnedWithHoles(board, severalArcs, twiceHoles / 2);
}

void PinnedTrack::refresh(const Board& after, Cell c) {
  const PieceId top = after.top(c);
  const bool several = after.height(c) == 1 && !kAroundShape[after.occupiedAround(c)].oneArc;
  severalArcs_ = (severalArcs_ & ~pieceBit(top)) | (several ? pieceBit(top) : 0);
}

uint32_t PinnedTrack::played(const Board& after, const Move& m) {
  if (m.isPass()) return pinned_;
  const Cell to = m.to;
  const bool landed = after.height(to) == 1;  // on an empty cell
  refresh(after, to);
  if (!landed) severalArcs_ &= ~pieceBit(after.under(m.piece));  // covered: not alone
  if (landed) {
    for (unsigned around = after.occupiedAround(to); around; around &= around - 1)
      refresh(after, neighbor(to, std::countr_zero(around)));
  }
  if (!m.isPlacement()) {
    const Cell from = m.from;
    if (after.occupied(from)) {
      refresh(after, from);  // the piece it uncovered
    } else {
      // The cell left, as the hive had it before the piece arrived.
      const int toward = directionTo(from, to);
      const unsigned before = after.occupiedAround(from) & ~(landed && toward >= 0 ? 1u << toward : 0);
      holes_ -= kAroundShape[before].holesMade;
      for (unsigned around = after.occupiedAround(from); around; around &= around - 1)
        refresh(after, neighbor(from, std::countr_zero(around)));
    }
  }
  if (landed) holes_ += kAroundShape[after.occupiedAround(to)].holesMade;
  pinned_ = holes_ == 0 ? severalArcs_ : pinnedWithHoles(after, severalArcs_, holes_);
  return pinned_;
}

}  // namespace apiary
