// A read session keeps the kept games of its last few filters: asked again, a filter
// is answered from the same set; the least recently used one goes first; new games
// shown by a refresh are in the sets made after it.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>

#include "query/error.hpp"
#include "query/filters/filter_fields.hpp"
#include "query/filters/kept_games_cache.hpp"
#include "query/session.hpp"
#include "run_apiary.hpp"
#include "support.hpp"

using namespace apiary;

namespace {

// A scratch database of generated games, removed with the fixture.
struct Scratch {
  test::TempDir dir{"apiary-filter-cache"};
  std::filesystem::path db = dir.path / "db";
  Scratch() { add(30, 3); }
  void add(int games, int seed) {
    REQUIRE(test::runApiary("generate --games " + std::to_string(games) + " --seed " + std::to_string(seed) + " | " +
                            APIARY_BINARY + " --db " + db.string() + " ingest -")
                .code == 0);
  }
};

index::GameQuery resultFilter(const char* result) {
  index::GameQuery f;
  query::setFilterField(f, query::Field::Result, result);
  return f;
}

// Every game id the set keeps, of the first `last` ids.
std::vector<index::GameId> keptIds(const query::KeptSet& set, index::GameId last) {
  std::vector<index::GameId> ids;
  for (index::GameId id = 1; id <= last; ++id)
    if (set.contains(id)) ids.push_back(id);
  return ids;
}

std::vector<index::GameId> allIds(index::GameId last) {
  std::vector<index::GameId> ids;
  for (index::GameId id = 1; id <= last; ++id) ids.push_back(id);
  return ids;
}

}  // namespace

TEST_CASE("a filter asked again is answered from the set made the first time, and the oldest goes first") {
  Scratch scratch;
  query::ReadSession session(scratch.db);
  const index::GameSearch& catalogue = session.catalogue();
  query::KeptGamesCache cache(2);
  query::KeptGames& white = cache.kept(catalogue, resultFilter("white"));
  CHECK(&cache.kept(catalogue, resultFilter("white")) == &white);
  cache.kept(catalogue, resultFilter("black"));
  CHECK(&cache.kept(catalogue, resultFilter("white")) == &white);  // now the most recent
  cache.kept(catalogue, resultFilter("draw"));                     // black goes
  CHECK(cache.size() == 2);
  CHECK(&cache.kept(catalogue, resultFilter("white")) == &white);
  // The kept set is the filter's, whoever asks.
  const auto ids = allIds(session.lastGame());
  const auto cached = keptIds(white.among(ids), session.lastGame());
  query::KeptGames fresh(catalogue, resultFilter("white"));
  CHECK(cached == keptIds(fresh.among(ids), session.lastGame()));
  CHECK_FALSE(cached.empty());
  // An unusable value is refused and nothing is kept for it.
  index::GameQuery seatAlone;  // a colour without a player
  seatAlone.playerSeat = index::Seat::Second;
  CHECK_THROWS_AS(cache.kept(catalogue, seatAlone), query::QueryError);
  CHECK(cache.size() == 2);
}

TEST_CASE("a session's filter sets hold the games a refresh shows, and no filter holds no set") {
  Scratch scratch;
  query::ReadSession session(scratch.db);
  CHECK(session.kept(index::GameQuery{}) == nullptr);
  index::GameQuery filter;
  filter.gameType = GameType::parse("Base+MLP");
  const auto before = session.lastGame();
  // Asked about more games than are looked up one by one, the set holds every kept game.
  const std::vector<index::GameId> many(2001, 1);
  const auto keptBefore = keptIds(session.kept(filter)->among(many), before);
  scratch.add(30, 4);
  session.refresh();
  const auto after = session.lastGame();
  REQUIRE(after == before + 30);
  const auto keptAfter = keptIds(session.kept(filter)->among(many), after);
  query::KeptGames fresh(session.catalogue(), filter);
  CHECK(keptAfter == keptIds(fresh.among(allIds(after)), after));
  CHECK(keptAfter.size() > keptBefore.size());
}
