#include "notation/pgn_like_places.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <set>
#include <string_view>
#include <utility>

namespace apiary::notation::pgnlike {

namespace pl = grammar::pgn_like;

namespace {

// Calls f once per letter in the stack at c.
template <class F>
void forLetters(const Board& board, Cell c, F&& f) {
  std::string seen;
  for (PieceId p = board.top(c); p != kNoPiece; p = board.under(p))
    if (seen.find(kLetters[p]) == std::string::npos) seen += kLetters[p], f(kLetters[p]);
}

bool hasLetter(const Board& board, Cell c, char letter) {
  for (PieceId p = board.top(c); p != kNoPiece; p = board.under(p))
    if (kLetters[p] == letter) return true;
  return false;
}

void spell(std::string& out, const pl::Reference& r) {
  out += r.piece;
  if (!r.qualifier.empty()) {
    out += '(';
    spell(out, r.qualifier.front());
    out += ')';
  }
  if (r.angle) out += char('0' + r.angle);
}

// References true of (centre, x): a piece next to centre, with or without the
// angle of x around centre from it, and qualifiers that are true of (that piece,
// centre), `depth` levels down.
void references(const Board& board, Cell centre, Cell x, int depth, std::vector<pl::Reference>& out) {
  const int toX = directionTo(centre, x);
  for (int e = 0; e < kDirs; ++e) {
    const Cell c = neighbor(centre, e);
    const int angle = (toX - e + kDirs) % kDirs;
    forLetters(board, c, [&](char letter) {
      std::vector<pl::Reference> qualifiers;
      if (depth > 0) references(board, c, centre, depth - 1, qualifiers);
      for (int q = -1; q < int(qualifiers.size()); ++q) {
        pl::Reference r{letter, {}, 0};
        if (q >= 0) r.qualifier.push_back(qualifiers[q]);
        out.push_back(r);
        if (angle != 0) {
          r.angle = angle;
          out.push_back(r);
        }
      }
    });
  }
}

}  // namespace

// `x` is next to `centre` and the reference holds there: its piece is next to
// `centre`, `x` lies `angle` places clockwise around `centre` from it, and its
// qualifier says where `centre` lies around that piece (the same rule one level
// down). So in `+gaQ(s2)3` the ant is 2 places round the queen from the spider.
bool Places::holds(Cell x, Cell centre, const pl::Reference& ref) const {
  const int toX = directionTo(centre, x);
  if (toX < 0) return false;
  for (Cell c : of(ref.piece)) {
    const int toRef = directionTo(centre, c);
    if (toRef < 0) continue;
    if (ref.angle != 0 && clockwise(toRef, ref.angle) != toX) continue;
    if (!ref.qualifier.empty() && !holds(centre, c, ref.qualifier.front())) continue;
    return true;
  }
  return false;
}

namespace {

// For each index difference (c - n) mod kCells, the bit of the direction from n to
// its neighbour c, 0 when they are not neighbours: the directions around n where
// pieces of a letter stand are an OR of lookups, with no branch on each piece.
constexpr std::array<uint8_t, kCells> kDirBitOfStep = [] {
  std::array<uint8_t, kCells> t{};
  for (int d = 0; d < kDirs; ++d) t[kDirOffset[d] & (kCells - 1)] = uint8_t(1u << d);
  return t;
}();

// The directions `angle` places clockwise of those in `dirs` (6 bits).
constexpr unsigned turnedClockwise(unsigned dirs, int angle) {
  return ((dirs << angle) | (dirs >> (kDirs - angle))) & Board::kAllAround;
}

}  // namespace

// The cells around each piece of the neighbour's letter where the other reference
// holds (holds() turned round: each of its pieces next to that piece, with its
// qualifier, gives the one cell at its angle, or all six without one), of those
// `keep` lets through (keep.around(n): the directions around n it keeps).
// Every ply asks, so pieces come straight from the letters' masks, and the
// directions where the other letter stands around a neighbour are gathered as
// bits (one table lookup a piece) and turned by the angle, not tried one by one.
template <class Keep>
CellList Places::described(const pl::Location& location, const Keep& keep) const {
  CellList out;
  const uint32_t onBoard = board_.piecesOnBoard();
  const auto cellOf = [&](uint32_t pieces) { return board_.cellOf(PieceId(std::countr_zero(pieces))); };
  const pl::Reference* ref = location.other ? &*location.other : nullptr;
  const pl::Reference* qualifier = ref && !ref->qualifier.empty() ? &ref->qualifier.front() : nullptr;
  const uint32_t others = ref ? piecesOfLetter(ref->piece) & onBoard : 0;
  for (uint32_t neighbours = piecesOfLetter(location.neighbour) & onBoard; neighbours; neighbours &= neighbours - 1) {
    const Cell n = cellOf(neighbours);
    unsigned dirs = Board::kAllAround;
    if (ref) {
      unsigned refDirs = 0;  // where the other reference's pieces stand around n
      for (uint32_t left = others; left; left &= left - 1) {
        const Cell c = cellOf(left);
        const unsigned bit = kDirBitOfStep[(c - n) & (kCells - 1)];
        if (!qualifier || (bit && holds(n, c, *qualifier))) refDirs |= bit;
      }
      dirs = ref->angle != 0 ? turnedClockwise(refDirs, ref->angle) : refDirs ? Board::kAllAround : 0;
    }
    if (dirs == 0) continue;
    for (dirs &= keep.around(n); dirs; dirs &= dirs - 1) out.add(neighbor(n, std::countr_zero(dirs)));
  }
  return out;
}

CellList Places::cells(const pl::Location& location) const {
  struct All {
    unsigned around(Cell) const { return Board::kAllAround; }
  };
  return described(location, All{});
}

CellList Places::landings(const pl::Location& location, char onto) const {
  struct Empty {
    const Board& board;
    unsigned around(Cell n) const { return ~board.occupiedAround(n) & Board::kAllAround; }
  };
  struct Topped {
    const Board& board;
    char letter;
    unsigned around(Cell n) const {
      unsigned out = 0;
      for (unsigned dirs = board.occupiedAround(n); dirs; dirs &= dirs - 1)
        if (letterOf(board.top(neighbor(n, std::countr_zero(dirs)))) == letter) out |= dirs & -dirs;
      return out;
    }
  };
  return onto ? described(location, Topped{board_, onto}) : described(location, Empty{board_});
}

std::string spelling(const pl::Location& location) {
  std::string out(1, location.neighbour);
  if (location.other) spell(out, *location.other);
  return out;
}

std::vector<Described> descriptionsOf(const Board& board, Cell x, int depth) {
  std::vector<Described> all;
  all.reserve(128);
  std::vector<pl::Reference> refs;
  for (int d = 0; d < kDirs; ++d) {
    const Cell n = neighbor(x, d);
    refs.clear();
    if (board.occupied(n)) references(board, n, x, depth, refs);
    forLetters(board, n, [&](char letter) {
      all.push_back({{letter, std::nullopt}, std::string(1, letter)});
      for (const auto& r : refs) {
        pl::Location l{letter, r};
        std::string text = spelling(l);
        all.push_back({std::move(l), std::move(text)});
      }
    });
  }
  // Sort keys rather than the descriptions themselves: they are cheaper to move.
  std::vector<std::pair<std::pair<std::size_t, std::string_view>, std::size_t>> order;
  order.reserve(all.size());
  for (std::size_t i = 0; i < all.size(); ++i) order.push_back({{all[i].text.size(), all[i].text}, i});
  std::sort(order.begin(), order.end());
  order.erase(std::unique(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.first == b.first; }),
              order.end());
  std::vector<Described> out;
  out.reserve(order.size());
  for (const auto& [key, i] : order) out.push_back(std::move(all[i]));
  return out;
}

