// apiary show and apiary export as users and scripts run them: what they print,
// JSON, files, exit codes (0 ok, 1 something asked for is not there, 2 bad usage).
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>

#include <catch2/catch.hpp>
#include "index/index_support.hpp"
#include "run_apiary.hpp"
#include "support.hpp"

using namespace apiary;

namespace {

// Twelve generated games ingested into a scratch database, once for the file.
struct Fixture {
  test::ScratchDir dir{"show-export-cli"};
  std::string db;

  Fixture() {
    std::filesystem::create_directories(dir.path());
    const std::string games = (dir.path() / "games.pgn").string();
    db = "--db " + (dir.path() / "db").string() + " ";
    REQUIRE(test::runApiary("generate --games 12 --seed 5 > " + games).code == 0);
    REQUIRE(test::runApiary(db + "ingest " + games).code == 0);
  }
};

const std::string& db() {
  static Fixture f;
  return f.db;
}

int countOf(const std::string& text, const std::string& part) {
  int n = 0;
  for (std::size_t at = 0; (at = text.find(part, at)) != std::string::npos; at += part.size()) ++n;
  return n;
}

}  // namespace

TEST_CASE("show prints a game's tags, moves and diagram", "[cli][show]") {
  const auto run = test::runApiary(db() + "show 4");
  REQUIRE(run.code == 0);
  CHECK(run.out.rfind("game 4  ", 0) == 0);
  CHECK(run.out.find("  White ") != std::string::npos);
  CHECK(run.out.find("\n1. w") != std::string::npos);
  CHECK(run.out.find("upper case White, lower case Black") != std::string::npos);
  CHECK(run.out.find("\nposition  ") != std::string::npos);
  CHECK(run.out.find('\x1b') == std::string::npos);  // not a terminal: no colour
  CHECK(test::runApiary(db() + "show 4 --color always").out.find("\x1b[") != std::string::npos);
}

TEST_CASE("show --json and --ply give the position after that ply", "[cli][show]") {
  const auto whole = nlohmann::json::parse(test::runApiary(db() + "show 4 --json").out);
  const auto& game = whole["game"];
  CHECK(game["id"] == 4);
  CHECK(whole["ply"] == game["plies"]);
  CHECK(whole["history"].size() == game["plies"].get<std::size_t>());
  // The whole game as a GameString: its moves are the history's.
  std::string moves;
  for (const auto& move : whole["history"]) moves += ";" + move.get<std::string>();
  CHECK(game["game_string"].get<std::string>().ends_with(moves));

  const auto svg = std::filesystem::temp_directory_path() / ("apiary-show-" + std::to_string(getpid()) + ".svg");
  const auto run = test::runApiary(db() + "show 4 --ply 5 --json --svg " + svg.string());
  REQUIRE(run.code == 0);
  const auto early = nlohmann::json::parse(run.out);
  CHECK(early["ply"] == 5);
  // Every piece named in the first five moves is on the board, in some stack.
  std::set<std::string> named;
  for (int ply = 0; ply < 5; ++ply) {
    const std::string move = whole["history"][ply];
    named.insert(move.substr(0, move.find(' ')));
  }
  std::size_t pieces = 0;
  for (const auto& stack : early["stacks"]) pieces += stack["pieces"].size();
  CHECK(pieces == named.size());
  CHECK(early["last_move"]["uhp"] == whole["history"][4]);
  CHECK(early["game"] == game);  // the whole game, though the board is rewound
  CHECK(early["svg"] == svg.string());
  const std::string file = test::readFile(svg);
  CHECK(file.rfind("<?xml", 0) == 0);
  CHECK(countOf(file, "class=\"stack ") == int(early["stacks"].size()));
  std::filesystem::remove(svg);
}

