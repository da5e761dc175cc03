// How pattern search's screen reads the stored features (query/stored_condition.hpp):
// the bit fields it tests are PlyFeatures' own, conditions too long for its table of
// verdicts are walked and still exact, and a condition that a feature the store
// lacks cannot change is decided without a replay; answers against the brute-force
// oracle of pattern_oracle.hpp.
#include <catch2/catch.hpp>

#include "pattern_oracle.hpp"
#include "query/stored_condition.hpp"

using namespace apiary;
using namespace apiary::pattern_oracle;

namespace {

// A condition of 2^depth comparisons joined by `and` and `or`.
Condition wideCondition(std::mt19937_64& rng, int depth) {
  if (!depth) return randomCondition(rng, 0);
  Condition c;
  c.kind = 1 + int(rng() % 2);
  c.operands = {wideCondition(rng, depth - 1), wideCondition(rng, depth - 1)};
  return c;
}

}  // namespace

TEST_CASE("pattern: the screen reads each stored feature where PlyFeatures keeps it") {
  using F = grammar::pattern::FeatureWord;
  std::mt19937_64 rng(3);
  for (int i = 0; i < 2000; ++i) {
    const PlyFeatures f{uint32_t(rng()) & ((1u << 19) - 1)};
    for (Color c : {Color::White, Color::Black}) {
      const auto read = [&](F feature) {
        const auto field = query::StoredCondition::fieldOf(feature, c);
        return int(f.bits >> field.shift & field.mask);
      };
      REQUIRE(read(F::QueenNeighbours) == f.queenNeighbours(c));
      REQUIRE(read(F::OnTop) == f.onTop(c));
      REQUIRE(read(F::Pinned) == f.pinned(c));
    }
  }
}

TEST_CASE("pattern: conditions too long to tabulate give the games a brute-force replay finds") {
  const Games& g = Games::get();
  std::mt19937_64 rng(23);
  int matchedSome = 0;
  for (int i = 0; i < 30; ++i) {
    const Condition c = wideCondition(rng, 4);  // 16 comparisons
    const Expected want = expected(g, [&](const Position& p) { return conditionHolds(p, c); });
    matchedSome += !want.games.empty() && want.games.size() < g.positions.size();
    compareWith(g, query::Pattern("", textOf(c)), want, textOf(c));
  }
  CHECK(matchedSome > 5);
}

TEST_CASE("pattern: a condition that mobility cannot change is answered without a replay") {
  const Games& g = Games::get();
  const std::vector<std::pair<std::string, std::function<bool(const Position&)>>> conditions = {
      {"(mobility.mine > 3 or not mobility.theirs > 3 or ply >= 0) and pinned.white >= 4",
       [](const Position& p) { return p.pinned[0] >= 4; }},
      {"pinned.black >= 3 and not (mobility.white < 1 and ply < 0)", [](const Position& p) { return p.pinned[1] >= 3; }},
  };
  for (const auto& [text, holds] : conditions) {
    const auto got = compareWith(g, query::Pattern("", text), expected(g, holds), text);
    CHECK(got.total > 0);
    CHECK(got.replayed == 0);
  }
  // Mobility that can change the answer is replayed.
  const auto replayed = query::findPattern(*g.db, index::GameSearch(*g.db),
                                           query::Pattern("", "pinned.white >= 4 and mobility.mine > 30"),
                                           {.filter = {}, .limit = 1});
  CHECK(replayed.replayed > 0);
}
