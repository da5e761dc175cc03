#include "ingest/pgn_like_places.hpp"

#include <algorithm>
#include <array>
#include <string_view>
#include <utility>

namespace apiary::ingest::pgnlike {

namespace pl = grammar::pgn_like;

namespace {

constexpr std::array<char, kPieces> kLetters = [] {
  std::array<char, kPieces> out{};
  for (int p = 0; p < kPieces; ++p) {
    const char c = kBugLetters[int(bugOf(PieceId(p)))];
    out[p] = colorOf(PieceId(p)) == Color::White ? c : char(c - 'A' + 'a');
  }
  return out;
}();

// Index of each letter among the 16 (colour * 8 + bug), or -1.
constexpr std::array<int8_t, 128> kLetterIndex = [] {
  std::array<int8_t, 128> out{};
  out.fill(-1);
  for (int p = 0; p < kPieces; ++p) out[kLetters[p]] = int8_t(int(colorOf(PieceId(p))) * kBugs + int(bugOf(PieceId(p))));
  return out;
}();
int letterIndex(char c) { return static_cast<unsigned char>(c) < 128 ? kLetterIndex[c] : -1; }

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

char letterOf(PieceId p) { return kLetters[p]; }

Places::Places(const Board& board) {
  for (PieceId p = 0; p < kPieces; ++p)
    if (board.onBoard(p)) cells_[letterIndex(kLetters[p])].push_back(board.cellOf(p));
}

const std::vector<Cell>& Places::of(char letter) const {
  static const std::vector<Cell> none;
  const int i = letterIndex(letter);
  return i < 0 ? none : cells_[i];
}

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

CellSet Places::cells(const pl::Location& location) const {
  CellSet out{};
  for (Cell n : of(location.neighbour))
    for (int d = 0; d < kDirs; ++d) {
      const Cell x = neighbor(n, d);
      if (!location.other || holds(x, n, *location.other)) out.add(x);
    }
  return out;
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

// With an angle at every level a walk is fixed by its first step, so each other
// cell is followed along the same walk from each of its neighbours with the right
// letter ("alignments"); the walk tells x apart once no alignment survives.
class WalkSearch {
 public:
  WalkSearch(const Board& board, const std::vector<Cell>& others) : board_(board), others_(others) {}

  std::optional<pl::Location> find(Cell x) {
    for (int depth = 0; depth <= kMaxDepth && !best_; ++depth)
      for (int d = 0; d < kDirs; ++d)
        forLetters(board_, neighbor(x, d), [&](char letter) {
          std::vector<Alignment> alive;
          for (Cell y : others_)
            for (int e = 0; e < kDirs; ++e)
              if (hasLetter(board_, neighbor(y, e), letter)) alive.push_back({neighbor(y, e), y});
          path_.assign(1, Step{letter, 0});
          walk(x, neighbor(x, d), alive, depth);
        });
    return best_;
  }

 private:
  static constexpr int kMaxDepth = 6;
  struct Alignment {
    Cell at, from;
  };
  struct Step {
    char letter;
    int angle;
  };

  void walk(Cell prev, Cell cur, const std::vector<Alignment>& alive, int remaining) {
    if (alive.empty()) {
      const pl::Location l = location();
      if (!best_ || spelling(l) < spelling(*best_)) best_ = l;
      return;
    }
    if (remaining == 0) return;
    const int back = directionTo(cur, prev);
    for (int e = 0; e < kDirs; ++e) {
      if (e == back) continue;  // angle 0: back where the walk came from
      const Cell next = neighbor(cur, e);
      const int angle = (back - e + kDirs) % kDirs;
      forLetters(board_, next, [&](char letter) {
        std::vector<Alignment> still;
        for (const Alignment& a : alive) {
          const Cell c = neighbor(a.at, (directionTo(a.at, a.from) - angle + kDirs) % kDirs);
          if (hasLetter(board_, c, letter)) still.push_back({c, a.at});
        }
        path_.push_back({letter, angle});
        walk(cur, next, still, remaining - 1);
        path_.pop_back();
      });
    }
  }

  // `N P(R(S k3) k2) k1` from the steps N, P k1, R k2, S k3.
  pl::Location location() const {
    pl::Location l{path_[0].letter, std::nullopt};
    for (std::size_t i = path_.size() - 1; i >= 1; --i) {
      pl::Reference r{path_[i].letter, {}, path_[i].angle};
      if (l.other) r.qualifier.push_back(*l.other);
      l.other = r;
    }
    return l;
  }

  const Board& board_;
  const std::vector<Cell>& others_;
  std::vector<Step> path_;
  std::optional<pl::Location> best_;
};

}  // namespace

std::optional<pl::Location> distinguishingWalk(const Board& board, Cell x, const std::vector<Cell>& others) {
  return WalkSearch(board, others).find(x);
}

}  // namespace apiary::ingest::pgnlike
