#include "query/stored_condition.hpp"

#include <climits>

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
         f == syntax::FeatureWord::Pinned;
}

// The layout engine/pattern_trace.hpp documents for PlyFeatures.
StoredCondition::Field StoredCondition::fieldOf(syntax::FeatureWord f, Color c) {
  const int i = int(c);
  switch (f) {
    case syntax::FeatureWord::QueenNeighbours: return {uint8_t(3 * i), 7};
    case syntax::FeatureWord::OnTop: return {uint8_t(6 + 2 * i), 3};
    case syntax::FeatureWord::Pinned: return {uint8_t(11 + 4 * i), 15};
    default: return {0, 0};
  }
}

StoredCondition::StoredCondition(const syntax::ConditionWord& condition) : tree_(condition) {
  uint8_t bit = 0;
  forEachComparison(tree_, [&](const syntax::ComparisonWord& cmp) {
    const int64_t v = cmp.value;
    const Range range = [&]() -> Range {
      switch (cmp.op) {
        case syntax::CompareWord::Less: return {INT64_MIN, v - 1};
        case syntax::CompareWord::LessEqual: return {INT64_MIN, v};
        case syntax::CompareWord::Equal: return {v, v};
        case syntax::CompareWord::GreaterEqual: return {v, INT64_MAX};
        case syntax::CompareWord::Greater: return {v + 1, INT64_MAX};
      }
      return {1, 0};
    }();
    const auto colors = colorsOf(cmp.side);
    if (stored(cmp.feature)) {
      const Field white = fieldOf(cmp.feature, Color(colors[0])), black = fieldOf(cmp.feature, Color(colors[1]));
      fields_.push_back({{white.shift, black.shift}, white.mask, range, bit});
    } else if (cmp.feature == syntax::FeatureWord::InHand) {
      inHand_.push_back({{colors[0], colors[1]}, range, bit});
    } else if (cmp.feature == syntax::FeatureWord::Ply) {
      ply_.push_back({{0, 0}, range, bit});
    } else {
      knownBit_.push_back(-1);
      return;
    }
    knownBit_.push_back(bit++);
  });
  if (knownBit_.size() <= kMostTabulated) tabulate();
}

void StoredCondition::tabulate() {
  std::vector<int> unknown;  // the comparisons the store cannot answer
  for (std::size_t i = 0; i < knownBit_.size(); ++i)
    if (knownBit_[i] < 0) unknown.push_back(int(i));
  const std::size_t known = knownBit_.size() - unknown.size();
  verdicts_.resize(std::size_t(1) << known);
  std::vector<bool> outcomes(knownBit_.size());
  for (std::size_t row = 0; row < verdicts_.size(); ++row) {
    for (std::size_t i = 0; i < knownBit_.size(); ++i)
      if (knownBit_[i] >= 0) outcomes[i] = row >> knownBit_[i] & 1;
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
