// How each bug walks, written once for both users: the generator wants every
// destination, the legality check one destination and an early stop. A walk calls
// visit(cell) for each destination it finds (possibly more than once) and stops as
// soon as visit returns true; the walk then returns true too.
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <type_traits>

#include "engine/board.hpp"

namespace apiary {

// For each index difference (vacated - c) mod kCells, the neighbour bits of c to keep:
// all but the one toward `vacated` when c is next to it.
inline constexpr std::array<uint8_t, kCells> kKeepAround = [] {
  std::array<uint8_t, kCells> t{};
  t.fill(uint8_t(Board::kAllAround));
  for (int d = 0; d < kDirs; ++d) t[kDirOffset[d] & (kCells - 1)] = uint8_t(Board::kAllAround & ~(1u << d));
  return t;
}();

// The board seen by a moving piece: its own cell counts one piece lower, since the
// piece is lifted off while it moves.
class LiftedBoard {
 public:
  explicit LiftedBoard(const Board& b, Cell liftedCell = kNoCell) : board(b) { lift(liftedCell); }
  // Another piece lifted instead (kNoCell: none).
  void lift(Cell c) {
    lifted_ = c;
    vacated_ = c != kNoCell && board.height(c) == 1 ? c : kNoCell;
  }

  int h(Cell c) const { return board.height(c) - (c == lifted_); }
  bool occ(Cell c) const { return h(c) != 0; }
  // The six neighbours of c, one bit per direction, set where occupied. Asked for
  // every cell an Ant passes, so the emptied cell is found once, in lift().
  unsigned occupiedAround(Cell c) const {
    const unsigned mask = board.occupiedAround(c);
    return vacated_ == kNoCell ? mask : mask & kKeepAround[(vacated_ - c) & (kCells - 1)];
  }
  // One step from a to its neighbour in direction d: freedom to move on the ground
  // (exactly one shared neighbour occupied) and the height gate above it.
  bool canStep(Cell a, int d) const {
    const int top = std::max(h(a), h(neighbor(a, d)));
    const int h1 = h(neighbor(a, clockwise(d, 5))), h2 = h(neighbor(a, clockwise(d, 1)));
    if (top == 0) return (h1 != 0) != (h2 != 0);
    return std::min(h1, h2) <= top;
  }

  const Board& board;

