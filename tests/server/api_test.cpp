// The API over a socket, against `apiary serve` on a database of generated games
// plus ../shared/games: each endpoint's document is the CLI's, errors are 400 or
// 404 with their parameter, ETags change with the database, NDJSON streams every
// match, and a batch ingested while the server runs shows within a second.
#include <httplib.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "api_client.hpp"
#include "server/limits.hpp"

using namespace apiary::test;
using nlohmann::json;

namespace {

// A board named by a stored game carries the game; the same position named
// otherwise does not.
json withoutGame(json board) {
  CHECK(board.contains("game"));
  board.erase("game");
  return board;
}

}  // namespace

TEST_CASE("explore over HTTP gives the document of apiary explore --json, with unfinished games counted") {
  Api api;
  const std::vector<std::string> positions{"", "wG1", api.opening(1, 4), api.opening(7, 9), api.opening(120, 2)};
  for (const auto& position : positions) {
    INFO(position);
    const json served = api.document("/api/explore?position=" + encoded(position));
    CHECK(withoutElapsed(served) == withoutElapsed(api.cli("explore '" + position + "'")));
    CHECK(served["games"] == served["wins"].get<int>() + served["draws"].get<int>() + served["losses"].get<int>() +
                                 served["unfinished"].get<int>());
    for (const auto& move : served["moves"])
      CHECK(move["games"] == move["wins"].get<int>() + move["draws"].get<int>() + move["losses"].get<int>() +
                                 move["unfinished"].get<int>());
  }
  const std::string position = api.opening(3, 6);
  CHECK(withoutElapsed(api.document("/api/explore?notation=direction&result=white&position=" + encoded(position))) ==
        withoutElapsed(api.cli("explore '" + position + "' --notation direction --result white")));
}

TEST_CASE("explore's uhp moves play on through the moves parameter") {
  Api api;
  const json start = api.document("/api/explore?notation=pgn-like");
  REQUIRE_FALSE(start["moves"].empty());
  const std::string first = start["moves"][0]["uhp"];
  const json next = api.document("/api/explore?moves=" + encoded(first));
  CHECK(next["games"] == start["moves"][0]["games"]);
  CHECK(withoutElapsed(next) == withoutElapsed(api.cli("explore '" + first + "'")));
}

TEST_CASE("search, games and info over HTTP give the CLI's documents") {
  Api api;
  const std::string position = api.opening(2, 3);
  CHECK(withoutElapsed(api.document("/api/search?limit=7&offset=2&position=" + encoded(position))) ==
        withoutElapsed(api.cli("search '" + position + "' --limit 7 --offset 2")));
  CHECK(withoutElapsed(api.document("/api/search?same_order=1&oldest_first=1&position=" + encoded(position))) ==
        withoutElapsed(api.cli("search '" + position + "' --same-order --oldest-first")));
  CHECK(withoutElapsed(api.document("/api/search?sort=id&limit=7&position=" + encoded(position))) ==
        withoutElapsed(api.cli("search '" + position + "' --limit 7 --sort id")));
  CHECK(withoutElapsed(api.document("/api/games?limit=5&offset=3&from_date=2020")) ==
        withoutElapsed(api.cli("games --limit 5 --offset 3 --from-date 2020")));
  CHECK(api.document("/api/info") == api.cli("info"));
}

