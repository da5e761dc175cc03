// BoardSpace records read to the end: games that end on time, by resignation or
// by an accepted draw take the result the record states; colours chosen during
// the game name White and Black; ratings and the time control become tags; an
// unknown command rejects the game with its line, column and ply.
#include <catch2/catch.hpp>

#include "notation/notations.hpp"
#include "notation_row.hpp"

using namespace apiary;

namespace {

std::string record(const std::string& header, const std::string& body) {
  return "(;\nGM[27]VV[1]\nSU[Hive]\n" + header + "P0[id \"alice\"]\nP1[id \"bob\"]\n; P0[0 Start P0]\n" +
         "; P0[1 Pick W 0 wQ]\n; P0[2 Dropb wQ N 13 .]\n; P0[3 Done ]\n"
         "; P1[4 Pick B 0 bQ]\n; P1[5 Dropb bQ O 13 wQ-]\n; P1[6 Done ]\n" +
         body + ")\n";
}

notation::ReplayedGame read(const std::string& text) {
  auto games = notation::readGames(test::row("sgf"), text);
  REQUIRE(games.size() == 1);
  INFO((games[0].error ? notation::describeError("", *games[0].error) : ""));
  return games[0];
}

notation::ReplayedGame readOk(const std::string& text) {
  auto game = read(text);
  REQUIRE(game.ok());
  return game;
}

std::string tag(const notation::ReplayedGame& game, std::string_view name) {
  const std::string* value = game.tag(name);
  return value ? *value : "(none)";
}

}  // namespace

TEST_CASE("a game won on time reads, with the result its RE states", "[sgf]") {
  const auto game = read(record("RE[Game won by bob]\n", "; P0[7 WinOnTime]\n"));
  REQUIRE(game.ok());
  CHECK(game.board.ply() == 2);
  CHECK(tag(game, "Result") == "BlackWins");
  // Without RE, a claim on time states no winner apiary could vouch for.
  const auto bare = read(record("", "; P1[7 WinOnTime]\n"));
  REQUIRE(bare.ok());
  CHECK(tag(bare, "Result") == "(none)");
}

TEST_CASE("a resignation or an accepted draw gives the result when RE is missing", "[sgf]") {
  const auto resigned = readOk(record("", "; P0[7 Resign]\n; P0[8 Done]\n"));
  CHECK(tag(resigned, "Result") == "BlackWins");
  const auto drawn = readOk(record("", "; P1[7 OfferDraw]\n; P1[8 Done]\n; P0[9 AcceptDraw]\n; P0[10 Done]\n"));
  CHECK(tag(drawn, "Result") == "Draw");
  // RE wins over the log: it is what boardspace recorded.
  const auto stated = read(record("RE[Game won by alice]\n", "; P1[7 Resign]\n"));
  CHECK(tag(stated, "Result") == "WhiteWins");
}

TEST_CASE("the player who plays the white pieces is White", "[sgf]") {
  const std::string text =
      "(;\nGM[27]\nSU[hive-pielm]\nP0[id \"alice\"]\nP1[id \"bob\"]\nRE[Game won by bob]\n; P1[0 Start P1]\n"
      "; P1[1 PlayWhite]\n; P1[2 pick W 0 wQ]\n; P1[3 dropb wQ N 13 .]\n; P1[4 done]\n"
      "; P0[5 pick B 0 bQ]\n; P0[6 dropb bQ O 13 wQ-]\n; P0[7 done]\n)\n";
  const auto game = readOk(text);
  CHECK(tag(game, "White") == "bob");
  CHECK(tag(game, "Black") == "alice");
  CHECK(tag(game, "Result") == "WhiteWins");
}

TEST_CASE("rankings and the time control become WhiteElo, BlackElo and TimeControl", "[sgf]") {
  const std::string text =
      "(;\nGM[27]\nTC[None]\nSU[hive]\nP0[id \"alice\"]\nP0[ranking 1432]\nP1[id \"bob\"]\nP1[ranking 1610]\n"
      "; P0[0 Start P0]\n; P0[1 Move W wQ N 13 .]\n; P0[2 Done]\n)\n";
  const auto game = readOk(text);
  CHECK(tag(game, "WhiteElo") == "1432");
  CHECK(tag(game, "BlackElo") == "1610");
  CHECK(tag(game, "TimeControl") == "None");
  CHECK(tag(game, "P0 ranking") == "1432");  // the header property itself stays
}

TEST_CASE("an unknown command rejects the game at its line, column and ply", "[sgf]") {
  const auto game = read(record("", "; P0[7 Teleport wQ N 20]\n"));
  REQUIRE(game.error);
  CHECK(game.error->line == 13);
  CHECK(game.error->column == 3);
  CHECK(game.error->ply == 3);
  CHECK_THAT(game.error->message, Catch::Contains("unknown command 'teleport'"));
}

TEST_CASE("an edit that moves a piece rejects the game, one put back does not", "[sgf]") {
  const auto edited = read(record("",
                                  "; P0[7 Edit]\n; P0[8 Pickb N 13 wQ]\n; P0[9 Dropb wQ M 13 .]\n"
                                  "; P0[10 Start P0]\n"));
  REQUIRE(edited.error);
  CHECK_THAT(edited.error->message, Catch::Contains("edited"));
  const auto putBack = read(record("",
                                   "; P0[7 Edit]\n; P0[8 Pickb N 13 wQ]\n; P0[9 Dropb wQ M 13 .]\n"
                                   "; P0[10 Pickb M 13 wQ]\n; P0[11 Dropb wQ N 13 .]\n; P0[12 Start P0]\n"
                                   "; P0[13 Pick W 4 wS1]\n; P0[14 Dropb wS1 M 13 -wQ]\n; P0[15 Done]\n"));
  REQUIRE(putBack.ok());
  CHECK(putBack.board.ply() == 3);
}

TEST_CASE("columns past Z are the cells east of Z", "[sgf]") {
  const std::string text =
      "(;\nGM[27]\nSU[hive]\nP0[id \"alice\"]\nP1[id \"bob\"]\n; P0[0 Start P0]\n"
      "; P0[1 Pick W 0 wQ]\n; P0[2 Dropb wQ Z 13 .]\n; P0[3 Done]\n"
      "; P1[4 Pick B 0 bQ]\n; P1[5 Dropb bQ 1Z 13 wQ-]\n; P1[6 Done]\n"
      "; P0[7 Pick W 4 wS1]\n; P0[8 Dropb wS1 Y 13 -wQ]\n; P0[9 Done]\n"
      "; P1[10 Pick B 4 bS1]\n; P1[11 Dropb bS1 2Z 13 bQ-]\n; P1[12 Done]\n)\n";
  const auto game = readOk(text);
  // Written again, the game is shifted back within A-Z, and reads to the same moves.
  const std::string written = notation::writeGame(test::row("sgf"), game);
  CHECK(written.find("Z 13") == std::string::npos);
  const auto back = readOk(written);
  CHECK(back.board.history() == game.board.history());
  CHECK(game.board.ply() == 4);
}
