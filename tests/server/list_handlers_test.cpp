// The lists the page shows, without a socket: the games through a position in date,
// length or ingest order (`sort`), every one of them as a file (/api/export, what
// `apiary search --to` writes), and players by the start of their name.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "index/catalogue/text_fold.hpp"
#include "query/error.hpp"
#include "run_apiary.hpp"
#include "server/handlers.hpp"
#include "support.hpp"

using namespace apiary;

namespace {

// Sixty generated games (their dates spread over years), every third rated, in a
// scratch database.
struct Fixture {
  test::TempDir scratch{"apiary-list-api"};
  const std::filesystem::path& dir = scratch.path;
  std::string db = "--db " + (dir / "db").string() + " ";
  Fixture() {
    const auto games = test::runApiary("generate --games 60 --seed 23");
    REQUIRE(games.code == 0);
    std::ofstream(dir / "games.pgn") << rated(games.out);
    REQUIRE(test::runApiary(db + "ingest " + (dir / "games.pgn").string()).code == 0);
  }

  static std::string rated(const std::string& pgn) {
    std::string out;
    int game = 0;
    for (std::size_t at = 0, next; at < pgn.size(); at = next) {
      next = pgn.find("\n[White \"", at + 1);
      next = next == std::string::npos ? pgn.size() : next + 1;
      if (pgn.compare(at, 8, "[White \"") == 0 && ++game % 3 == 0)
        out += "[WhiteElo \"" + std::to_string(1000 + game * 41 % 700) + "\"]\n[BlackElo \"" +
               std::to_string(1100 + game * 29 % 600) + "\"]\n";
      out += pgn.substr(at, next - at);
    }
    return out;
  }
};

const Fixture& fixture() {
  static Fixture f;
  return f;
}

nlohmann::json search(query::ReadSession& session, const std::string& query) {
  return nlohmann::json::parse(server::searchReply(server::parseParams(query), session).body);
}

std::vector<std::string> column(const nlohmann::json& games, const char* name) {
  std::vector<std::string> out;
  for (const auto& g : games) out.push_back(g[name].is_string() ? g[name].get<std::string>() : g[name].dump());
  return out;
}

// The first move most games opened with, in UHP.
std::string commonFirstMove(query::ReadSession& session) {
  const auto explored = nlohmann::json::parse(server::exploreReply(server::parseParams(""), session).body);
  REQUIRE_FALSE(explored["moves"].empty());
  return explored["moves"][0]["uhp"];
}

}  // namespace

TEST_CASE("the games through a position come newest by date first, every game once, and by length or ingest order") {
  query::ReadSession session(fixture().dir / "db");
  const std::string moves = "moves=" + commonFirstMove(session);
  const auto byDate = search(session, moves + "&limit=100");
  const auto byId = search(session, moves + "&limit=100&sort=id");
  REQUIRE(byDate["total"] == byId["total"]);
  REQUIRE(byDate["games"].size() == byId["total"].get<std::size_t>());
  REQUIRE(byDate["games"].size() > 3);
  // The same games, each at the same ply, in another order.
  std::set<std::string> dated, numbered;
  for (const auto& g : byDate["games"]) dated.insert(g["id"].dump() + "@" + g["ply"].dump());
  for (const auto& g : byId["games"]) numbered.insert(g["id"].dump() + "@" + g["ply"].dump());
  CHECK(dated == numbered);
  const auto dates = column(byDate["games"], "date");
  CHECK(std::is_sorted(dates.rbegin(), dates.rend()));
  const auto idDates = column(byId["games"], "date");
  CHECK_FALSE(std::is_sorted(idDates.rbegin(), idDates.rend()));
  // Paged: the second page goes on where the first stopped.
  const auto second = search(session, moves + "&limit=3&offset=3");
  const auto datedIds = column(byDate["games"], "id");
  CHECK(column(second["games"], "id") == std::vector(datedIds.begin() + 3, datedIds.begin() + 6));
  const auto oldest = search(session, moves + "&limit=100&oldest_first=1");
  const auto oldestDates = column(oldest["games"], "date");
  CHECK(std::is_sorted(oldestDates.begin(), oldestDates.end()));
  std::vector<int> plies;
  for (const auto& g : search(session, moves + "&limit=100&sort=plies")["games"]) plies.push_back(g["plies"]);
  CHECK(std::is_sorted(plies.rbegin(), plies.rend()));
  // At the start every game is there: the order is the catalogue's by date.
  const auto all = search(session, "limit=10");
  const auto run = test::runApiary(fixture().db + "games --json --limit 10");
  REQUIRE(run.code == 0);
  CHECK(column(all["games"], "id") == column(nlohmann::json::parse(run.out)["games"], "id"));
  CHECK_THROWS_AS(search(session, "sort=score"), query::QueryError);
  CHECK_THROWS_AS(server::playersReply(server::parseParams("sort=date"), session), query::QueryError);
}

