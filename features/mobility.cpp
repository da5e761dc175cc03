#include "features/mobility.hpp"

#include <algorithm>
#include <bit>
#include <optional>

#include "engine/walks.hpp"
#include "features/placement_cells.hpp"

namespace apiary {

namespace {

// The 37 cells within three steps of a cell, one bit each: for each index
// difference (c - from) mod kCells, c's bit (0 beyond), and back from a bit to its
// difference. A Spider's, a Ladybug's and a thrown piece's destinations all lie
// there, so a 64-bit mask deduplicates them.
struct NearCells {
  std::array<uint64_t, kCells> bit{};
  std::array<uint16_t, 64> difference{};
};
inline constexpr NearCells kNear = [] {
  NearCells t{};
  int next = 0;
  for (int difference = 0; difference < kCells; ++difference)
    if (walks::kStepsApart[std::size_t(difference)] <= 3) {
      t.bit[std::size_t(difference)] = uint64_t(1) << next;
      t.difference[std::size_t(next++)] = uint16_t(difference);
    }
  return t;
}();

uint64_t nearBit(Cell c, Cell from) { return kNear.bit[std::size_t((c - from) & (kCells - 1))]; }

// The bits set in a mask of few: a portable build has no POPCNT instruction, and
// std::popcount is then a library call.
int fewBits(uint64_t mask) {
  int n = 0;
  for (; mask; mask &= mask - 1) ++n;
  return n;
}

// Each bug's last copy, for White: copies enter in order, so a bug is in hand while
// its last copy is.
inline constexpr uint32_t kLastCopies = [] {
  uint32_t mask = 0;
  for (int bug = 0; bug < kBugs; ++bug) mask |= pieceBit(pieceId(Color::White, Bug(bug), kBugCopies[std::size_t(bug)]));
  return mask;
}();

// Whose moves, at which point of the game, and which piece may not move.
struct Turn {
  Color me;
  int ply;         // the rules that count turns (Queen by the fourth, the second piece) read it
  PieceId barred;  // moved last: neither moves nor is thrown
};

// Cells times the bugs that may be placed.
int placements(const Board& b, const Turn& t, SharedMobility& shared) {
  const int turn = t.ply / 2 + 1;
  const PieceId queen = pieceId(t.me, Bug::Queen);
  uint32_t lastInHand = b.piecesInGame() & ~b.piecesOnBoard() & (kLastCopies << (kSlots * int(t.me)));
  if (turn == 4 && !b.queenPlaced(t.me)) lastInHand &= pieceBit(queen);
  if (turn == 1 && b.rules().tournament) lastInHand &= ~pieceBit(queen);
  const int kinds = fewBits(lastInHand);
  if (!kinds || t.ply == 0) return kinds;  // the first piece goes to the origin
  // The second piece of the game may touch the first, whatever its colour.
  if (t.ply == 1) return kDirs * kinds;
  if (shared.placementCells[0] < 0) shared.placementCells = placementCells(b);
  return shared.placementCells[std::size_t(t.me)] * kinds;
}

// Where the mover's Pillbug and Mosquito (when it touches a Pillbug) may put their
// lone neighbours: per piece of `pieces`, its cells as near bits around it (the
// others' entries are not set).
struct Throws {
  std::array<uint64_t, kPieces> near;
  uint32_t pieces = 0;
};

Throws throwsOf(const Board& b, const Turn& t, uint32_t pinned) {
  Throws out;
  LiftedBoard view(b);
  const uint32_t throwers = pieceBit(pieceId(t.me, Bug::Pillbug)) | pieceBit(pieceId(t.me, Bug::Mosquito));
  for (uint32_t left = throwers & b.piecesOnBoard(); left; left &= left - 1) {
    const PieceId thrower = PieceId(std::countr_zero(left));
    if (thrower == t.barred || !walks::canThrow(b, thrower)) continue;
    const Cell at = b.cellOf(thrower);
    for (int dt = 0; dt < kDirs; ++dt) {
      const Cell from = neighbor(at, dt);
      const PieceId target = b.top(from);
      if (target == kNoPiece || b.height(from) != 1 || target == t.barred || (pinned & pieceBit(target))) continue;
      uint64_t near = out.pieces & pieceBit(target) ? out.near[target] : 0;
      view.lift(from);
      walks::throwDestinations(view, at, dt, [&](Cell to) {
        near |= nearBit(to, from);
        return false;
      });
      out.near[target] = near;
      if (near) out.pieces |= pieceBit(target);
    }
  }
  return out;
}

// A Mosquito's moves (the bugs it copies may reach a cell twice), or a piece's own
// moves together with the cells it is thrown to: in a set. An Ant's walk (its own
// or copied) is counted from the slide components when they tell it.
int movesInSet(const LiftedBoard& view, PieceId p, uint64_t thrown, SlideComponents& slides) {
  const Board& b = view.board;
  const Cell from = b.cellOf(p);
  const Bug bug = bugOf(p);
  constexpr unsigned kAnt = 1u << int(Bug::Ant);
  unsigned bugs = bug != Bug::Mosquito ? 1u << int(bug)
                  : b.height(from) > 1 ? 1u << int(Bug::Beetle)
                                       : walks::mosquitoWalks(view, from);
  std::optional<AntReach> ant;
  if (bugs & kAnt && (ant = slides.antFrom(from))) bugs &= ~kAnt;
  CellSet dest{};
  dest.add(from);
  int n = ant ? ant->count : 0;
  const auto add = [&](Cell c) {
    if (!dest.has(c)) {
      dest.add(c);
      n += !(ant && ant->has(c));
    }
    return false;
  };
  for (; bugs; bugs &= bugs - 1) walks::byBug(view, Bug(std::countr_zero(bugs)), from, add);
  for (; thrown; thrown &= thrown - 1)
    add(Cell((from + kNear.difference[std::size_t(std::countr_zero(thrown))]) & (kCells - 1)));
  return n;
}

// Whether no piece stands on another: then a climb or a step over the hive is never
// gated (a gate needs two pieces higher than the step). Looked at once a board.
bool flat(const Board& b, SharedMobility& shared) {
  if (shared.flat < 0) {
    shared.flat = 1;
    for (uint32_t left = b.piecesOnBoard(); left && shared.flat; left &= left - 1)
      shared.flat = b.isTop(PieceId(std::countr_zero(left)));
  }
  return shared.flat;
}

// A Ladybug's destinations on a flat board: every empty cell next to a piece two
// steps over the hive from `from` (the walk's three steps, none gated).
int flatLadybug(const Board& b, Cell from) {
  uint64_t second = 0;
  for (unsigned first = b.occupiedAround(from); first; first &= first - 1) {
    const Cell c1 = neighbor(from, std::countr_zero(first));
    for (unsigned next = b.occupiedAround(c1) & kKeepAround[(from - c1) & (kCells - 1)]; next; next &= next - 1)
      second |= nearBit(neighbor(c1, std::countr_zero(next)), from);
  }
  uint64_t dest = 0;  // `from` counts as occupied here, so it is never one
  for (; second; second &= second - 1) {
    const Cell c2 = Cell((from + kNear.difference[std::size_t(std::countr_zero(second))]) & (kCells - 1));
    for (unsigned empty = ~b.occupiedAround(c2) & Board::kAllAround; empty; empty &= empty - 1)
      dest |= nearBit(neighbor(c2, std::countr_zero(empty)), from);
  }
  return fewBits(dest);
}

// The piece's own moves (lifted in `view`) and the cells it is thrown to. Slides,
// climbs, hops and the Ant's search never give a cell twice, so they are counted
// as they come, and stop at `limit`.
int movesOf(const LiftedBoard& view, PieceId p, uint64_t thrown, int limit, SharedMobility& shared) {
  const Bug bug = bugOf(p);
  if (bug == Bug::Mosquito || thrown) return movesInSet(view, p, thrown, shared.slides);
  const Board& b = view.board;
  const Cell from = b.cellOf(p);
  if (bug == Bug::Beetle && flat(b, shared)) {  // alone in its cell: its slides, and a climb onto every neighbour
    const unsigned around = b.occupiedAround(from);
    return fewBits(walks::kGroundSlides[around]) + fewBits(around);
  }
  if (bug == Bug::Ladybug && flat(b, shared)) return flatLadybug(b, from);
  if (bug == Bug::Spider || bug == Bug::Ladybug) {
    uint64_t near = 0;
    walks::byBug(view, bug, from, [&](Cell c) {
      near |= nearBit(c, from);
      return false;
    });
    return fewBits(near);
  }
  if (bug == Bug::Ant)
    if (const auto ant = shared.slides.antFrom(from)) return ant->count;
  int n = 0;
  walks::byBug(view, bug, from, [&](Cell) { return ++n >= limit; });
  return n;
}

// Every piece's moves, until the count reaches `limit`: the thrown pieces that do
// not move themselves, then the cheap walkers, then the Ants and the Mosquito.
int movements(const Board& b, const Turn& t, uint32_t pinned, int limit, SharedMobility& shared) {
  const Throws thrown = throwsOf(b, t, pinned);
  uint32_t movers = 0;
  for (uint32_t left = b.piecesOnBoard() & colorMask(t.me); left; left &= left - 1) {
    const PieceId p = PieceId(std::countr_zero(left));
    if (!b.isTop(p) || p == t.barred || (b.height(b.cellOf(p)) == 1 && (pinned & pieceBit(p)))) continue;
    movers |= pieceBit(p);
  }
  int n = 0;
  for (uint32_t left = thrown.pieces & ~movers; left; left &= left - 1)
    n += fewBits(thrown.near[std::size_t(std::countr_zero(left))]);
  constexpr uint32_t kSlowSlots = 0b1111u << kBugFirstSlot[int(Bug::Ant)];  // three Ants, the Mosquito
  constexpr uint32_t kSlow = kSlowSlots | kSlowSlots << kSlots;
  LiftedBoard view(b);
  for (const uint32_t group : {movers & ~kSlow, movers & kSlow})
    for (uint32_t left = group; left && n < limit; left &= left - 1) {
      const PieceId p = PieceId(std::countr_zero(left));
      view.lift(b.cellOf(p));
      n += movesOf(view, p, thrown.pieces & pieceBit(p) ? thrown.near[p] : 0, limit - n, shared);
    }
  return n;
}

}  // namespace

int countMobility(const Board& board, Color color, uint32_t pinned, int cap) {
  SharedMobility shared(board);
  return countMobility(board, color, pinned, shared, cap);
}

int countMobility(const Board& board, Color color, uint32_t pinned, SharedMobility& shared, int cap) {
  if (board.gameOver() || cap <= 0) return 0;
  const Turn turn = color == board.toMove() ? Turn{color, board.ply(), board.lastMoved()}
                                            : Turn{color, std::popcount(board.piecesOnBoard()), kNoPiece};
  int n = placements(board, turn, shared);
  if (n < cap && board.queenPlaced(color)) n += movements(board, turn, pinned, cap - n, shared);
  return n == 0 ? 1 : std::min(n, cap);
}

}  // namespace apiary
