#include "engine/mobility.hpp"

#include <algorithm>
#include <bit>
#include <optional>

#include "engine/placement_cells.hpp"
#include "engine/walks.hpp"

namespace apiary {

namespace {

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

// Where `thrower` may throw each of its lone neighbours, the turn's checks aside.
ThrowCells throwCellsOf(const Board& b, PieceId thrower) {
  ThrowCells out;
  if (!walks::canThrow(b, thrower)) return out;
  LiftedBoard view(b);
  const Cell at = b.cellOf(thrower);
  for (int dt = 0; dt < kDirs; ++dt) {
    const Cell from = neighbor(at, dt);
    if (b.height(from) != 1) continue;
    view.lift(from);
    walks::throwDestinations(view, at, dt, [&](Cell to) {
      out.near[std::size_t(dt)] |= nearBit(to, from);
      return false;
    });
  }
  return out;
}

Throws throwsOf(const Board& b, const Turn& t, uint32_t pinned, OwnMovesMemo* memo) {
  Throws out;
  const uint32_t throwers = pieceBit(pieceId(t.me, Bug::Pillbug)) | pieceBit(pieceId(t.me, Bug::Mosquito));
  for (uint32_t left = throwers & b.piecesOnBoard(); left; left &= left - 1) {
    const PieceId thrower = PieceId(std::countr_zero(left));
    if (thrower == t.barred) continue;
    const ThrowCells* kept = memo ? memo->findThrows(thrower) : nullptr;
    const ThrowCells cells = kept ? *kept : throwCellsOf(b, thrower);
    if (memo && !kept) memo->keepThrows(thrower, cells);
    const Cell at = b.cellOf(thrower);
    for (int dt = 0; dt < kDirs; ++dt) {
      const uint64_t near = cells.near[std::size_t(dt)];
      const PieceId target = b.top(neighbor(at, dt));
      if (!near || target == t.barred || (pinned & pieceBit(target))) continue;
      out.near[target] = (out.pieces & pieceBit(target) ? out.near[target] : 0) | near;
      out.pieces |= pieceBit(target);
    }
  }
  return out;
}

// An Ant's moves (its own walk, or a Mosquito's copying one, beside its other
// copies) together with the cells it is thrown to, in a set: from the slide
// components when they tell the Ant's walk, else from its search.
int antLikeMoves(const LiftedBoard& view, PieceId p, uint64_t thrown, SlideComponents& slides) {
  const Board& b = view.board;
  const Cell from = b.cellOf(p);
  constexpr unsigned kAnt = 1u << int(Bug::Ant);
  unsigned bugs = bugOf(p) == Bug::Mosquito ? walks::mosquitoWalks(view, from) : kAnt;
  const std::optional<AntReach> ant = slides.antFrom(from);
  if (ant) bugs &= ~kAnt;
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
  for (; thrown; thrown &= thrown - 1) add(nearCell(std::countr_zero(thrown), from));
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

// The cells of a mask of directions from `from`, as near bits.
uint64_t nearOfDirections(unsigned dirs, Cell from) {
  uint64_t near = 0;
  for (; dirs; dirs &= dirs - 1) near |= nearBit(neighbor(from, std::countr_zero(dirs)), from);
  return near;
}

// A Ladybug's destinations on a flat board: every empty cell next to a piece two
// steps over the hive from `from` (the walk's three steps, none gated).
uint64_t flatLadybug(const Board& b, Cell from) {
  uint64_t second = 0;
  for (unsigned first = b.occupiedAround(from); first; first &= first - 1) {
    const Cell c1 = neighbor(from, std::countr_zero(first));
    for (unsigned next = b.occupiedAround(c1) & kKeepAround[(from - c1) & (kCells - 1)]; next; next &= next - 1)
      second |= nearBit(neighbor(c1, std::countr_zero(next)), from);
  }
  uint64_t dest = 0;  // `from` counts as occupied here, so it is never one
  for (; second; second &= second - 1) {
    const Cell c2 = nearCell(std::countr_zero(second), from);
    for (unsigned empty = ~b.occupiedAround(c2) & Board::kAllAround; empty; empty &= empty - 1)
      dest |= nearBit(neighbor(c2, std::countr_zero(empty)), from);
  }
  return dest;
}

// A Grasshopper's hops (walks::grasshopper's), with how far along each line they
// read, for the memo.
OwnMoves grasshopperMoves(const LiftedBoard& view, Cell from) {
  OwnMoves out;
  for (int d = 0; d < kDirs; ++d) {
    Cell c = neighbor(from, d);
    unsigned steps = 1;
    for (; view.occ(c); ++steps) c = neighbor(c, d);
    out.lines |= steps << (OwnMovesMemo::kLineBits * d);
    if (steps == 1) continue;
    const uint64_t bit = nearBit(c, from);
    out.near |= bit;
    out.far += !bit;
  }
  return out.finished();
}

// The own moves of a piece (lifted in `view`) that walks no Ant's walk. On a board
// where no piece stands on another, a Beetle's are its slides and a climb onto every
// neighbour, a Ladybug's flatLadybug's.
OwnMoves ownMovesOf(const LiftedBoard& view, PieceId p, unsigned bugs, SharedMobility& shared) {
  const Board& b = view.board;
  const Cell from = b.cellOf(p);
  OwnMoves out;
  if (bugs == 1u << int(Bug::Beetle) && b.height(from) == 1 && flat(b, shared)) {
    const unsigned around = b.occupiedAround(from);
    out.near = nearOfDirections(walks::kGroundSlides[around] | around, from);
    return out.finished();
  }
  if (bugs == 1u << int(Bug::Grasshopper)) return grasshopperMoves(view, from);
  if (bugs == 1u << int(Bug::Ladybug) && flat(b, shared)) {
    out.near = flatLadybug(b, from);
    return out.finished();
  }
  for (; bugs; bugs &= bugs - 1)
    walks::byBug(view, Bug(std::countr_zero(bugs)), from, [&](Cell c) {
      const uint64_t bit = nearBit(c, from);
      out.near |= bit;
      out.far += !bit;
      return false;
    });
  return out.finished();
}

// The piece's own moves (lifted in `view`) and the cells it is thrown to. Own moves
// are taken from the memo when it has them, and kept there when they walk no Ant's
// walk. A lone Ant's search stops at `limit`.
int movesOf(const LiftedBoard& view, PieceId p, uint64_t thrown, int limit, SharedMobility& shared) {
  if (shared.memo)
    if (const OwnMoves* known = shared.memo->find(p)) return known->count(thrown);
  const Board& b = view.board;
  const Cell from = b.cellOf(p);
  const Bug bug = bugOf(p);
  constexpr unsigned kAnt = 1u << int(Bug::Ant);
  const unsigned bugs = bug != Bug::Mosquito ? 1u << int(bug)
                        : b.height(from) > 1 ? 1u << int(Bug::Beetle)
                                             : walks::mosquitoWalks(view, from);
  if (bugs & kAnt) {
    if (bug == Bug::Mosquito || thrown) return antLikeMoves(view, p, thrown, shared.slides);
    if (const auto ant = shared.slides.antFrom(from)) return ant->count;
    int n = 0;
    walks::ant(view, from, [&](Cell) { return ++n >= limit; });
    return n;
  }
  const OwnMoves own = ownMovesOf(view, p, bugs, shared);
  if (shared.memo) shared.memo->keep(p, own);
  return own.count(thrown);
}

// Every piece's moves, until the count reaches `limit`: the thrown pieces that do
// not move themselves, then the cheap walkers, then the Ants and the Mosquito.
int movements(const Board& b, const Turn& t, uint32_t pinned, int limit, SharedMobility& shared) {
  const Throws thrown = throwsOf(b, t, pinned, shared.memo);
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