TEST_CASE("game and ply give a stored game's position as --game and --ply do, to explore, search and the board") {
  Api api;
  for (const auto& [id, ply] : std::vector<std::pair<int, int>>{{4, 0}, {4, 6}, {9, 11}}) {
    const std::string at = "game=" + std::to_string(id) + "&ply=" + std::to_string(ply);
    const std::string flags = " --game " + std::to_string(id) + " --ply " + std::to_string(ply);
    INFO(at);
    CHECK(withoutElapsed(api.document("/api/explore?notation=pgn-like&" + at)) ==
          withoutElapsed(api.cli("explore --notation pgn-like" + flags)));
    CHECK(withoutElapsed(api.document("/api/search?limit=5&" + at)) ==
          withoutElapsed(api.cli("search --limit 5" + flags)));
    // The board after `ply` plies of the game is the board of its moves so far.
    const json game = api.document("/api/games/" + std::to_string(id));
    std::string moves;
    for (int i = 0; i < ply; ++i) moves += (i ? ";" : "") + game["plies"][i]["uhp"].get<std::string>();
    const std::string start = game["game"]["game_type"] == "Base+MLP"
                                  ? ""
                                  : game["game"]["game_type"].get<std::string>() + ";NotStarted;White[1]";
    const json board = api.document("/api/board?" + at);
    CHECK(board["game"]["id"] == id);
    CHECK(withoutGame(board) == api.document("/api/board?position=" + encoded(start) + "&moves=" + encoded(moves)));
    CHECK(board["ply"] == ply);
    CHECK(api.get("/api/position.svg?" + at)->body ==
          api.get("/api/position.svg?position=" + encoded(start) + "&moves=" + encoded(moves))->body);
  }
  // Without ply, the game's end; moves play on from the game's position.
  const json whole = api.document("/api/games/4");
  CHECK(api.document("/api/board?game=4")["position"] == whole["plies"].back()["position"]);
  const json afterTwo = api.document("/api/board?game=4&ply=2");
  const std::string third = whole["plies"][2]["uhp"];
  CHECK(api.document("/api/board?game=4&ply=2&moves=" + encoded(third)) == api.document("/api/board?game=4&ply=3"));
  CHECK(afterTwo["ply"] == 2);
}

TEST_CASE("a game or ply that cannot be is refused naming game or ply, the API as its parameters, the CLI as flags") {
  Api api;
  const json unknown = api.document("/api/explore?game=999999&ply=2", 404);
  CHECK(unknown["parameter"] == "game");
  const auto cliUnknown = runApiary("--db " + servedDatabase().string() + " explore --game 999999 --ply 2", true);
  CHECK(cliUnknown.code == 2);
  CHECK(unknown["error"] == "game 999999: no such game");
  CHECK(cliUnknown.out.find("--game 999999: no such game") != std::string::npos);
  const int plies = api.document("/api/games/4")["game"]["plies"];
  const json past = api.document("/api/board?game=4&ply=" + std::to_string(plies + 1), 400);
  CHECK(past["parameter"] == "ply");
  CHECK(past["error"] == "ply " + std::to_string(plies + 1) + ": game 4 has " + std::to_string(plies) + " plies");
  const json both = api.document("/api/explore?game=4&position=wG1", 400);
  CHECK(both["parameter"] == "game");
  CHECK(both["error"] == "game: give the position once: position or game");
  const std::vector<std::tuple<std::string, int, std::string>> refused{
      {"/api/search?game=abc", 400, "game"},
      {"/api/search?game=4&ply=-1", 400, "ply"},
      {"/api/explore?ply=3", 400, "ply"},  // the start has no ply 3
      {"/api/position.svg?game=999999", 404, "game"},
      {"/api/pattern?where=ply%20%3E%3D%202&game=4&ply=2", 400, "game"}};
  for (const auto& [path, status, parameter] : refused) {
    INFO(path);
    CHECK(api.document(path, status)["parameter"] == parameter);
  }
}