 private:
  Cell lifted_ = kNoCell;
  Cell vacated_ = kNoCell;  // lifted_ when lifting empties it
};

namespace walks {

// For each mask of occupied neighbours, the directions a piece on the ground may
// slide to: the neighbour is empty and exactly one of the two cells beside that
// step is occupied. Sliding along the hive is most of an Ant's work, so the
// six-way test is one lookup.
inline constexpr std::array<uint8_t, 64> kGroundSlides = [] {
  std::array<uint8_t, 64> t{};
  for (unsigned m = 0; m < 64; ++m)
    for (int d = 0; d < kDirs; ++d) {
      const bool empty = !((m >> d) & 1);
      const bool left = (m >> clockwise(d, 5)) & 1, right = (m >> clockwise(d, 1)) & 1;
      if (empty && left != right) t[m] |= uint8_t(1u << d);
    }
  return t;
}();

template <class Visit>
bool slide(const LiftedBoard& v, Cell from, Visit&& visit) {
  for (unsigned dirs = kGroundSlides[v.occupiedAround(from)]; dirs; dirs &= dirs - 1)
    if (visit(neighbor(from, __builtin_ctz(dirs)))) return true;
  return false;
}

template <class Visit>
bool beetle(const LiftedBoard& v, Cell from, Visit&& visit) {
  for (int d = 0; d < kDirs; ++d)
    if (v.canStep(from, d) && visit(neighbor(from, d))) return true;
  return false;
}

template <class Visit>
bool grasshopper(const LiftedBoard& v, Cell from, Visit&& visit) {
  for (int d = 0; d < kDirs; ++d) {
    Cell c = neighbor(from, d);
    if (!v.occ(c)) continue;
    while (v.occ(c)) c = neighbor(c, d);
    if (visit(c)) return true;
  }
  return false;
}

// For each direction, the bit of the way back.
inline constexpr std::array<uint8_t, kDirs> kBackBit = [] {
  std::array<uint8_t, kDirs> t{};
  for (int d = 0; d < kDirs; ++d) t[d] = uint8_t(1u << opposite(d));
  return t;
}();

// A visitor that looks for one destination. Walks that can search toward it (the
// Ant's) do; for the others it is a visitor like any.
struct Reaches {
  Cell target;
  bool operator()(Cell c) const { return c == target; }
};

// The number of steps between two cells by their index difference (b - a) mod
// kCells, on the torus: exact within the span of a hive, which is all the Ant's
// search asks of it.
inline constexpr std::array<uint8_t, kCells> kStepsApart = [] {
  std::array<uint8_t, kCells> t{};
  t.fill(0xFF);
  for (int dq = -31; dq <= 31; ++dq)
    for (int dr = -31; dr <= 31; ++dr) {
      const int adq = dq < 0 ? -dq : dq, adr = dr < 0 ? -dr : dr, as = dq + dr < 0 ? -(dq + dr) : dq + dr;
      const int steps = (adq + adr + as) / 2;
      uint8_t& entry = t[(dq + 32 * dr) & (kCells - 1)];
      if (steps < entry) entry = uint8_t(steps);
    }
  return t;
}();

// Whether an Ant at `from` slides to `to`: the same cells as the breadth-first walk
// below, opened nearest-to-the-target first. Breadth-first goes both ways round the
// hive at once; this mostly goes the right way (on generated games, 9 cells opened
// per Ant move instead of 15).
inline bool antReaches(const LiftedBoard& v, Cell from, Cell to) {
  struct Open {
    Cell cell;
    uint8_t back;   // the bit of the way it was entered by, which leads to a seen cell
    uint8_t steps;  // from the target
  };
  std::array<Open, 256> open;  // at most 162 cells touch the other 27 pieces
  int size = 0;
  CellSet seen{};
  seen.add(from);
  open[size++] = {from, 0, 0};
  while (size) {
    int best = size - 1;
    for (int i = size - 2; i >= 0; --i)
      if (open[i].steps < open[best].steps) best = i;
    const Open at = open[best];
    open[best] = open[--size];
    for (unsigned dirs = kGroundSlides[v.occupiedAround(at.cell)] & ~at.back; dirs; dirs &= dirs - 1) {
      const int d = __builtin_ctz(dirs);
      const Cell n = neighbor(at.cell, d);
      if (seen.has(n)) continue;
      if (n == to) return true;
      seen.add(n);
      open[size++] = {n, kBackBit[d], kStepsApart[(to - n) & (kCells - 1)]};
    }
  }
  return false;
}

// Breadth-first over the cells reachable by sliding on the ground. A queued cell
// keeps the way it was entered by: the way back leads to a seen cell, so it is not
// tried again (along the rim of the hive, that is every other step).
template <class Visit>
bool ant(const LiftedBoard& v, Cell from, Visit&& visit) {
  if constexpr (std::is_same_v<std::remove_cvref_t<Visit>, Reaches>) return antReaches(v, from, visit.target);
  // Every reachable cell touches one of at most 27 other pieces: at most 162.
  std::array<uint32_t, 256> queue;  // the cell, and above bit 16 its way back
  CellSet seen{};
  seen.add(from);
  int head = 0, tail = 0;
  queue[tail++] = from;
  while (head < tail) {
    const uint32_t entry = queue[head++];
    const Cell c = Cell(entry);
    for (unsigned dirs = kGroundSlides[v.occupiedAround(c)] & ~(entry >> 16); dirs; dirs &= dirs - 1) {
      const int d = __builtin_ctz(dirs);
      const Cell n = neighbor(c, d);
      if (seen.has(n)) continue;
      seen.add(n);
      if (visit(n)) return true;
      queue[tail++] = n | uint32_t(kBackBit[d]) << 16;
    }
  }
  return false;
}

// Exactly three slides, never back onto a cell of the path.
template <class Visit>
bool spider(const LiftedBoard& v, Cell from, Visit&& visit) {
  for (unsigned d1s = kGroundSlides[v.occupiedAround(from)]; d1s; d1s &= d1s - 1) {
    const Cell c1 = neighbor(from, __builtin_ctz(d1s));
    for (unsigned d2s = kGroundSlides[v.occupiedAround(c1)]; d2s; d2s &= d2s - 1) {
      const Cell c2 = neighbor(c1, __builtin_ctz(d2s));
      if (c2 == from) continue;
      for (unsigned d3s = kGroundSlides[v.occupiedAround(c2)]; d3s; d3s &= d3s - 1) {
        const Cell c3 = neighbor(c2, __builtin_ctz(d3s));
        if (c3 != from && c3 != c1 && visit(c3)) return true;
      }
    }
  }
  return false;
}

// Two steps over the top of the hive, then one down.
template <class Visit>
bool ladybug(const LiftedBoard& v, Cell from, Visit&& visit) {
  for (int d1 = 0; d1 < kDirs; ++d1) {
    const Cell c1 = neighbor(from, d1);
    if (!v.occ(c1) || !v.canStep(from, d1)) continue;
    for (int d2 = 0; d2 < kDirs; ++d2) {
      const Cell c2 = neighbor(c1, d2);
      if (!v.occ(c2) || !v.canStep(c1, d2)) continue;
      for (int d3 = 0; d3 < kDirs; ++d3) {
        const Cell c3 = neighbor(c2, d3);
        if (c3 != from && !v.occ(c3) && v.canStep(c2, d3) && visit(c3)) return true;
      }
    }
  }
  return false;
}

// A bug's own moves from `from` (the Mosquito's are chosen by its caller).
template <class Visit>
bool byBug(const LiftedBoard& v, Bug bug, Cell from, Visit&& visit) {
  switch (bug) {
    case Bug::Queen:
    case Bug::Pillbug: return slide(v, from, visit);
    case Bug::Spider: return spider(v, from, visit);
    case Bug::Beetle: return beetle(v, from, visit);
    case Bug::Grasshopper: return grasshopper(v, from, visit);
    case Bug::Ant: return ant(v, from, visit);
    case Bug::Ladybug: return ladybug(v, from, visit);
    case Bug::Mosquito: return false;
  }
  return false;
}

// The bugs a Mosquito on the ground copies: those on top of its neighbours.
inline unsigned mosquitoCopies(const LiftedBoard& v, Cell from) {
  unsigned copied = 0;
  for (int d = 0; d < kDirs; ++d) {
    const PieceId t = v.board.top(neighbor(from, d));
    if (t != kNoPiece && bugOf(t) != Bug::Mosquito) copied |= 1u << int(bugOf(t));
  }
  return copied;
}

// A piece's own moves: its bug's, or for a Mosquito those of the bugs it copies
// (only a Beetle's when it stands on top of the hive).
template <class Visit>
bool ownMoves(const LiftedBoard& v, PieceId p, Visit&& visit) {
  const Cell from = v.board.cellOf(p);
  const Bug bug = bugOf(p);
  if (bug != Bug::Mosquito) return byBug(v, bug, from, visit);
  if (v.board.height(from) > 1) return beetle(v, from, visit);
  for (unsigned copied = mosquitoCopies(v, from); copied; copied &= copied - 1)
    if (byBug(v, Bug(__builtin_ctz(copied)), from, visit)) return true;
  return false;
}

// Whether a piece may throw another: a Pillbug, or a Mosquito touching one, alone in
// its cell (covered, or a Mosquito on top of the hive, it cannot).
inline bool canThrow(const Board& b, PieceId thrower) {
  const Cell at = b.cellOf(thrower);
  if (b.height(at) != 1) return false;
  if (bugOf(thrower) == Bug::Pillbug) return true;
  if (bugOf(thrower) != Bug::Mosquito) return false;
  for (int d = 0; d < kDirs; ++d) {
    const PieceId t = b.top(neighbor(at, d));
    if (t != kNoPiece && bugOf(t) == Bug::Pillbug) return true;
  }
  return false;
}

// Where a thrower at `at` may put the piece lifted from its neighbour in direction
// dt (v.lifted is that cell): up onto the thrower through the height gate, then
// down onto an empty neighbour of the thrower.
template <class Visit>
bool throwDestinations(const LiftedBoard& v, Cell at, int dt, Visit&& visit) {
  const Cell from = neighbor(at, dt);
  if (!v.canStep(from, opposite(dt))) return false;
  for (int d = 0; d < kDirs; ++d) {
    const Cell to = neighbor(at, d);
    if (to != from && !v.occ(to) && v.canStep(at, d) && visit(to)) return true;
  }
  return false;
}

}  // namespace walks
}  // namespace apiary
