// How each bug walks, written once for both users: the generator wants every
// destination, the legality check one destination and an early stop. A walk calls
// visit(cell) for each destination it finds (possibly more than once) and stops as
// soon as visit returns true; the walk then returns true too.
#pragma once
#include <algorithm>
#include <array>
#include <bit>
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

// A visitor that looks for one destination. Walks that can search toward it (the
// Ant's, the Ladybug's, the one-step ones) do; for the others it is a visitor like
// any.
struct Reaches {
  Cell target;
  bool operator()(Cell c) const { return c == target; }
};

// The one-step walks looking for one destination need only the step toward it.
template <class Visit>
bool slide(const LiftedBoard& v, Cell from, Visit&& visit) {
  if constexpr (std::is_same_v<std::remove_cvref_t<Visit>, Reaches>) {
    const int d = directionTo(from, visit.target);
    return d >= 0 && ((kGroundSlides[v.occupiedAround(from)] >> d) & 1);
  }
  for (unsigned dirs = kGroundSlides[v.occupiedAround(from)]; dirs; dirs &= dirs - 1)
    if (visit(neighbor(from, __builtin_ctz(dirs)))) return true;
  return false;
}

template <class Visit>
bool beetle(const LiftedBoard& v, Cell from, Visit&& visit) {
  if constexpr (std::is_same_v<std::remove_cvref_t<Visit>, Reaches>) {
    const int d = directionTo(from, visit.target);
    return d >= 0 && v.canStep(from, d);
  }
  for (int d = 0; d < kDirs; ++d)
    if (v.canStep(from, d) && visit(neighbor(from, d))) return true;
  return false;
}

// For each index difference (c - from) mod kCells, the directions (a bit each) in
// which c lies two steps or more from `from` in a straight line no longer than the
// 28 pieces allow: where a Grasshopper's hop may end. A difference has two only
// along the torus's columns: k steps one way is 32 - k the other, and the hive
// fills no more than one of the two lines.
inline constexpr std::array<uint8_t, kCells> kHopDirs = [] {
  std::array<uint8_t, kCells> t{};
  for (int d = 0; d < kDirs; ++d)
    for (int k = 2; k <= kPieces; ++k) t[(k * kDirOffset[d]) & (kCells - 1)] |= uint8_t(1u << d);
  return t;
}();

// Looking for one destination, the hop goes only the way that leads there.
template <class Visit>
bool grasshopper(const LiftedBoard& v, Cell from, Visit&& visit) {
  auto hop = [&](int d) {
    Cell c = neighbor(from, d);
    if (!v.occ(c)) return false;
    while (v.occ(c)) c = neighbor(c, d);
    return visit(c);
  };
  if constexpr (std::is_same_v<std::remove_cvref_t<Visit>, Reaches>) {
    for (unsigned dirs = kHopDirs[(visit.target - from) & (kCells - 1)]; dirs; dirs &= dirs - 1)
      if (hop(__builtin_ctz(dirs))) return true;
    return false;
  }
  for (int d = 0; d < kDirs; ++d)
    if (hop(d)) return true;
  return false;
}

// For each direction, the bit of the way back.
inline constexpr std::array<uint8_t, kDirs> kBackBit = [] {
  std::array<uint8_t, kDirs> t{};
  for (int d = 0; d < kDirs; ++d) t[d] = uint8_t(1u << opposite(d));
  return t;
}();

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

// Following the rim of the hive with a hand on it: for each way round (0
// clockwise, 1 anticlockwise), mask of occupied neighbours and neighbour held (the
// wall), the next slide turning around the cell that way from the wall: into the
// first gap wide enough to slide into, past gates (one empty cell between two
// occupied ones, where the rule forbids the slide). Packed as the step's index
// offset, and above bit 10 the wall held after it (the piece the slide went
// round); kNoSlide when every gap is a gate.
inline constexpr uint16_t kNoSlide = 0xFFFF;
// Indexed mask * 8 + wall: rows of 8, not 6, so that a lookup is a shift and an
// add, and one flat row a way, so that it is one address computation.
inline constexpr std::array<std::array<uint16_t, 64 * 8>, 2> kAlongRim = [] {
  std::array<std::array<uint16_t, 64 * 8>, 2> t{};
  for (int way = 0; way < 2; ++way) {
    const int turn = way == 0 ? 1 : 5;
    for (unsigned m = 0; m < 64; ++m)
      for (int wall = 0; wall < kDirs; ++wall) {
        t[way][m * 8 + wall] = kNoSlide;
        for (int k = 1; k < kDirs; ++k) {
          const int e = clockwise(wall, k * turn);
          const bool before = (m >> clockwise(e, 5 * turn)) & 1, after = (m >> clockwise(e, turn)) & 1;
          if (!((m >> e) & 1) && before && !after) {
            const int heldAfter = clockwise(e, 12 - 2 * turn);
            t[way][m * 8 + wall] = uint16_t((kDirOffset[e] & (kCells - 1)) | heldAfter << kCellBits);
            break;
          }
        }
      }
  }
  return t;
}();