TEST_CASE("a game comes with its plies, and as a file in any notation") {
  Api api;
  const json game = api.document("/api/games/5?notation=pgn-like");
  CHECK(game["game"]["id"] == 5);
  REQUIRE(game["plies"].size() == game["game"]["plies"].get<std::size_t>());
  CHECK(game["plies"][0]["ply"] == 1);
  CHECK(game["plies"].back()["key"].get<std::string>().size() > 0);
  CHECK(game["game"]["game_string"].get<std::string>().find(game["plies"][0]["uhp"].get<std::string>()) !=
        std::string::npos);
  // The position after the last ply is the game's final position.
  const json shown = api.cli("show 5");
  CHECK(game["plies"].back()["position"] == shown["position"]);

  const auto file = api.get("/api/games/5/export?notation=pgn-like");
  CHECK(file->status == 200);
  CHECK(file->get_header_value("Content-Disposition") == "attachment; filename=\"game-5.pgn-like.txt\"");
  const auto exported = runApiary("--db " + servedDatabase().string() + " export 5 --to pgn-like");
  CHECK(file->body == exported.out);

  // BoardSpace's dialect, named as its viewer opens it, the same text as the CLI's.
  const auto sgf = api.get("/api/games/5/export?notation=sgf");
  CHECK(sgf->status == 200);
  CHECK(sgf->get_header_value("Content-Disposition") == "attachment; filename=\"game-5.sgf\"");
  CHECK(sgf->body.starts_with("(;\nGM[27]\nVV[1]\n"));
  CHECK(sgf->body == runApiary("--db " + servedDatabase().string() + " export 5 --to sgf").out);

  // format=, the parameter's old name, still names the file's notation; without
  // either the file is UHP.
  const auto old = api.get("/api/games/5/export?format=sgf");
  CHECK(old->status == 200);
  CHECK(old->get_header_value("Content-Disposition") == "attachment; filename=\"game-5.sgf\"");
  CHECK(old->body == sgf->body);
  CHECK(api.get("/api/games/5/export")->body ==
        runApiary("--db " + servedDatabase().string() + " export 5 --to uhp").out);
  // A notation that writes games but not single moves is a file's notation only.
  CHECK(api.document("/api/explore?notation=sgf", 400)["parameter"] == "notation");
  CHECK(api.document("/api/games/5/export?notation=klingon", 400)["parameter"] == "notation");
}

TEST_CASE("bad parameters get 400 naming the parameter in the API's words, unknown games and paths 404") {
  Api api;
  CHECK(api.document("/api/explore?limit=0", 400)["parameter"] == "limit");
  CHECK(api.document("/api/search?limit=-1", 400)["parameter"] == "limit");
  CHECK(api.document("/api/games?limit=many", 400)["parameter"] == "limit");
  const json date = api.document("/api/games?from_date=yesterday", 400);
  CHECK(date["parameter"] == "from_date");
  CHECK(date["error"] == "from_date 'yesterday': expected yyyy-mm-dd, yyyy-mm or yyyy");
  CHECK(api.document("/api/explore?notation=runes", 400)["parameter"] == "notation");
  CHECK(api.document("/api/explore?position=zz%20top", 400)["parameter"] == "position");
  CHECK(api.document("/api/board?moves=wQ%3BbQ%20wQ-%3BwS1%20bQ-", 400)["parameter"] == "moves");
  CHECK(api.document("/api/explore?player=" + std::string(1000, 'a'), 400)["parameter"] == "player");
  CHECK(api.document("/api/search?same_order=1&position=" +
                         encoded("7a3/6A4/5M=bGlgp=B=mS/4GL1q2s/2gG=B=bP6/1aQA:7/1as8/1g9/A10"),
                     400)["parameter"] == "same_order");
  CHECK(api.document("/api/games/999999", 404).contains("error"));
  CHECK(api.document("/api/games/abc", 404).contains("error"));
  CHECK(api.document("/api/nothing", 404).contains("error"));
  CHECK(api.get("/no-such-file.js")->status == 404);
  auto posted = api.client.Post("/api/explore", "{}", "application/json");
  REQUIRE(posted);
  CHECK(posted->status == 415);  // a form's text only
  posted = api.client.Post("/api/games", "limit=1", "application/x-www-form-urlencoded");
  REQUIRE(posted);
  CHECK(posted->status == 405);  // a position's endpoints only
}

