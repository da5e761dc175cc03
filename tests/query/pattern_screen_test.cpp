// How pattern search's screen reads the stored features (query/patterns/stored_condition.hpp):
// the bit fields it tests are PlyFeatures' own, conditions too long for its table of
// verdicts are walked and still exact, and a condition that a feature the store
// lacks cannot change is decided without a replay, and threads that each read a
// run of batches give one answer; answers against the brute-force oracle of
// pattern_oracle.hpp.
#include <catch2/catch.hpp>

#include "pattern_oracle.hpp"
#include "query/patterns/stored_condition.hpp"

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
    const PlyFeatures f{rng() & ((uint64_t(1) << 35) - 1)};
    for (Color c : {Color::White, Color::Black}) {
      const auto read = [&](F feature) {
        const auto field = query::StoredCondition::fieldOf(feature, c);
        return int(f.bits >> field.shift & field.mask);
      };
      REQUIRE(read(F::QueenNeighbours) == f.queenNeighbours(c));
      REQUIRE(read(F::OnTop) == f.onTop(c));
      REQUIRE(read(F::Pinned) == f.pinned(c));
      REQUIRE(read(F::Mobility) == f.mobility(c));
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
      {"pinned.black >= 3 and not (mobility.white < 1 and ply < 0)",
       [](const Position& p) { return p.pinned[1] >= 3; }},
  };
  for (const auto& [text, holds] : conditions) {
    const auto got = compareWith(g, query::Pattern("", text), expected(g, holds), text);
    CHECK(got.total > 0);
    CHECK(got.replayed == 0);
  }
  // Mobility that can change the answer is replayed.
  const auto replayed =
      query::findPattern(*g.db, index::GameSearch(*g.db),
                         query::Pattern("", "pinned.white >= 4 and mobility.mine > 200"), {.filter = {}, .limit = 1});
  CHECK(replayed.replayed > 0);
}

TEST_CASE("pattern: the answer is the same whatever the threads, with more threads than batches too") {
  const Games& g = Games::get();  // 3 batches of stored features
  const index::GameSearch catalogue(*g.db);
  const query::Pattern pattern("mine Q; E: *", "pinned.mine >= 1");
  const auto one = query::findPattern(*g.db, catalogue, pattern, {.filter = {}, .limit = UINT64_MAX, .threads = 1});
  REQUIRE(one.total > 0);
  for (unsigned threads = 2; threads <= 5; ++threads) {
    const auto got =
        query::findPattern(*g.db, catalogue, pattern, {.filter = {}, .limit = UINT64_MAX, .threads = threads});
    INFO(threads << " threads");
    CHECK(got.scanned == g.positions.size());
    CHECK(got.total == one.total);
    CHECK(got.positions == one.positions);
    REQUIRE(got.games.size() == one.games.size());
    for (std::size_t i = 0; i < got.games.size(); ++i) CHECK(got.games[i].game.id == one.games[i].game.id);
  }
}
