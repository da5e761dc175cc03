// The session pool: sessions read the positions through one RocksDB instance, and
// each shows a batch ingested while it serves once it is older than its refresh
// interval, catalogue and positions alike.
#include <catch2/catch.hpp>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "server/sessions.hpp"
#include "server_support.hpp"

using namespace apiary;
using namespace std::chrono_literals;

namespace {

int ingestGames(const std::filesystem::path& db, int games, int seed) {
  return test::runApiary("generate --games " + std::to_string(games) + " --seed " + std::to_string(seed) + " | " +
                         std::string(APIARY_BINARY) + " --db " + db.string() + " ingest -")
      .code;
}

uint64_t gamesThroughStart(const query::ReadSession& session) {
  const auto stats = session.db().stats(canonicalize(Board()).key);
  return stats ? stats->counts.games : 0;
}

}  // namespace

TEST_CASE("pooled sessions share one RocksDB instance and all show a batch ingested while they serve") {
  const test::TempDir scratch("apiary-test-sessions");
  const auto db = scratch.path / "db";
  REQUIRE(ingestGames(db, 30, 3) == 0);
  server::SessionPool pool(db, 3, 50ms);
  REQUIRE(pool.latest() == 30);
  {
    std::vector<server::SessionPool::Lease> all;
    for (int i = 0; i < 3; ++i) all.push_back(pool.acquire());
    CHECK(all[0]->db().positions() == all[1]->db().positions());
    CHECK(all[1]->db().positions() == all[2]->db().positions());
    for (const auto& lease : all) CHECK(gamesThroughStart(*lease) == 30);
  }
  REQUIRE(ingestGames(db, 20, 4) == 0);
  std::this_thread::sleep_for(100ms);
  std::vector<server::SessionPool::Lease> all;
  for (int i = 0; i < 3; ++i) all.push_back(pool.acquire());
  for (const auto& lease : all) {
    CHECK(lease->lastGame() == 50);
    CHECK(lease->db().game(50).has_value());
    CHECK(gamesThroughStart(*lease) == 50);
  }
  CHECK(pool.latest() == 50);
  all.clear();
  std::filesystem::remove_all(db);
}
