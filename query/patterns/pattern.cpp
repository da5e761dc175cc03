#include "query/patterns/pattern.hpp"

#include <algorithm>
#include <bit>
#include <climits>
#include <stdexcept>
#include <string>

#include "engine/movegen.hpp"
#include "features/mobility.hpp"
#include "features/position_features.hpp"
#include "grammar/pattern.hpp"
#include "query/error.hpp"
#include "query/patterns/stored_condition.hpp"

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
T readOrThrow(grammar::OrRejection<T> read, Field field) {
  if (!read)
    throw QueryError(ErrorKind::BadInput, field,
                     ": column " + std::to_string(read.error.column) + ": " + read.error.message);
  return std::move(*read.value);
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
    throw QueryError(ErrorKind::BadInput, Field::Pattern, std::string(": ") + e.what());
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
    throw QueryError(ErrorKind::BadInput, Field::Where,
                     ": ply is the position's, not a side's: write 'ply', not 'ply." +
                         std::string(syntax::sideName(cmp.side)) + "'");
  if (cmp.feature != syntax::FeatureWord::Ply && cmp.side == syntax::SideWord::Any)
    throw QueryError(ErrorKind::BadInput, Field::Where,
                     ": " + name + " needs a side: " + name + ".white, .black, .mine or .theirs");
  if (!named && cmp.side != syntax::SideWord::Any) named = sideOf(cmp.side);
}

std::size_t queensIndex(Color toMove, int white, int black) {
  return std::size_t(int(toMove) * 64 + white * 8 + black);
}

// Which positions the Queens' neighbours allow, by the colour to move and both
// Queens' neighbours (Formation::queenBounds).
std::array<bool, 128> queensFitOf(const std::vector<QueenBound>& bounds) {
  std::array<bool, 128> out{};
  for (Color toMove : {Color::White, Color::Black})
    for (int white = 0; white <= 7; ++white)
      for (int black = 0; black <= 7; ++black)
        out[queensIndex(toMove, white, black)] = std::all_of(bounds.begin(), bounds.end(), [&](const QueenBound& b) {
          const auto within = [&](Color c) {
            const int n = c == Color::White ? white : black;
            return b.atLeast <= n && n <= b.atMost;
          };
          const auto color = colorOfSide(b.side, toMove);
          return color ? within(*color) : within(Color::White) || within(Color::Black);
        });
  return out;
}

// Pieces in hand at the start of a game of each type, by colour.
int piecesOfType(GameType type, Color c) {
  static const auto counts = [] {
    std::array<std::array<int, 2>, 8> out{};
    for (uint8_t e = 0; e < 8; ++e)
      for (Color c : {Color::White, Color::Black}) out[e][int(c)] = std::popcount(GameType{e}.pieces() & colorMask(c));
    return out;
  }();
  return counts[type.expansions & 7][int(c)];
}

}  // namespace

struct Pattern::Condition {
  syntax::ConditionWord tree;

  bool holds(const syntax::ConditionWord& c, const Board& board, Features& features) const {
    switch (c.kind) {
      case syntax::ConditionWord::Kind::And:
        return std::all_of(c.operands.begin(), c.operands.end(),
                           [&](const auto& o) { return holds(o, board, features); });
      case syntax::ConditionWord::Kind::Or:
        return std::any_of(c.operands.begin(), c.operands.end(),
                           [&](const auto& o) { return holds(o, board, features); });
      case syntax::ConditionWord::Kind::Not: return !holds(c.operands.front(), board, features);
      case syntax::ConditionWord::Kind::Compare: break;
    }
    const auto& cmp = c.comparison;
    const Color color = colorOfSide(sideOf(cmp.side), board.toMove()).value_or(Color::White);
    return compare(features.value(cmp.feature, color), cmp.op, cmp.value);
  }

  StoredCondition stored{tree};
};

Pattern::Pattern(std::string_view formation, std::string_view where) {
  const auto blank = [](std::string_view t) { return t.find_first_not_of(" \t\r\n") == std::string_view::npos; };
  if (blank(formation) && blank(where))
    throw QueryError(ErrorKind::BadInput, Field::Pattern, ": give a formation, a condition or both");
  if (!blank(formation)) {
    formation_ = formationOf(readOrThrow(syntax::parseFormation(formation), Field::Pattern), side_);
    queensFit_ = queensFitOf(formation_->queenBounds());
  }
  if (!blank(where)) {
    where_ = std::make_unique<Condition>(Condition{readOrThrow(syntax::parseWhere(where), Field::Where)});
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

namespace {

// Steps through a stored game's positions from the empty board.
class StoredWalk {
 public:
  explicit StoredWalk(const index::StoredGame& game) : game_(game) {
    p_.toMove = game.firstMover;
    p_.features = PlyFeatures::emptyBoard(game.type);
    for (Color c : {Color::White, Color::Black}) p_.inHand[int(c)] = piecesOfType(game.type, c);
  }
  const StoredPosition& position() const { return p_; }
  void next() {
    p_.features = game_.after(uint32_t(++p_.ply));
    p_.inHand[int(p_.toMove)] -= p_.features.placed();  // the side that moved
    p_.toMove = other(p_.toMove);
  }

 private:
  const index::StoredGame& game_;
  StoredPosition p_;
};

}  // namespace

// Without a formation the stored features decide every ply but those a feature the
// store lacks leaves open; branch-free, since the verdicts of neighbouring plies
// follow no pattern a predictor learns.
Screening Pattern::screenCondition(const index::StoredGame& game, int last) const {
  StoredWalk walk(game);
  int first = -1, lastOpen = -1, firstTrue = -1;
  uint32_t holding = 0;
  bool unknown = false;
  for (int ply = 0; ply <= last; ++ply) {
    if (ply) walk.next();
    const Tri t = where_->stored.judge(walk.position());
    const bool open = t != Tri::False, holds = t == Tri::True;
    holding += holds;
    unknown |= t == Tri::Unknown;
    first = first < 0 && open ? ply : first;
    firstTrue = firstTrue < 0 && holds ? ply : firstTrue;
    lastOpen = open ? ply : lastOpen;
  }
  if (first < 0) return {};
  if (!unknown) return {Screening::Verdict::Holds, uint32_t(firstTrue), uint32_t(lastOpen), holding};
  return {Screening::Verdict::Replay, uint32_t(first), uint32_t(lastOpen), 0};
}

Screening Pattern::screen(const index::StoredGame& game) const {
  if (formation_)
    for (const Contacts& needed : formation_->requiredContacts())
      if (!needed.intersects(game.contacts)) return {};
  const int last = std::min(int(game.plies), lastPly_.value_or(INT32_MAX));
  if (last < 0) return {};
  if (!formation_) return screenCondition(game, last);
  Screening out;
  const auto mayHold = [&](int ply) {
    if (out.verdict == Screening::Verdict::Never) out.firstPly = uint32_t(ply);
    out.verdict = Screening::Verdict::Replay;
    out.lastPly = uint32_t(ply);
  };
  if (!where_ && formation_->queenBounds().empty()) {
    mayHold(0), mayHold(last);
    return out;
  }
  StoredWalk walk(game);
  for (int ply = 0; ply <= last; ++ply) {
    if (ply) walk.next();
    const StoredPosition& p = walk.position();
    if (where_ && where_->stored.judge(p) == Tri::False) continue;
    const int white = p.features.queenNeighbours(Color::White), black = p.features.queenNeighbours(Color::Black);
    if (queensFit_[queensIndex(p.toMove, white, black)]) mayHold(ply);
  }
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