TEST_CASE("errors speak of the API's parameters, the CLI's of its flags") {
  Api api;
  const json date = api.document("/api/explore?from_date=2022-13-45", 400);
  CHECK(date["error"] == "from_date '2022-13-45': expected yyyy-mm-dd, yyyy-mm or yyyy");
  const auto cli = runApiary("--db " + servedDatabase().string() + " explore --from-date 2022-13-45", true);
  CHECK(cli.code == 2);
  CHECK(cli.out.find("--from-date '2022-13-45': expected") != std::string::npos);
  // A move that fits nothing in a pasted list: the field, then where in the text.
  const json position = api.document("/api/explore?position=" + encoded("1. wS1 2. bG1 -wQ"), 400);
  CHECK(position["parameter"] == "position");
  CHECK(position["error"].get<std::string>().rfind("position: ply 2: ", 0) == 0);
  const json moves = api.document("/api/board?moves=" + encoded("wS1;bG1 wS1-;wQ"), 400);
  CHECK(moves["parameter"] == "moves");
  CHECK(moves["error"].get<std::string>().rfind("moves: ply 3: ", 0) == 0);
  for (const json& error : {date, position, moves})
    CHECK(error["error"].get<std::string>().find("--") == std::string::npos);
}

TEST_CASE("a whole game's text opens as the position, at its end or at ply, by GET or as a POSTed form") {
  Api api;
  const json game = api.document("/api/games/5");
  const int plies = game["game"]["plies"];
  const std::string file = api.get("/api/games/5/export?notation=uhp")->body;  // the page's "Download uhp"
  REQUIRE(file.find('\n') != std::string::npos);
  const json atEnd = withoutGame(api.document("/api/board?game=5"));
  CHECK(api.document("/api/board?position=" + encoded(file)) == atEnd);
  const json atTwo = withoutGame(api.document("/api/board?game=5&ply=2"));
  CHECK(api.document("/api/board?ply=2&position=" + encoded(file)) == atTwo);
  // Every notation's file of the game, multi-line, with its tags: the same position.
  for (const char* notation : {"pgn-like", "direction", "algebraic"}) {
    INFO(notation);
    const std::string text = api.get("/api/games/5/export?notation=" + std::string(notation))->body;
    // These notations orient the game themselves: the same position up to symmetry.
    CHECK(api.document("/api/explore?position=" + encoded(text))["position"] ==
          api.document("/api/explore?game=5")["position"]);
  }
  // A game with its commentary passes the URL's limit (24 KiB, server/limits.hpp): a
  // body takes it, as a form's text.
  const std::string longGame = "[Annotator \"" + std::string(26000, 'x') + "\"]\n" + file;
  const auto refused = api.client.Get(("/api/board?position=" + encoded(longGame)).c_str());
  REQUIRE(refused);
  CHECK(refused->status == 414);
  const auto posted = api.client.Post("/api/board", "position=" + encoded(longGame), "text/plain;charset=UTF-8");
  REQUIRE(posted);
  CHECK(posted->status == 200);
  CHECK(json::parse(posted->body) == atEnd);
  // boardspace's own files run to 15 KB encoded: a form body takes them whole.
  const std::filesystem::path sgf =
      std::filesystem::path(APIARY_SHARED_DIR) / "games/boardspace-sgf/HV-aaronheit-jdokakill-2019-06-22-1750.sgf";
  if (std::filesystem::exists(sgf)) {
    std::ifstream in(sgf, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    const auto sgfPosted = api.client.Post("/api/board", "position=" + encoded(text.str()), "text/plain");
    REQUIRE(sgfPosted);
    CHECK(sgfPosted->status == 200);
    CHECK(json::parse(sgfPosted->body)["ply"].get<int>() > 20);
  } else {
    WARN("../shared is absent: the boardspace file is not posted");
  }
  const auto explored = api.client.Post("/api/explore", "notation=pgn-like&position=" + encoded(file),
                                        "application/x-www-form-urlencoded");
  REQUIRE(explored);
  CHECK(withoutElapsed(json::parse(explored->body)) ==
        withoutElapsed(api.document("/api/explore?notation=pgn-like&game=5")));
  CHECK(plies > 2);
}

TEST_CASE("a pasted move list takes the request's game type, widened to the pieces it uses") {
  Api api;
  const std::string moves = encoded("wG1;bB1 wG1-");
  CHECK(api.document("/api/board?position=" + moves)["game_type"] == "Base+MLP");
  CHECK(api.document("/api/board?game_type=Base&position=" + moves)["game_type"] == "Base");
  CHECK(api.document("/api/board?game_type=Base&position=" + encoded("wG1;bM wG1-"))["game_type"] == "Base+M");
}

TEST_CASE("answers carry an ETag and Cache-Control, and a matching If-None-Match gets 304") {
  Api api;
  const auto first = api.get("/api/explore?position=wG1");
  const std::string tag = first->get_header_value("ETag");
  CHECK_FALSE(tag.empty());
  CHECK(first->get_header_value("Cache-Control") == "no-cache");
  CHECK(api.get("/api/explore?position=wG1")->get_header_value("ETag") == tag);
  CHECK(api.get("/api/explore?position=wS1")->get_header_value("ETag") != tag);
  const auto again = api.get("/api/explore?position=wG1", {{"If-None-Match", tag}});
  CHECK(again->status == 304);
  CHECK(again->body.empty());
  const auto page = api.get("/");
  CHECK(page->status == 200);
  CHECK(page->get_header_value("Content-Type").rfind("text/html", 0) == 0);
  CHECK_FALSE(page->get_header_value("Cache-Control").empty());
}

TEST_CASE("search with Accept: application/x-ndjson streams every match, one game a line") {
  Api api;
  const json page = api.document("/api/search?sort=id&position=");  // the stream is in ingest order
  const auto stream = api.get("/api/search?position=", {{"Accept", "application/x-ndjson"}});
  CHECK(stream->status == 200);
  CHECK(stream->get_header_value("Content-Type") == "application/x-ndjson");
  CHECK(stream->get_header_value("Transfer-Encoding") == "chunked");
  std::size_t lines = 0;
  std::istringstream in(stream->body);
  for (std::string line; std::getline(in, line); ++lines)
    if (lines < page["games"].size()) CHECK(json::parse(line) == page["games"][lines]);
  CHECK(lines == page["total"].get<std::size_t>());
  CHECK(page["total"].get<std::size_t>() > apiary::server::limits::kStreamPageGames);  // more than one page
  CHECK(api.get("/api/search?limit=0", {{"Accept", "application/x-ndjson"}})->status == 400);
}

TEST_CASE("a batch ingested while the server runs shows within a second, and the ETag changes") {
  Api api;
  const auto before = api.document("/api/info")["games"].get<int>();
  const std::string tag = api.get("/api/explore")->get_header_value("ETag");
  const auto added = runApiary("generate --games 40 --seed 77 | " + std::string(APIARY_BINARY) + " --db " +
                               servedDatabase().string() + " ingest -");
  REQUIRE(added.code == 0);
  const auto committed = std::chrono::steady_clock::now();
  int games = before;
  while (games == before && std::chrono::steady_clock::now() - committed < std::chrono::seconds(3)) {
    games = api.document("/api/info")["games"].get<int>();
    if (games == before) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  const auto shownAfter = std::chrono::steady_clock::now() - committed;
  CHECK(games == before + 40);
  CHECK(shownAfter < std::chrono::seconds(1));
  // Every session shows it after their refresh interval, and the explorer counts it.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  CHECK(api.get("/api/explore")->get_header_value("ETag") != tag);
  CHECK(api.document("/api/explore")["games"] == games);
}

TEST_CASE("the server stops cleanly on SIGTERM") {
  Api api;
  CHECK(api.document("/health") == json{{"status", "ok"}});
  CHECK(api.server.stop() == 0);
}
