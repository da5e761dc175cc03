// The CLI's --json and the API answer one document: for every command that has
// both (info, explore, search, games, pattern, player, players, and show beside
// /api/board), the same question asked of `apiary ... --json` and of `apiary serve`
// on one small database (servedDatabase: 300 generated games and ../shared/games),
// the answers parsed and compared whole.
//
// Removed before comparing, and only that: "elapsed_ms", the time each run took
// (explore, search, games, pattern), which differs between any two runs of either
// front end; withoutElapsed checks it is there in both.
#include <catch2/catch.hpp>
#include <string>
#include <utility>
#include <vector>

#include "api_client.hpp"

using namespace apiary::test;
using nlohmann::json;

namespace {

// (CLI arguments, API path) pairs asking one question each.
using Questions = std::vector<std::pair<std::string, std::string>>;

// Each question's two answers are one document; `listed` names a member that must
// not be empty, so that a comparison of two empty answers proves nothing.
void checkTimedAnswers(Api& api, const Questions& questions, const char* listed) {
  for (const auto& [command, path] : questions) {
    INFO(command << " | " << path);
    const json served = api.document(path);
    CHECK(withoutElapsed(api.cli(command)) == withoutElapsed(served));
    CHECK_FALSE(served[listed].empty());
  }
}

}  // namespace

TEST_CASE("info: the CLI's document is the API's") {
  Api api;
  const json served = api.document("/api/info");
  CHECK(api.cli("info") == served);
  CHECK(served["games"].get<int>() > 0);
  CHECK(served["positions"].get<int>() > 0);
  uint64_t byType = 0;
  for (const auto& [type, games] : served["games_by_type"].items()) byType += games.get<uint64_t>();
  CHECK(byType == served["games"].get<uint64_t>());
}

TEST_CASE("explore: the CLI's document is the API's, for positions, notations, stored games and filters") {
  Api api;
  const std::string line = api.opening(3, 4);
  REQUIRE_FALSE(line.empty());
  checkTimedAnswers(
      api,
      {{"explore", "/api/explore"},
       {"explore '" + line + "'", "/api/explore?position=" + encoded(line)},
       {"explore '" + line + "' --notation pgn-like", "/api/explore?notation=pgn-like&position=" + encoded(line)},
       {"explore --game 5 --ply 6 --notation direction", "/api/explore?game=5&ply=6&notation=direction"},
       {"explore --moves 'wG1' --result white", "/api/explore?moves=wG1&result=white"}},
      "moves");
}

TEST_CASE("search: the CLI's document is the API's, by default and by every order, paged and from a stored game") {
  Api api;
  const std::string line = api.opening(4, 2);
  // Both default to date, newest first: neither names an order.
  Questions questions{
      {"search '" + line + "' --limit 5 --offset 2", "/api/search?limit=5&offset=2&position=" + encoded(line)},
      {"search '" + line + "' --oldest-first --same-order",
       "/api/search?oldest_first=1&same_order=1&position=" + encoded(line)},
      {"search --game 7 --ply 3", "/api/search?game=7&ply=3"}};
  for (const std::string sort : {"date", "plies", "rating", "id"})
    questions.emplace_back("search '" + line + "' --limit 6 --sort " + sort,
                           "/api/search?limit=6&sort=" + sort + "&position=" + encoded(line));
  checkTimedAnswers(api, questions, "games");
}

TEST_CASE("games: the CLI's document is the API's, by every order and with filters") {
  Api api;
  Questions questions;
  for (const std::string sort : {"date", "plies", "rating", "id"})
    questions.emplace_back("games --limit 6 --offset 1 --sort " + sort, "/api/games?limit=6&offset=1&sort=" + sort);
  questions.emplace_back("games --result draw --oldest-first --limit 3",
                         "/api/games?result=draw&oldest_first=1&limit=3");
  checkTimedAnswers(api, questions, "games");
}

TEST_CASE("pattern: the CLI's document is the API's") {
  Api api;
  checkTimedAnswers(api,
                    {{"pattern 'B on theirs Q' --limit 4", "/api/pattern?limit=4&pattern=" + encoded("B on theirs Q")},
                     {"pattern --where 'ply >= 30' --limit 3 --offset 1",
                      "/api/pattern?limit=3&offset=1&where=" + encoded("ply >= 30")}},
                    "games");
}

TEST_CASE("player and players: the CLI's documents are the API's") {
  Api api;
  const json top = api.document("/api/players?limit=1");
  REQUIRE_FALSE(top["players"].empty());
  const std::string name = top["players"][0]["name"];
  const json served = api.document("/api/player/" + encoded(name) + "?notation=pgn-like");
  CHECK(api.cli("player '" + name + "' --notation pgn-like") == served);
  CHECK(served["games"].get<int>() > 0);
  CHECK(api.cli("player '" + name + "' --color first") ==
        api.document("/api/player/" + encoded(name) + "?color=first"));
  const json ranked = api.document("/api/players?sort=score&min_games=2&limit=5&offset=1");
  CHECK(api.cli("players --sort score --min-games 2 --limit 5 --offset 1") == ranked);
  CHECK(ranked["players"].size() == 5);
}

TEST_CASE("show: the CLI's document is /api/board's, for moves, a game's ply and a position string") {
  Api api;
  const json atPly = api.document("/api/board?game=2&ply=4&notation=pgn-like");
  CHECK(api.cli("show --game 2 --ply 4 --notation pgn-like") == atPly);
  CHECK(atPly["game"]["id"] == 2);
  CHECK(atPly["history"].size() == 4);
  CHECK(api.cli("show 2") == api.document("/api/board?game=2"));
  const std::string line = api.opening(2, 5);
  const json moved = api.document("/api/board?notation=direction&position=" + encoded(line));
  CHECK(api.cli("show '" + line + "' --notation direction") == moved);
  CHECK_FALSE(moved.contains("game"));
  CHECK_FALSE(moved["moves"].empty());
  const std::string fen = moved["position"];
  CHECK(api.cli("show --fen '" + fen + "'") == api.document("/api/board?position=" + encoded(fen)));
}