// A quick yes for the Ant: two walkers follow the rim from `from`, one each way
// round, every step a slide by the rule, until one reaches `to`. They step
// together: each step waits on the load of the last, and the two walkers' chains
// of loads overlap, with no branch on which goes next. No ends nothing: the
// walkers give up on meeting or crossing (together they have been round) or after
// more steps than the hive has sides, and the search decides.
inline bool antAlongRim(const LiftedBoard& v, Cell from, Cell to) {
  // The lifted piece is alone in its cell, so only that cell empties.
  if (v.board.height(from) != 1) return false;
  auto around = [&](unsigned c) {
    return unsigned(v.board.occupiedAround(Cell(c))) & unsigned(kKeepAround[(from - c) & (kCells - 1)]);
  };
  if (around(from) == 0) return false;
  // Cells as plain unsigned: no narrowing on the chain from one load to the next.
  unsigned cw = from, ccw = from;
  unsigned cwWall = std::countr_zero(around(from)), ccwWall = cwWall;
  auto slide = [&](int way, unsigned c, unsigned wall) { return kAlongRim[way][around(c) * 8 + wall]; };
  // Only `from` may have no slide, and then neither way has one: a walker that has
  // slid always slides on, at worst back (the walks' tests check every case).
  if (slide(0, from, cwWall) == kNoSlide) return false;
  for (int steps = 0; steps < kDirs * kPieces; ++steps) {
    const unsigned cwSlide = slide(0, cw, cwWall), ccwSlide = slide(1, ccw, ccwWall);
    const unsigned lastCcw = ccw;
    cw = (cw + cwSlide) & (kCells - 1);
    ccw = (ccw + ccwSlide) & (kCells - 1);
    const bool reached = (cw == to) | (ccw == to);
    const bool met = (cw == ccw) | (cw == lastCcw);
    // One branch, taken once.
    if (reached | met) return reached;
    cwWall = cwSlide >> kCellBits;
    ccwWall = ccwSlide >> kCellBits;
  }
  return false;
}

