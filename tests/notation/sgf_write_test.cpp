// Writing boardspace's `.sgf`: every game apiary reads (../shared, all notations)
// and generated games of all eight types read back to the same moves and the tags
// SGF holds; golden files fix the exact text of the dialect.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "engine/generate.hpp"
#include "notation/notations.hpp"
#include "notation_row.hpp"
#include "support.hpp"

using namespace apiary;
namespace fs = std::filesystem;

namespace {

// The tags an .sgf holds as header properties; the others (Event, Round, a Site
// other than boardspace) have no place in boardspace's header.
constexpr const char* kHeldTags[] = {"White", "Black", "Date", "WhiteElo", "BlackElo", "TimeControl"};

void checkRoundTrip(const notation::ReplayedGame& game, const std::string& what) {
  const std::string text = notation::writeGame(test::row("sgf"), game);
  INFO(what << "\n" << text);
  const auto back = notation::readGames(test::row("sgf"), text);
  REQUIRE(back.size() == 1);
  INFO((back[0].error ? notation::describeError("written", *back[0].error) : ""));
  REQUIRE(back[0].ok());
  CHECK(back[0].board.type() == game.board.type());
  CHECK(back[0].board.history() == game.board.history());
  for (const char* name : kHeldTags) {
    const std::string* before = game.tag(name);
    const std::string* after = back[0].tag(name);
    if (before && !before->empty()) {
      REQUIRE(after);
      CHECK(*after == *before);
    }
  }
  // RE names the winner, so a result survives when the players have distinct names.
  const std::string* result = game.tag("Result");
  const std::string* white = game.tag("White");
  const std::string* black = game.tag("Black");
  const bool named = white && black && !white->empty() && !black->empty() && *white != *black;
  if (result && named && (*result == "WhiteWins" || *result == "BlackWins" || *result == "Draw")) {
    REQUIRE(back[0].tag("Result"));
    CHECK(*back[0].tag("Result") == *result);
  }
}

void checkGolden(const std::string& name, const std::string& actual) {
  const auto path = fs::path(APIARY_SOURCE_DIR) / "tests/notation/golden" / name;
  if (std::getenv("APIARY_UPDATE_GOLDEN")) {
    std::ofstream(path, std::ios::binary) << actual;
    WARN("rewrote " << path);
    return;
  }
  INFO("golden file " << path);
  REQUIRE(fs::exists(path));
  CHECK(test::readFile(path) == actual);
}

}  // namespace

TEST_CASE("every game of ../shared written as sgf reads back to the same moves and tags", "[sgf][write]") {
  const auto dir = test::requireShared();
  if (dir.empty()) return;
  int games = 0;
  for (const auto& entry : fs::recursive_directory_iterator(dir / "games")) {
    if (!entry.is_regular_file()) continue;
    const std::string text = test::readFile(entry.path());
    const notation::Notation* from = notation::detectNotation(text, entry.path().string());
    if (!from || from->positions) continue;
    for (const auto& game : notation::readGames(*from, text)) {
      if (!game.ok()) continue;  // the invalid fixtures
      checkRoundTrip(game, entry.path().string() + " (" + std::string(from->name) + ")");
      ++games;
    }
  }
  CHECK(games >= 40);
}

TEST_CASE("generated games of all eight types written as sgf read back the same", "[sgf][write]") {
  int games = 0;
  for (uint8_t expansions = 0; expansions < 8; ++expansions) {
    GameGenerator generator(1000 + expansions, GameType{expansions});
    for (int i = 0; i < 40; ++i) {
      GeneratedGame generated = generator.next();
      const auto game = notation::gameFromBoard(std::move(generated.board), generated.tags);
      checkRoundTrip(game, "generated " + game.board.type().name() + " game " + std::to_string(i));
      ++games;
    }
  }
  CHECK(games == 320);
}

TEST_CASE("a generated game is written in boardspace's dialect, exactly", "[sgf][write]") {
  GameGenerator generator(7, GameType::all());
  GeneratedGame generated = generator.next();
  generated.tags.push_back({"WhiteElo", "1620"});
  generated.tags.push_back({"TimeControl", "15:00"});
  const auto game = notation::gameFromBoard(std::move(generated.board), generated.tags);
  const std::string text = notation::writeGame(test::row("sgf"), game);
  checkGolden("generated_game.sgf", text);
  checkRoundTrip(game, "the golden game");
}

TEST_CASE("a game read from boardspace keeps its header properties when written again", "[sgf][write]") {
  const auto dir = test::requireShared();
  if (dir.empty()) return;
  const auto games = notation::readGames(
      test::row("sgf"), test::readFile(dir / "games/boardspace-sgf/HV-blue1224-Dumbot-2016-04-02-1915.sgf"));
  REQUIRE(games.size() == 1);
  REQUIRE(games[0].ok());
  const std::string text = notation::writeGame(test::row("sgf"), games[0]);
  INFO(text);
  for (const char* property :
       {"GM[27]", "VV[1]", "SU[Hive-PLM]", "DT[Sat Apr 02 15:15:58 EDT 2016]", "GN[HV-blue1224-Dumbot-2016-04-02-1915]",
        "RE[Game won by blue1224]", "P0[id \"blue1224\"]", "P0[ranking 1325]", "P1[id \"Dumbot\"]", "P0[time 0:04:57 ]",
        "P1[time 0:05:50 ]"})
    CHECK(text.find(property) != std::string::npos);
  const auto back = notation::readGames(test::row("sgf"), text);
  REQUIRE(back.size() == 1);
  for (const char* name : {"GN", "RE", "P0 ranking", "P0 time", "P1 time", "WhiteElo"}) {
    INFO(name);
    REQUIRE(back[0].tag(name));
    CHECK(*back[0].tag(name) == *games[0].tag(name));
  }
}