TEST_CASE("by rating, the games whose players are both rated come first, highest lower rating first") {
  query::ReadSession session(fixture().dir / "db");
  const auto all = search(session, "sort=rating&limit=100");
  REQUIRE(all["games"].size() == 60);
  std::vector<int64_t> lower;
  std::size_t rated = 0;
  bool unratedSeen = false;
  for (const auto& g : all["games"]) {
    const bool both = !g["white_rating"].is_null() && !g["black_rating"].is_null();
    if (both) {
      CHECK_FALSE(unratedSeen);
      ++rated;
      lower.push_back(std::min(g["white_rating"].get<int64_t>(), g["black_rating"].get<int64_t>()));
    }
    unratedSeen |= !both;
  }
  CHECK(rated == 20);
  CHECK(std::is_sorted(lower.rbegin(), lower.rend()));
  // Among a position's games, looked up one by one or walked: the same order.
  const std::string moves = "moves=" + commonFirstMove(session);
  std::vector<int64_t> among;
  for (const auto& g : search(session, moves + "&sort=rating&limit=100&min_rating=0")["games"])
    among.push_back(std::min(g["white_rating"].get<int64_t>(), g["black_rating"].get<int64_t>()));
  CHECK(std::is_sorted(among.rbegin(), among.rend()));
  const auto listed =
      nlohmann::json::parse(server::gamesReply(server::parseParams("sort=rating&limit=3"), session).body);
  const auto allIds = column(all["games"], "id");
  CHECK(column(listed["games"], "id") == std::vector(allIds.begin(), allIds.begin() + 3));
}

TEST_CASE("every game through a position downloads as one file, as apiary search --to writes it") {
  query::ReadSession session(fixture().dir / "db");
  const std::string first = commonFirstMove(session);
  const server::Reply reply =
      server::positionExportReply(server::parseParams("moves=" + first + "&notation=pgn-like&sort=id"), session);
  CHECK(reply.status == 200);
  const auto run = test::runApiary(fixture().db + "search '" + first + "' --to pgn-like --sort id");
  REQUIRE(run.code == 0);
  CHECK(reply.body == run.out);
  const auto total = search(session, "moves=" + first)["total"].get<std::size_t>();
  const auto gamesIn = [](const std::string& text) {
    std::size_t games = 0;
    for (std::size_t at = 0; (at = text.find("[Event ", at)) != std::string::npos; ++at) ++games;
    return games;
  };
  CHECK(gamesIn(reply.body) == total);
  // In date order by default, both: as many games, in another order.
  const server::Reply dated =
      server::positionExportReply(server::parseParams("moves=" + first + "&notation=pgn-like"), session);
  CHECK(gamesIn(dated.body) == total);
  CHECK(dated.body != reply.body);
  CHECK(dated.body == test::runApiary(fixture().db + "search '" + first + "' --to pgn-like").out);
}

TEST_CASE("players are found by the start of their name in any letter case, most games first") {
  query::ReadSession session(fixture().dir / "db");
  const auto players = nlohmann::json::parse(server::playersReply(server::parseParams("limit=1"), session).body);
  const std::string name = players["players"][0]["name"];
  const std::string prefix = index::foldCase(name.substr(0, 3));
  const auto found = nlohmann::json::parse(
      server::playerNamesReply(server::parseParams("prefix=" + prefix + "&limit=50"), session).body)["players"];
  REQUIRE_FALSE(found.empty());
  bool seen = false;
  uint64_t previous = UINT64_MAX;
  for (const auto& p : found) {
    const std::string each = p["name"];
    CHECK(index::foldCase(each).rfind(prefix, 0) == 0);
    CHECK(p["games"].get<uint64_t>() <= previous);
    previous = p["games"];
    if (each == name) {
      seen = true;
      CHECK(p["games"] == players["players"][0]["games"]);
    }
  }
  CHECK(seen);
  const auto none =
      nlohmann::json::parse(server::playerNamesReply(server::parseParams("prefix=zzzzqq"), session).body)["players"];
  CHECK(none.empty());
  CHECK_THROWS_AS(server::playerNamesReply(server::parseParams(""), session), query::QueryError);
}
