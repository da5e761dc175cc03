// GET /api/player/{name} and /api/players answer what `apiary player NAME --json`
// and `apiary players --json` print, without a socket: the handlers on a session.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "query/error.hpp"
#include "run_apiary.hpp"
#include "server/handlers.hpp"
#include "support.hpp"

using namespace apiary;

namespace {

// Forty generated games in a scratch database, once for the file.
struct Fixture {
  test::TempDir scratch{"apiary-player-api"};
  const std::filesystem::path& dir = scratch.path;
  std::string db = "--db " + (dir / "db").string() + " ";
  Fixture() {
    REQUIRE(test::runApiary("generate --games 40 --seed 16 > " + (dir / "games.pgn").string()).code == 0);
    REQUIRE(test::runApiary(db + "ingest " + (dir / "games.pgn").string()).code == 0);
  }
};

const Fixture& fixture() {
  static Fixture f;
  return f;
}

nlohmann::json cli(const std::string& args) {
  const auto run = test::runApiary(fixture().db + args);
  REQUIRE(run.code == 0);
  return nlohmann::json::parse(run.out);
}

}  // namespace

TEST_CASE("the player endpoints answer the CLI's JSON") {
  query::ReadSession session(fixture().dir / "db");
  const nlohmann::json players =
      nlohmann::json::parse(server::playersReply(server::parseParams("limit=5"), session).body);
  CHECK(players == cli("players --json --limit 5"));
  const nlohmann::json byScore =
      nlohmann::json::parse(server::playersReply(server::parseParams("sort=score&min_games=3"), session).body);
  CHECK(byScore == cli("players --json --sort score --min-games 3"));
  REQUIRE_FALSE(players["players"].empty());
  // A page further: the rows after the offset, in the same order.
  const nlohmann::json page =
      nlohmann::json::parse(server::playersReply(server::parseParams("limit=3&offset=2"), session).body);
  CHECK(page == cli("players --json --limit 3 --offset 2"));
  REQUIRE(players["players"].size() == 5);
  CHECK(page["players"] == nlohmann::json(std::vector(players["players"].begin() + 2, players["players"].end())));
  CHECK(page["total"] == players["total"]);
  const std::string name = players["players"][0]["name"];
  const auto reply = server::playerReply(name, server::parseParams("notation=pgn-like&color=first"), session);
  CHECK(reply.status == 200);
  CHECK(nlohmann::json::parse(reply.body) == cli("player --json '" + name + "' --notation pgn-like --color first"));
  CHECK(nlohmann::json::parse(reply.body)["games"].get<int>() > 0);
  CHECK_THROWS_AS(server::parseParams("sort=height"), query::QueryError);
  CHECK_THROWS_AS(server::playerReply(name, server::parseParams("player=x"), session), query::QueryError);
}
