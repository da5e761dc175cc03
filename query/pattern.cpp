#include "query/pattern.hpp"

#include <algorithm>
#include <bit>
#include <climits>
#include <stdexcept>
#include <string>

#include "engine/mobility.hpp"
#include "engine/movegen.hpp"
#include "engine/position_features.hpp"
#include "grammar/pattern.hpp"
#include "query/error.hpp"

namespace apiary::query {

namespace syntax = grammar::pattern;

namespace {

Side sideOf(syntax::SideWord s) {
  switch (s) {
    case syntax::SideWord::Mine: return Side::Mine;
    case syntax::SideWord::Theirs: return Side::Theirs;
    case syntax::SideWord::White: return Side::White;
    case syntax::SideWord::Black: return Side::Black;
    case syntax::SideWord::Any: return Side::Any;
  }
  return Side::Any;
}

template <class T>
T readOrThrow(syntax::OrError<T> read, const char* field, const char* part) {
  if (auto* error = std::get_if<syntax::SyntaxError>(&read))
    throw QueryError(ErrorKind::BadInput, field,
                     std::string(part) + ": column " + std::to_string(error->column) + ": " + error->message);
  return std::get<T>(std::move(read));
}

Formation formationOf(const std::vector<syntax::CellWord>& words, std::optional<Side>& named) {
  std::vector<CellSpec> cells;
  for (const syntax::CellWord& w : words) {
    CellSpec c{Axial{w.q, w.r}, w.empty, w.anywhere, {}};
    for (const syntax::PieceWord& p : w.stack) {
      PieceSpec spec{sideOf(p.side), std::nullopt};
      if (p.bug != '*') spec.bug = Bug(kBugLetters.find(p.bug));
      if (!named && spec.side != Side::Any) named = spec.side;
      c.stack.push_back(spec);
    }
    cells.push_back(std::move(c));
  }
  try {
    return Formation(std::move(cells));
  } catch (const std::invalid_argument& e) {
    throw QueryError(ErrorKind::BadInput, "pattern", std::string("pattern: ") + e.what());
  }
}

// Features one position computes at most once, whatever the condition asks.
class Features {
 public:
  explicit Features(const Board& board) : board_(board) {}
  int value(syntax::FeatureWord f, Color c) {
    switch (f) {
      case syntax::FeatureWord::QueenNeighbours: return queenNeighbours(board_, c);
      case syntax::FeatureWord::Pinned: return pinnedOf(pinned(), c);
      case syntax::FeatureWord::InHand: return inHand(board_, c);
      case syntax::FeatureWord::OnTop: return onTop(board_, c);
      case syntax::FeatureWord::Mobility:
        if (mobility_[int(c)] < 0) mobility_[int(c)] = countMobility(board_, c, pinned());
        return mobility_[int(c)];
      case syntax::FeatureWord::Ply: return board_.ply();
    }
    return 0;
  }

 private:
  uint32_t pinned() {
    if (!pinned_) pinned_ = pinnedPieces(board_);
    return *pinned_;
  }