namespace {

// With an angle at every level a walk is fixed by its first step, so another cell
// y can follow x's walk only along a copy of it turned and shifted onto y: a
// motion, kept as y and the turn (sixths clockwise) in one number. The walk tells
// x apart once, for every motion, some piece of the walk is missing where the
// motion carries it.
using Motion = uint16_t;
Motion motion(Cell y, int turn) { return Motion(y * kDirs + turn); }

// A walk as its steps' letters and angles, two characters a step (the first
// step's angle is '0'): the order on walks of one length, which does not depend
// on how the board is turned, so a game and its rotations are written alike.
using Key = std::string;

// `N P(R(S k3) k2) k1` from the steps N, P k1, R k2, S k3.
pl::Location locationOf(const Key& key) {
  pl::Location l{key[0], std::nullopt};
  for (std::size_t i = key.size() / 2 - 1; i >= 1; --i) {
    pl::Reference r{key[2 * i], {}, key[2 * i + 1] - '0'};
    if (l.other) r.qualifier.push_back(*l.other);
    l.other = r;
  }
  return l;
}

// The walk that tells x from `others`: every walk up to kExhaustive steps, the
// shortest first, then by spelling; past that (hives alike around x and the
// others further out, like the arms of a shuriken that only the far end of one
// tells apart), breadth first over where a walk stands and which motions still
// follow it, which finds the shortest walk without trying every one.
class WalkSearch {
 public:
  WalkSearch(const Board& board, Cell x, const std::vector<Cell>& others) : board_(board), x_(x), others_(others) {}

  std::optional<pl::Location> find() {
    for (int depth = 0; depth <= kExhaustive && !best_; ++depth)
      for (const Walk& start : firstSteps()) {
        key_ = start.key;
        walk(start.prev, start.cur, start.alive, depth);
      }
    if (!best_)
      if (const auto shortest = breadthFirst(firstSteps())) best_ = locationOf(shortest->key);
    return best_;
  }