// Whether an Ant at `from` slides to `to`, after the rim walkers' quick yes: the
// same cells as the breadth-first walk below, opened nearest-to-the-target first.
// Breadth-first goes both ways round the hive at once; this mostly goes the right
// way (on generated games, 9 cells opened per Ant move instead of 15).
inline bool antReaches(const LiftedBoard& v, Cell from, Cell to) {
  if (antAlongRim(v, from, to)) return true;
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

// Breadth-first over the cells reachable by sliding on the ground from `from`
// (in `seen`) that are not in `seen`, each added to it. A queued cell keeps the way
// it was entered by: the way back leads to a seen cell, so it is not tried again
// (along the rim of the hive, that is every other step).
template <class Visit>
bool slideFlood(const LiftedBoard& v, Cell from, CellSet& seen, Visit&& visit) {
  // Every reachable cell touches one of at most 27 other pieces: at most 162.
  std::array<uint32_t, 256> queue;  // the cell, and above bit 16 its way back
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

template <class Visit>
bool ant(const LiftedBoard& v, Cell from, Visit&& visit) {
  if constexpr (std::is_same_v<std::remove_cvref_t<Visit>, Reaches>) return antReaches(v, from, visit.target);
  CellSet seen{};
  seen.add(from);
  return slideFlood(v, from, seen, visit);
}

// Exactly three slides, never back onto a cell of the path. Looking for one
// destination, a path goes on only while the steps left can still reach it, and
// the last step is the one toward it.
template <class Visit>
bool spider(const LiftedBoard& v, Cell from, Visit&& visit) {
  constexpr bool one = std::is_same_v<std::remove_cvref_t<Visit>, Reaches>;
  auto within = [&](Cell c, unsigned steps) {
    if constexpr (one) return kStepsApart[(visit.target - c) & (kCells - 1)] <= steps;
    return true;
  };
  auto lastSteps = [&](Cell c) {
    const unsigned slides = kGroundSlides[v.occupiedAround(c)];
    if constexpr (one) {
      const int d = kDirOfStep[(visit.target - c) & (kCells - 1)];
      return d >= 0 ? slides & (1u << d) : 0u;
    }
    return slides;
  };
  for (unsigned d1s = kGroundSlides[v.occupiedAround(from)]; d1s; d1s &= d1s - 1) {
    const Cell c1 = neighbor(from, __builtin_ctz(d1s));
    if (!within(c1, 2)) continue;
    for (unsigned d2s = kGroundSlides[v.occupiedAround(c1)]; d2s; d2s &= d2s - 1) {
      const Cell c2 = neighbor(c1, __builtin_ctz(d2s));
      if (c2 == from || !within(c2, 1)) continue;
      for (unsigned d3s = lastSteps(c2); d3s; d3s &= d3s - 1) {
        const Cell c3 = neighbor(c2, __builtin_ctz(d3s));
        if (c3 != from && c3 != c1 && visit(c3)) return true;
      }
    }
  }
  return false;
}

// Whether a Ladybug at `from` reaches `to`: the walk below, searched from both
// ends (its last cell over the hive touches `to`, its first touches `from`), so
// each pair of those two cells is tried once.
inline bool ladybugReaches(const LiftedBoard& v, Cell from, Cell to) {
  if (to == from || v.occ(to)) return false;
  for (int d3 = 0; d3 < kDirs; ++d3) {
    const Cell c2 = neighbor(to, opposite(d3));
    // The first cell touches both ends, so the second is a step or two away.
    const int apart = kStepsApart[(c2 - from) & (kCells - 1)];
    if (apart > 2 || !v.occ(c2) || !v.canStep(c2, d3)) continue;
    for (int d1 = 0; d1 < kDirs; ++d1) {
      const Cell c1 = neighbor(from, d1);
      const int d2 = directionTo(c1, c2);
      if (d2 >= 0 && v.occ(c1) && v.canStep(from, d1) && v.canStep(c1, d2)) return true;
    }
  }
  return false;
}

// Two steps over the top of the hive, then one down.
template <class Visit>
bool ladybug(const LiftedBoard& v, Cell from, Visit&& visit) {
  if constexpr (std::is_same_v<std::remove_cvref_t<Visit>, Reaches>) return ladybugReaches(v, from, visit.target);
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

// A bug's own moves from `from` (the Mosquito's are chosen by its caller). Inlined,
// with ownMoves, into the legality check, which asks once a replayed move.
template <class Visit>
[[gnu::always_inline]] inline bool byBug(const LiftedBoard& v, Bug bug, Cell from, Visit&& visit) {
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

// For each piece on top of a cell (kNoPiece: none), the bit of the bug a Mosquito
// beside it copies, if any: the six neighbours are looked at without a branch.
inline constexpr std::array<uint8_t, 256> kCopiedBug = [] {
  std::array<uint8_t, 256> t{};
  for (int p = 0; p < kPieces; ++p)
    if (bugOf(PieceId(p)) != Bug::Mosquito) t[p] = uint8_t(1u << int(bugOf(PieceId(p))));
  return t;
}();

// The bugs a Mosquito on the ground copies: those on top of its neighbours.
inline unsigned mosquitoCopies(const LiftedBoard& v, Cell from) {
  unsigned copied = 0;
  for (int d = 0; d < kDirs; ++d) copied |= kCopiedBug[v.board.top(neighbor(from, d))];
  return copied;
}

// The bugs whose walks a Mosquito on the ground takes, a bit each: those it copies,
// less those the Ant's slides cover (the Queen's, the Pillbug's and the Spider's).
inline unsigned mosquitoWalks(const LiftedBoard& v, Cell from) {
  unsigned copied = mosquitoCopies(v, from);
  if (copied & (1u << int(Bug::Ant)))
    copied &= ~(1u << int(Bug::Queen) | 1u << int(Bug::Spider) | 1u << int(Bug::Pillbug));
  return copied;
}

// A piece's own moves: its bug's, or for a Mosquito those of the bugs it copies
// (only a Beetle's when it stands on top of the hive).
template <class Visit>
[[gnu::always_inline]] inline bool ownMoves(const LiftedBoard& v, PieceId p, Visit&& visit) {
  const Cell from = v.board.cellOf(p);
  const Bug bug = bugOf(p);
  if (bug != Bug::Mosquito) return byBug(v, bug, from, visit);
  if (v.board.height(from) > 1) return beetle(v, from, visit);
  unsigned copied = mosquitoWalks(v, from);
  // Only a climb ends on the hive.
  if constexpr (std::is_same_v<std::remove_cvref_t<Visit>, Reaches>)
    if (v.occ(visit.target)) copied &= 1u << int(Bug::Beetle);
  for (; copied; copied &= copied - 1)
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

// Whether the lifted piece p (on top, not the last moved and not pinned: the
// caller's checks) gets where `visit` looks this turn: by its own moves when it is
// the mover's, or thrown by a Pillbug (or a Mosquito beside one) of the mover next
// to it when it is alone in its cell. The movement rule for one piece, shared by
// the legality check and the readers that check a piece against several cells.
template <class Visit>
bool movesOrIsThrown(const LiftedBoard& view, PieceId p, Color me, Visit&& visit) {
  const Board& board = view.board;
  const Cell from = board.cellOf(p);
  if (colorOf(p) == me && ownMoves(view, p, visit)) return true;
  if (board.height(from) != 1) return false;
  // Only the mover's Pillbug and Mosquito can throw: those two are asked (when on
  // the board), not the six cells around p, which mostly hold no thrower (readers
  // ask this of every candidate piece).
  const uint32_t throwers = pieceBit(pieceId(me, Bug::Pillbug)) | pieceBit(pieceId(me, Bug::Mosquito));
  for (uint32_t left = throwers & board.piecesOnBoard(); left; left &= left - 1) {
    const PieceId thrower = PieceId(std::countr_zero(left));
    const Cell at = board.cellOf(thrower);
    const int towardP = kDirOfStep[(from - at) & (kCells - 1)];
    if (towardP < 0 || thrower == board.lastMoved() || !canThrow(board, thrower)) continue;
    if (throwDestinations(view, at, towardP, visit)) return true;
  }
  return false;
}

}  // namespace walks
}  // namespace apiary