  const Board& board_;
  std::optional<uint32_t> pinned_;
  int mobility_[2] = {-1, -1};
};

bool compare(int left, syntax::CompareWord op, int right) {
  switch (op) {
    case syntax::CompareWord::Less: return left < right;
    case syntax::CompareWord::LessEqual: return left <= right;
    case syntax::CompareWord::Equal: return left == right;
    case syntax::CompareWord::GreaterEqual: return left >= right;
    case syntax::CompareWord::Greater: return left > right;
  }
  return false;
}

// What a feature costs to compute, roughly: the condition runs after the formation
// when it asks for pinned pieces or legal moves.
int costOf(const syntax::ConditionWord& c) {
  if (c.kind != syntax::ConditionWord::Kind::Compare) {
    int most = 0;
    for (const auto& o : c.operands) most = std::max(most, costOf(o));
    return most;
  }
  switch (c.comparison.feature) {
    case syntax::FeatureWord::Pinned:
    case syntax::FeatureWord::Mobility: return 2;
    case syntax::FeatureWord::Ply: return 0;
    default: return 1;
  }
}

// The highest ply at which the condition can hold, when it says.
std::optional<int> plyBound(const syntax::ConditionWord& c) {
  using Kind = syntax::ConditionWord::Kind;
  if (c.kind == Kind::Not) return std::nullopt;
  if (c.kind == Kind::Compare) {
    const auto& cmp = c.comparison;
    if (cmp.feature != syntax::FeatureWord::Ply) return std::nullopt;
    switch (cmp.op) {
      case syntax::CompareWord::Less: return cmp.value - 1;
      case syntax::CompareWord::LessEqual:
      case syntax::CompareWord::Equal: return cmp.value;
      default: return std::nullopt;
    }
  }
  std::optional<int> bound;
  for (const auto& o : c.operands) {
    const auto b = plyBound(o);
    if (c.kind == Kind::And && b) bound = bound ? std::min(*bound, *b) : *b;
    if (c.kind == Kind::Or) {
      if (!b) return std::nullopt;
      bound = bound ? std::max(*bound, *b) : *b;
    }
  }
  return bound;
}

// Checks that every feature but ply names a side, and ply none; gives the first side named.
void checkSides(const syntax::ConditionWord& c, std::optional<Side>& named) {
  for (const auto& o : c.operands) checkSides(o, named);
  if (c.kind != syntax::ConditionWord::Kind::Compare) return;
  const auto& cmp = c.comparison;
  const std::string name(syntax::featureName(cmp.feature));
  if (cmp.feature == syntax::FeatureWord::Ply && cmp.side != syntax::SideWord::Any)
    throw QueryError(ErrorKind::BadInput, "where", "--where: ply is the position's, not a side's: write 'ply', not 'ply." +
                                std::string(syntax::sideName(cmp.side)) + "'");
  if (cmp.feature != syntax::FeatureWord::Ply && cmp.side == syntax::SideWord::Any)
    throw QueryError(ErrorKind::BadInput, "where", "--where: " + name + " needs a side: " + name + ".white, .black, .mine or .theirs");
  if (!named && cmp.side != syntax::SideWord::Any) named = sideOf(cmp.side);
}

// Kleene's three values: what a condition is when some features are unknown.
enum class Tri { False, True, Unknown };

// A comparison of a value known only to be at least `least` (a stored mobility at
// its cap).
Tri compareAtLeast(int least, syntax::CompareWord op, int right) {
  switch (op) {
    case syntax::CompareWord::Less: return least >= right ? Tri::False : Tri::Unknown;
    case syntax::CompareWord::LessEqual:
    case syntax::CompareWord::Equal: return least > right ? Tri::False : Tri::Unknown;
    case syntax::CompareWord::GreaterEqual: return least >= right ? Tri::True : Tri::Unknown;
    case syntax::CompareWord::Greater: return least > right ? Tri::True : Tri::Unknown;
  }
  return Tri::Unknown;
}

// A position's features as the store has them (mobility up to its cap).
struct StoredPosition {
  PlyFeatures features;
  int inHand[2];
  int ply;
  Color toMove;

  std::optional<int> value(syntax::FeatureWord f, Color c) const {
    switch (f) {
      case syntax::FeatureWord::QueenNeighbours: return features.queenNeighbours(c);
      case syntax::FeatureWord::InHand: return inHand[int(c)];
      case syntax::FeatureWord::OnTop: return features.onTop(c);
      case syntax::FeatureWord::Pinned: return features.pinned(c);
      case syntax::FeatureWord::Mobility: return features.mobility(c);
      case syntax::FeatureWord::Ply: return ply;
      default: return std::nullopt;
    }
  }
};

// Whether the Queens' neighbours allow the formation's bounds.
bool queensFit(const std::vector<QueenBound>& bounds, const StoredPosition& p) {
  return std::all_of(bounds.begin(), bounds.end(), [&](const QueenBound& b) {
    const auto fits = [&](Color c) {
      const int n = p.features.queenNeighbours(c);
      return b.atLeast <= n && n <= b.atMost;
    };
    const auto color = colorOfSide(b.side, p.toMove);
    return color ? fits(*color) : fits(Color::White) || fits(Color::Black);
  });
}

}  // namespace

struct Pattern::Condition {
  syntax::ConditionWord tree;

  bool holds(const syntax::ConditionWord& c, const Board& board, Features& features) const {
    switch (c.kind) {
      case syntax::ConditionWord::Kind::And:
        return std::all_of(c.operands.begin(), c.operands.end(), [&](const auto& o) { return holds(o, board, features); });
      case syntax::ConditionWord::Kind::Or:
        return std::any_of(c.operands.begin(), c.operands.end(), [&](const auto& o) { return holds(o, board, features); });
      case syntax::ConditionWord::Kind::Not: return !holds(c.operands.front(), board, features);
      case syntax::ConditionWord::Kind::Compare: break;
    }
    const auto& cmp = c.comparison;
    const Color color = colorOfSide(sideOf(cmp.side), board.toMove()).value_or(Color::White);
    return compare(features.value(cmp.feature, color), cmp.op, cmp.value);
  }

