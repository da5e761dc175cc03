// What an explore costs in reads of the positions store: the position once (its
// postings with it when filtered), then every next position a game played from it in
// one MultiGet, however many moves there are.
#include <catch2/catch.hpp>

#include "index/positions/position_store.hpp"
#include "query/positions/explore.hpp"
#include "query_support.hpp"

using namespace apiary;
using test::QueryDatabase;

namespace {

// The store's lookups and keys one call makes.
template <class F>
index::PositionStore::ReadCounts readsOf(const index::Database& db, F&& f) {
  const auto before = db.positions()->readCounts();
  f();
  const auto after = db.positions()->readCounts();
  return {after.lookups - before.lookups, after.keys - before.keys};
}

}  // namespace

TEST_CASE("explore: two lookups unfiltered, the next positions in one MultiGet") {
  const QueryDatabase* q = QueryDatabase::get();
  if (!q) return;
  const test::Recount recount(q->db());
  int many = 0;
  for (const Board& position : test::samplePositions(recount, 200, 3)) {
    query::Exploration got;
    const auto reads = readsOf(q->db(), [&] { got = query::explore(q->db(), q->catalogue(), position); });
    if (got.counts.games == 0) {
      CHECK(reads.lookups == 1);
      continue;
    }
    INFO(got.moves.size() << " moves");
    CHECK(reads.lookups == (got.moves.empty() ? 1u : 2u));  // a final position has no next ones to read
    // Buckets shared by two next positions are read once.
    CHECK(reads.keys <= 1 + got.moves.size());
    many += got.moves.size() >= 5;
  }
  CHECK(many > 5);  // the sample holds positions with many moves
}

TEST_CASE("explore: filtered, at most four lookups (postings kept apart in one more each)") {
  const QueryDatabase* q = QueryDatabase::get();
  if (!q) return;
  const test::Recount recount(q->db());
  index::GameQuery filter;
  filter.result = GameState::WhiteWins;
  query::KeptGames kept(q->catalogue(), filter);
  int seen = 0;
  for (const Board& position : test::samplePositions(recount, 100, 4)) {
    query::Exploration got;
    const auto reads =
        readsOf(q->db(), [&] { got = query::explore(q->db(), q->catalogue(), position, {.filter = &kept}); });
    CHECK(reads.lookups >= 1);
    CHECK(reads.lookups <= 4);
    seen += got.moves.size() >= 3;
  }
  CHECK(seen > 3);
}
