#include "query/patterns/stored_condition.hpp"

#include <algorithm>
#include <climits>
#include <utility>

namespace apiary::query {

namespace syntax = grammar::pattern;

namespace {

// Comparisons up to which the verdicts are tabulated: 2^12 rows, each the tree
// evaluated once per value of the unknown ones, well under a millisecond.
constexpr std::size_t kMostTabulated = 12;

using Kind = syntax::ConditionWord::Kind;

// The colour a feature's side stands for, by the colour to move.
std::array<uint8_t, 2> colorsOf(syntax::SideWord side) {
  switch (side) {
    case syntax::SideWord::Mine: return {0, 1};
    case syntax::SideWord::Theirs: return {1, 0};
    case syntax::SideWord::Black: return {1, 1};
    default: return {0, 0};
  }
}

template <class Leaf>
void forEachComparison(const syntax::ConditionWord& c, const Leaf& leaf) {
  if (c.kind == Kind::Compare) return leaf(c.comparison);
  for (const auto& o : c.operands) forEachComparison(o, leaf);
}

// The tree's value with its comparisons' outcomes given in order (each evaluated,
// so the count stays in step).
bool evaluate(const syntax::ConditionWord& c, const std::vector<bool>& outcomes, std::size_t& next) {
  switch (c.kind) {
    case Kind::Compare: return outcomes[next++];
    case Kind::Not: return !evaluate(c.operands.front(), outcomes, next);
    case Kind::And:
    case Kind::Or: {
      bool all = true, any = false;
      for (const auto& o : c.operands) {
        const bool v = evaluate(o, outcomes, next);
        all = all && v;
        any = any || v;
      }
      return c.kind == Kind::And ? all : any;
    }
  }
  return false;
}

// The values a comparison holds for, lo to hi.
std::pair<int64_t, int64_t> rangeOf(const syntax::ComparisonWord& cmp) {
  const int64_t v = cmp.value;
  switch (cmp.op) {
    case syntax::CompareWord::Less: return {INT64_MIN, v - 1};
    case syntax::CompareWord::LessEqual: return {INT64_MIN, v};
    case syntax::CompareWord::Equal: return {v, v};
    case syntax::CompareWord::GreaterEqual: return {v, INT64_MAX};
    case syntax::CompareWord::Greater: return {v + 1, INT64_MAX};
  }
  return {1, 0};
}

}  // namespace

bool compare(int64_t left, syntax::CompareWord op, int64_t right) {
  switch (op) {
    case syntax::CompareWord::Less: return left < right;
    case syntax::CompareWord::LessEqual: return left <= right;
    case syntax::CompareWord::Equal: return left == right;
    case syntax::CompareWord::GreaterEqual: return left >= right;
    case syntax::CompareWord::Greater: return left > right;
  }
  return false;
}

bool StoredCondition::stored(syntax::FeatureWord f) {
  return f == syntax::FeatureWord::QueenNeighbours || f == syntax::FeatureWord::OnTop ||
         f == syntax::FeatureWord::Pinned || f == syntax::FeatureWord::Mobility;
}

StoredCondition::Field StoredCondition::fieldOf(syntax::FeatureWord f, Color c) {
  switch (f) {
    case syntax::FeatureWord::QueenNeighbours: return PlyFeatures::queenNeighboursField(c);
    case syntax::FeatureWord::OnTop: return PlyFeatures::onTopField(c);
    case syntax::FeatureWord::Pinned: return PlyFeatures::pinnedField(c);
    case syntax::FeatureWord::Mobility: return PlyFeatures::mobilityField(c);
    default: return {0, 0};
  }
}

StoredCondition::StoredCondition(const syntax::ConditionWord& condition) : tree_(condition) {
  uint8_t bit = 0;
  forEachComparison(tree_, [&](const syntax::ComparisonWord& cmp) {
    const auto [lo, hi] = rangeOf(cmp);
    const Range range{lo, hi};
    const auto colors = colorsOf(cmp.side);
    possibleBit_.push_back(-1);
    if (stored(cmp.feature)) {
      const Field white = fieldOf(cmp.feature, Color(colors[0])), black = fieldOf(cmp.feature, Color(colors[1]));
      if (cmp.feature == syntax::FeatureWord::Mobility) {
        // Stored at the cap, the count is the cap or more: the comparison surely
        // holds when all of those are in range, possibly when the cap or more is.
        constexpr int64_t cap = PlyFeatures::kMobilityCap;
        const Range surely{range.lo, range.hi == INT64_MAX ? INT64_MAX : std::min(range.hi, cap - 1)};
        const Range possibly{std::min(range.lo, cap), range.hi};
        fields_.push_back({{white.shift, black.shift}, white.mask, surely, bit});
        fields_.push_back({{white.shift, black.shift}, white.mask, possibly, uint8_t(bit + 1)});
        possibleBit_.back() = bit + 1;
      } else {
        fields_.push_back({{white.shift, black.shift}, white.mask, range, bit});
      }
    } else if (cmp.feature == syntax::FeatureWord::InHand) {
      inHand_.push_back({{colors[0], colors[1]}, range, bit});
    } else if (cmp.feature == syntax::FeatureWord::Ply) {
      ply_.push_back({{0, 0}, range, bit});
    } else {
      knownBit_.push_back(-1);
      return;
    }
    knownBit_.push_back(bit);
    bit += possibleBit_.back() >= 0 ? 2 : 1;
  });
  if (bit <= kMostTabulated) tabulate();
}

void StoredCondition::tabulate() {
  std::size_t bits = 0;
  for (std::size_t i = 0; i < knownBit_.size(); ++i) bits += (knownBit_[i] >= 0) + (possibleBit_[i] >= 0);
  verdicts_.resize(std::size_t(1) << bits);
  std::vector<bool> outcomes(knownBit_.size());
  for (std::size_t row = 0; row < verdicts_.size(); ++row) {
    std::vector<int> unknown;  // the comparisons this row leaves open
    for (std::size_t i = 0; i < knownBit_.size(); ++i) {
      const bool surely = knownBit_[i] >= 0 && (row >> knownBit_[i] & 1);
      const bool possibly = possibleBit_[i] >= 0 && (row >> possibleBit_[i] & 1);
      if (knownBit_[i] < 0 || (possibly && !surely)) unknown.push_back(int(i));
      outcomes[i] = surely;
    }
    bool always = true, sometimes = false;
    for (std::size_t guess = 0; guess < std::size_t(1) << unknown.size(); ++guess) {
      for (std::size_t u = 0; u < unknown.size(); ++u) outcomes[std::size_t(unknown[u])] = guess >> u & 1;
      std::size_t next = 0;
      const bool holds = evaluate(tree_, outcomes, next);
      always = always && holds;
      sometimes = sometimes || holds;
    }
    verdicts_[row] = always ? Tri::True : sometimes ? Tri::Unknown : Tri::False;
  }
}

// Kleene's rules over the tree, for conditions too long to tabulate.
Tri StoredCondition::walk(const syntax::ConditionWord& c, const StoredPosition& p) const {
  if (c.kind == Kind::Not) {
    const Tri t = walk(c.operands.front(), p);
    return t == Tri::Unknown ? t : t == Tri::True ? Tri::False : Tri::True;
  }
  if (c.kind != Kind::Compare) {
    const Tri decisive = c.kind == Kind::And ? Tri::False : Tri::True;
    Tri out = c.kind == Kind::And ? Tri::True : Tri::False;
    for (const auto& o : c.operands) {
      const Tri t = walk(o, p);
      if (t == decisive) return t;
      if (t == Tri::Unknown) out = t;
    }
    return out;
  }
  const auto& cmp = c.comparison;
  const Color color = Color(colorsOf(cmp.side)[int(p.toMove)]);
  int64_t value = 0;
  if (stored(cmp.feature)) {
    const Field f = fieldOf(cmp.feature, color);
    value = p.features.bits >> f.shift & f.mask;
    if (cmp.feature == syntax::FeatureWord::Mobility && value == PlyFeatures::kMobilityCap) {
      // The cap or more: true when all of those are in range, false when none is.
      const auto [lo, hi] = rangeOf(cmp);
      if (lo <= value && hi == INT64_MAX) return Tri::True;
      return hi >= value ? Tri::Unknown : Tri::False;
    }
  } else if (cmp.feature == syntax::FeatureWord::InHand) {
    value = p.inHand[int(color)];
  } else if (cmp.feature == syntax::FeatureWord::Ply) {
    value = p.ply;
  } else {
    return Tri::Unknown;
  }
  return compare(value, cmp.op, cmp.value) ? Tri::True : Tri::False;
}

}  // namespace apiary::query