  Tri holds(const syntax::ConditionWord& c, const StoredPosition& p) const {
    using Kind = syntax::ConditionWord::Kind;
    if (c.kind == Kind::Not) {
      const Tri t = holds(c.operands.front(), p);
      return t == Tri::Unknown ? t : t == Tri::True ? Tri::False : Tri::True;
    }
    if (c.kind != Kind::Compare) {
      const Tri decisive = c.kind == Kind::And ? Tri::False : Tri::True;
      Tri out = c.kind == Kind::And ? Tri::True : Tri::False;
      for (const auto& o : c.operands) {
        const Tri t = holds(o, p);
        if (t == decisive) return t;
        if (t == Tri::Unknown) out = t;
      }
      return out;
    }
    const auto& cmp = c.comparison;
    const Color color = colorOfSide(sideOf(cmp.side), p.toMove).value_or(Color::White);
    const auto v = p.value(cmp.feature, color);
    if (!v) return Tri::Unknown;
    if (cmp.feature == syntax::FeatureWord::Mobility && *v == PlyFeatures::kMobilityCap)
      return compareAtLeast(*v, cmp.op, cmp.value);
    return compare(*v, cmp.op, cmp.value) ? Tri::True : Tri::False;
  }
};

Pattern::Pattern(std::string_view formation, std::string_view where) {
  const auto blank = [](std::string_view t) { return t.find_first_not_of(" \t\r\n") == std::string_view::npos; };
  if (blank(formation) && blank(where)) throw QueryError(ErrorKind::BadInput, "pattern", "give a formation, a --where condition or both");
  if (!blank(formation)) formation_ = formationOf(readOrThrow(syntax::parseFormation(formation), "pattern", "pattern"), side_);
  if (!blank(where)) {
    where_ = std::make_unique<Condition>(Condition{readOrThrow(syntax::parseWhere(where), "where", "--where")});
    checkSides(where_->tree, side_);
    whereFirst_ = costOf(where_->tree) <= 1;
    lastPly_ = plyBound(where_->tree);
  }
}

Pattern::~Pattern() = default;
Pattern::Pattern(Pattern&&) noexcept = default;

bool Pattern::holds(const Board& position) const {
  Features features(position);
  const auto condition = [&] { return !where_ || where_->holds(where_->tree, position, features); };
  if (whereFirst_ && !condition()) return false;
  if (formation_ && !formation_->matches(position)) return false;
  return whereFirst_ || condition();
}

Screening Pattern::screen(const index::StoredGame& game) const {
  Screening out;
  if (formation_)
    for (const Contacts& needed : formation_->requiredContacts())
      if (!needed.intersects(game.contacts)) return out;
  const int last = std::min(int(game.plies), lastPly_.value_or(INT32_MAX));
  const auto mayHold = [&](int ply) {
    if (out.verdict == Screening::Verdict::Never) out.firstPly = uint32_t(ply);
    out.verdict = Screening::Verdict::Replay;
    out.lastPly = uint32_t(ply);
  };
  if (!where_ && formation_->queenBounds().empty()) {
    if (last >= 0) mayHold(0), mayHold(last);
    return out;
  }
  StoredPosition p{PlyFeatures::emptyBoard(game.type), {}, 0, game.firstMover};
  for (Color c : {Color::White, Color::Black}) p.inHand[int(c)] = std::popcount(game.type.pieces() & colorMask(c));
  bool exact = !formation_;
  uint32_t holding = 0, firstHolding = 0;
  for (int ply = 0; ply <= last; ++ply) {
    if (ply) {
      p.features = game.after(uint32_t(ply));
      if (p.features.placed()) --p.inHand[int(p.toMove)];  // the side that moved
      p.toMove = other(p.toMove);
      p.ply = ply;
    }
    const Tri t = where_ ? where_->holds(where_->tree, p) : Tri::Unknown;
    if (t == Tri::False || (formation_ && !queensFit(formation_->queenBounds(), p))) continue;
    if (t == Tri::True && !formation_ && !holding++) firstHolding = uint32_t(ply);
    if (t == Tri::Unknown) exact = false;
    mayHold(ply);
  }
  if (exact && holding) out = {Screening::Verdict::Holds, firstHolding, out.lastPly, holding};
  return out;
}

const char* sideName(Side side) {
  switch (side) {
    case Side::Mine: return "mine";
    case Side::Theirs: return "theirs";
    case Side::White: return "white";
    case Side::Black: return "black";
    case Side::Any: return "any";
  }
  return "any";
}

}  // namespace apiary::query