 private:
  static constexpr int kExhaustive = 6;            // steps: every walk is tried up to here
  static constexpr std::size_t kLongest = 64;      // steps; a walk past that is no help to a reader
  static constexpr std::size_t kBudget = 1 << 16;  // walks the breadth-first search may hold

  struct Walk {
    Cell prev, cur;
    Key key;
    std::vector<Motion> alive;  // sorted
  };

  // The piece at c on x's walk, with `letter`, is found where the motion puts it.
  bool follows(Motion g, Cell c, char letter) const {
    // The offset from x as signed axial steps (hives span far less than half the
    // torus), turned, then added to y.
    const int v = (c - x_) & (kCells - 1);
    int q = v & 31;
    if (q >= 16) q -= 32;
    int r = ((v - q) & (kCells - 1)) >> 5;
    if (r >= 16) r -= 32;
    for (int t = 0; t < g % kDirs; ++t) q = -std::exchange(r, q + r);  // a sixth clockwise
    return hasLetter(board_, offsetCell(Cell(g / kDirs), q, r), letter);
  }

  std::vector<Motion> stillFollowing(const std::vector<Motion>& alive, Cell c, char letter) const {
    std::vector<Motion> out;
    for (const Motion g : alive)
      if (follows(g, c, letter)) out.push_back(g);
    return out;
  }

  // Each piece next to x, and the motions that find its letter next to another cell.
  std::vector<Walk> firstSteps() const {
    std::vector<Walk> out;
    for (int d = 0; d < kDirs; ++d)
      forLetters(board_, neighbor(x_, d), [&](char letter) {
        Walk w{x_, neighbor(x_, d), {letter, '0'}, {}};
        for (Cell y : others_)
          for (int e = 0; e < kDirs; ++e)
            if (hasLetter(board_, neighbor(y, e), letter)) w.alive.push_back(motion(y, (e - d + kDirs) % kDirs));
        std::sort(w.alive.begin(), w.alive.end());
        out.push_back(std::move(w));
      });
    return out;
  }

  // f(the walk one step on) for every step a walk standing at (prev, cur) can take.
  template <class F>
  void forSteps(Cell prev, Cell cur, F&& f) const {
    const int back = directionTo(cur, prev);
    for (int e = 0; e < kDirs; ++e) {
      if (e == back) continue;  // angle 0: back where the walk came from
      const Cell next = neighbor(cur, e);
      forLetters(board_, next, [&](char letter) { f(next, letter, char('0' + (back - e + kDirs) % kDirs)); });
    }
  }

  void walk(Cell prev, Cell cur, const std::vector<Motion>& alive, int remaining) {
    if (alive.empty()) {
      const pl::Location l = locationOf(key_);
      if (!best_ || spelling(l) < spelling(*best_)) best_ = l;
      return;
    }
    if (remaining == 0) return;
    forSteps(prev, cur, [&](Cell next, char letter, char angle) {
      key_ += {letter, angle};
      walk(cur, next, stillFollowing(alive, next, letter), remaining - 1);
      key_.resize(key_.size() - 2);
    });
  }

  // Breadth first from `layer` (walks of one length) to the first layer holding a
  // walk no motion follows, and the first of those in key order. Walks that stand
  // at the same place and are followed by the same motions go on as one, the first
  // in key order. Nothing past kLongest steps or kBudget walks.
  std::optional<Walk> breadthFirst(std::vector<Walk> layer) const {
    std::set<std::pair<std::size_t, std::vector<Motion>>> seen;
    std::size_t held = 0;
    while (!layer.empty() && layer.front().key.size() / 2 < kLongest) {
      std::sort(layer.begin(), layer.end(), [](const Walk& a, const Walk& b) { return a.key < b.key; });
      std::erase_if(layer, [&](const Walk& w) {
        const char letter = w.key[w.key.size() - 2];
        const std::size_t at = (std::size_t(w.cur) * kDirs + directionTo(w.cur, w.prev)) * 128 + letter;
        return !seen.emplace(at, w.alive).second;
      });
      for (const Walk& w : layer)
        if (w.alive.empty()) return w;
      if ((held += layer.size()) > kBudget) return std::nullopt;
      std::vector<Walk> next;
      for (const Walk& w : layer)
        forSteps(w.prev, w.cur, [&](Cell c, char letter, char angle) {
          next.push_back({w.cur, c, w.key + letter + angle, stillFollowing(w.alive, c, letter)});
        });
      layer = std::move(next);
    }
    return std::nullopt;
  }

  const Board& board_;
  const Cell x_;
  const std::vector<Cell>& others_;
  Key key_;  // the walk being tried
  std::optional<pl::Location> best_;
};

}  // namespace

std::optional<pl::Location> distinguishingWalk(const Board& board, Cell x, const std::vector<Cell>& others) {
  return WalkSearch(board, x, others).find();
}

}  // namespace apiary::notation::pgnlike
