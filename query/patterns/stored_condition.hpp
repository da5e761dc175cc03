// A `where` condition judged on what the store keeps of a position (its
// PlyFeatures, pieces in hand and ply), as Pattern::screen asks at every stored ply
// of every kept game. Compiled once: each comparison becomes a range test on a bit
// field, and the tests' outcomes index a table of verdicts, so a ply costs a few
// shifts and one lookup instead of a walk of the expression tree.
#pragma once
#include <cstdint>
#include <vector>

#include "features/pattern_trace.hpp"
#include "grammar/pattern.hpp"

namespace apiary::query {

// Kleene's three values: what a condition is when some features are unknown.
enum class Tri : uint8_t { False, True, Unknown };

bool compare(int64_t left, grammar::pattern::CompareWord op, int64_t right);

// One position as the store has it.
struct StoredPosition {
  PlyFeatures features;
  int inHand[2] = {0, 0};
  int ply = 0;
  Color toMove = Color::White;
};

class StoredCondition {
 public:
  // `condition` names a side for every feature but ply (Pattern checks it).
  explicit StoredCondition(const grammar::pattern::ConditionWord& condition);

  // True or False when the stored features decide; Unknown when it depends on what
  // the store does not tell (a mobility stored at its cap is that or more): True
  // only when every value those could take makes it hold, False only when none does.
  Tri judge(const StoredPosition& p) const {
    if (verdicts_.empty()) return walk(tree_, p);
    const int t = int(p.toMove);
    unsigned outcomes = 0;
    for (const FieldTest& x : fields_)
      outcomes |= unsigned(inRange(int64_t((p.features.bits >> x.shift[t]) & x.mask), x.range)) << x.bit;
    for (const ValueTest& x : inHand_) outcomes |= unsigned(inRange(p.inHand[x.color[t]], x.range)) << x.bit;
    for (const ValueTest& x : ply_) outcomes |= unsigned(inRange(p.ply, x.range)) << x.bit;
    return verdicts_[outcomes];
  }

  // Where PlyFeatures keeps a feature of a colour in its bits (a test checks these
  // against its accessors).
  using Field = PlyFeatures::Field;
  static bool stored(grammar::pattern::FeatureWord f);
  static Field fieldOf(grammar::pattern::FeatureWord f, Color c);  // f stored, not ply or in hand

 private:
  struct Range {
    int64_t lo, hi;  // the test holds when lo <= value <= hi
  };
  struct FieldTest {
    uint8_t shift[2];  // by the colour to move
    uint32_t mask;
    Range range;
    uint8_t bit;  // in the outcomes
  };
  struct ValueTest {
    uint8_t color[2];  // by the colour to move; ply: unused
    Range range;
    uint8_t bit;
  };
  static bool inRange(int64_t v, Range r) { return (v >= r.lo) & (v <= r.hi); }
  Tri walk(const grammar::pattern::ConditionWord& c, const StoredPosition& p) const;
  void tabulate();

  grammar::pattern::ConditionWord tree_;
  std::vector<FieldTest> fields_;
  std::vector<ValueTest> inHand_, ply_;
  // The tree's comparisons in order: the bit of each in the outcomes (for a
  // mobility, whether it surely holds), and for a mobility the bit of whether it
  // possibly does (its stored value may be a lower bound), else -1.
  std::vector<int> knownBit_, possibleBit_;
  std::vector<Tri> verdicts_;  // by outcomes; empty: too many comparisons, walk the tree
};

}  // namespace apiary::query
