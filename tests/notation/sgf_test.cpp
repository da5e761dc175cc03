// BoardSpace archive files through ingest: every one replays, and each with a PGN
// twin in ../shared/games/uhp-pgn reaches the same canonical positions in the same
// order, with the same result where the file states one.
#include <catch2/catch.hpp>
#include <filesystem>

#include "engine/canonical.hpp"
#include "ingest/reader.hpp"
#include "notation/notations.hpp"
#include "notation_row.hpp"
#include "notation_support.hpp"
#include "support.hpp"

using namespace apiary;
namespace fs = std::filesystem;

TEST_CASE("every BoardSpace .sgf replays, twins match their PGN exports", "[ingest][sgf]") {
  const auto dir = test::requireShared();
  if (dir.empty()) return;
  int files = 0, games = 0, twins = 0, results = 0;
  for (const auto& entry : fs::directory_iterator(dir / "games/boardspace-sgf")) {
    const auto sgf = notation::readGames(test::row("sgf"), test::readFile(entry.path()));
    ++files;
    REQUIRE_FALSE(sgf.empty());
    for (const auto& game : sgf) {
      INFO(entry.path().filename().string() << ": " << (game.error ? notation::describeError("", *game.error) : ""));
      REQUIRE(game.ok());
      CHECK(game.board.ply() > 10);
      ++games;
    }
    const auto twin = dir / "games/uhp-pgn" / entry.path().filename().replace_extension(".pgn");
    if (!fs::exists(twin)) continue;
    const auto pgn = notation::readGames(test::row("uhp"), test::readFile(twin));
    REQUIRE(pgn.size() == 1);
    REQUIRE(pgn[0].ok());
    INFO("twin " << twin.filename().string());
    CHECK(sgf[0].board.type() == pgn[0].board.type());
    CHECK(test::canonicalKeysByPly(sgf[0].board) == test::canonicalKeysByPly(pgn[0].board));
    const std::string* sgfResult = sgf[0].tag("Result");
    const std::string* pgnResult = pgn[0].tag("Result");
    if (sgfResult && pgnResult) {
      CHECK(*sgfResult == *pgnResult);
      ++results;
    }
    ++twins;
  }
  CHECK(files == 11);
  CHECK(games >= 11);
  CHECK(twins == 8);
  CHECK(results >= 5);
}

TEST_CASE("the sgf reader takes game type and players from the header", "[ingest][sgf]") {
  const std::string text =
      "(;\nGM[27]\nSU[hive-p]\nP0[id \"alice\"]\nP1[id \"bob\"]\nRE[Game won by bob]\n"
      "; P0[0 Start P0]\n; P0[1 Move W wS1 N 13 .]\n; P0[2 Done ]\n"
      "; P1[3 Move B bP O 13 wS1-]\n; P1[4 Done ]\n)\n";
  const auto games = notation::readGames(test::row("sgf"), text);
  REQUIRE(games.size() == 1);
  REQUIRE(games[0].ok());
  CHECK(games[0].board.type() == GameType{GameType::kPillbug});
  CHECK(games[0].board.ply() == 2);
  CHECK(*games[0].tag("White") == "alice");
  CHECK(*games[0].tag("Result") == "BlackWins");
  // The second piece went east of the first: O is the column after N.
  const Board& b = games[0].board;
  CHECK(b.axialOfPiece(pieceId(Color::Black, Bug::Pillbug)) == Axial{1, 0});
}

TEST_CASE("an sgf turn that names an impossible move is rejected with its line", "[ingest][sgf]") {
  const std::string text =
      "(;\nGM[27]\nSU[hive]\n; P0[1 Move W wS1 N 13 .]\n; P0[2 Done ]\n"
      "; P1[3 Move B bS1 Q 13 wS1-]\n; P1[4 Done ]\n)\n";
  const auto games = notation::readGames(test::row("sgf"), text);
  REQUIRE(games.size() == 1);
  REQUIRE(games[0].error);
  CHECK(games[0].error->ply == 2);
  CHECK(games[0].error->line == 6);
  CHECK(games[0].error->message.find("next to the hive") != std::string::npos);
}

TEST_CASE("an sgf place far off any board is rejected, not computed", "[ingest][sgf]") {
  // Found by fuzz_sgf (UBSan): a column of many letters overflowed its index.
  for (const char* place : {"NNNNNNNNNNNNN 13", "N 2000000000", "N -2147483648"}) {
    INFO(place);
    const std::string text = std::string("(;\nGM[27]\nSU[hive]\n; P0[1 Move W wS1 N 13 .]\n; P0[2 Done ]\n") +
                             "; P1[3 Move B bS1 " + place + " wS1-]\n; P1[4 Done ]\n)\n";
    const auto games = notation::readGames(test::row("sgf"), text);
    REQUIRE(games.size() == 1);
    REQUIRE(games[0].error);
    CHECK(games[0].error->ply == 2);
    CHECK(games[0].error->message.find("off any board") != std::string::npos);
  }
}