TEST_CASE("show draws a position given as moves, a GameString or a position string", "[cli][show]") {
  const auto moves = test::runApiary(db() + "show 'wS1 bG1 wS1- wQ -wS1' --json");
  REQUIRE(moves.code == 0);
  const auto json = nlohmann::json::parse(moves.out);
  CHECK(json["ply"] == 3);
  CHECK(json["last_move"]["uhp"] == "wQ -wS1");
  CHECK_FALSE(json.contains("game"));

  const auto gameString = test::runApiary("show --game-string 'Base;InProgress;White[2];wS1;bG1 wS1-' --json");
  REQUIRE(gameString.code == 0);
  CHECK(nlohmann::json::parse(gameString.out)["stacks"].size() == 2);

  const std::string position = nlohmann::json::parse(gameString.out)["position"];
  const auto fen = test::runApiary("show --fen '" + position + "'");
  REQUIRE(fen.code == 0);
  CHECK(fen.out.find("ply 2, White to move") != std::string::npos);
  // A position string has no history to go back in; a move list has.
  CHECK(test::runApiary("show --fen '" + position + "' --ply 0").code == 2);
  CHECK(test::runApiary("show --fen '" + position + "' --ply 2").code == 0);
  CHECK(nlohmann::json::parse(test::runApiary("show 'wS1 bG1 wS1-' --ply 1 --json").out)["stacks"].size() == 1);
}

TEST_CASE("show picks the newest game the filters keep", "[cli][show]") {
  const auto first = nlohmann::json::parse(test::runApiary(db() + "show 1 --json").out);
  std::string white;
  for (const auto& tag : first["game"]["tags"])
    if (tag["name"] == "White") white = tag["value"];
  REQUIRE(!white.empty());
  const auto run = test::runApiary(db() + "show --player '" + white + "' --json");
  REQUIRE(run.code == 0);
  CHECK(nlohmann::json::parse(run.out)["game"]["id"].get<int>() >= 1);
  CHECK(test::runApiary(db() + "show 1 --white '" + white + "'").code == 0);
  CHECK(test::runApiary(db() + "show 1 --white 'nobody at all'").code == 1);
}

TEST_CASE("show refuses what it cannot show", "[cli][show]") {
  CHECK(test::runApiary(db() + "show 999").code == 1);
  CHECK(test::runApiary(db() + "show 4 --ply 100000").code == 2);
  CHECK(test::runApiary(db() + "show 'wS1 wQ'").code == 2);  // not a legal move list
  CHECK(test::runApiary(db() + "show --fen 'Q w' --player x").code == 2);
  CHECK(test::runApiary(db() + "show").code == 2);
  CHECK(test::runApiary(db() + "show 4 --result maybe").code == 2);
}

TEST_CASE("export writes the games in the asked notation", "[cli][export]") {
  const auto all = test::runApiary(db() + "export --to uhp");
  REQUIRE(all.code == 0);
  CHECK(countOf(all.out, "[GameType ") == 12);

  const auto two = test::runApiary(db() + "export 2 3 --to fen");
  REQUIRE(two.code == 0);
  CHECK(countOf(two.out, "\n") == 2);

  const auto json = test::runApiary(db() + "export 1 5 --to algebraic --json");
  REQUIRE(json.code == 0);
  const auto parsed = nlohmann::json::parse(json.out);
  CHECK(parsed["exported"] == 2);
  CHECK(parsed["games"][1]["id"] == 5);
  CHECK(parsed["games"][1]["text"].get<std::string>().find("1. w") != std::string::npos);

  const auto file = std::filesystem::temp_directory_path() / ("apiary-export-" + std::to_string(getpid()) + ".txt");
  const auto written = test::runApiary(db() + "export --to direction --result white -o " + file.string() + " --json");
  REQUIRE(written.code == 0);
  const auto summary = nlohmann::json::parse(written.out);
  CHECK(summary["file"] == file.string());
  CHECK(summary["exported"].get<int>() > 0);
  CHECK(countOf(test::readFile(file), "Result: WhiteWins") == summary["exported"].get<int>());
  std::filesystem::remove(file);
}

TEST_CASE("export reports missing games and bad usage", "[cli][export]") {
  const auto some = test::runApiary(db() + "export 1 999 --to uhp");
  CHECK(some.code == 1);
  CHECK(countOf(some.out, "[GameType ") == 1);
  CHECK(test::runApiary(db() + "export --to xml").code == 2);
  CHECK(test::runApiary(db() + "export 1").code == 2);  // --to is required
  CHECK(test::runApiary(db() + "export --to uhp --from-date yesterday").code == 2);
}
