// UHP files through ingest: every real game replays; invalid ones are rejected with
// the rule they break, at the right line, column and ply; generated games survive
// write -> read unchanged.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>

#include <catch2/catch.hpp>
#include "engine/generate.hpp"
#include "ingest/reader.hpp"
#include "notation/notations.hpp"
#include "notation_row.hpp"
#include "notation_support.hpp"
#include "support.hpp"

using namespace apiary;
namespace fs = std::filesystem;

namespace {

std::vector<notation::ReplayedGame> readFileGames(const fs::path& path) {
  return notation::readGames(test::row("uhp"), test::readFile(path));
}

}  // namespace

TEST_CASE("every real UHP/PGN game in ../shared/games replays to its end", "[ingest][uhp]") {
  const auto dir = test::requireShared();
  if (dir.empty()) return;
  int games = 0, queenFirst = 0;
  for (const auto* sub : {"games/uhp-pgn", "games/hivegame-fixtures/valid", "games/hivegame-fixtures/hash"}) {
    for (const auto& entry : fs::recursive_directory_iterator(dir / sub)) {
      if (entry.path().extension() != ".pgn") continue;
      const auto text = test::readFile(entry.path());
      for (const auto& game : notation::readGames(test::row("uhp"), text)) {
        INFO(entry.path().string() << ": " << (game.error ? notation::describeError("", *game.error) : ""));
        REQUIRE(game.ok());
        // Replayed to the end: one board move per numbered move line.
        int written = 0;
        for (std::size_t at = 0; (at = text.find(". ", at)) != std::string::npos; ++at) ++written;
        CHECK(game.board.ply() == written);
        for (const auto& note : game.notes) queenFirst += note.find("Queen") != std::string::npos;
        ++games;
      }
    }
  }
  // 8 BoardSpace exports, 13 valid fixtures, 17 hash fixtures: hash/invalid holds games
  // hivegame ends by threefold repetition, which boardspace and apiary play past.
  CHECK(games == 8 + 13 + 17);
  CHECK(queenFirst >= 1);  // valid/q_first_missing_result.pgn: a 2008 game, 2. bQ
}

TEST_CASE("hivegame's invalid fixtures are rejected with the rule they break", "[ingest][uhp]") {
  const auto dir = test::requireShared();
  if (dir.empty()) return;
  struct Expected {
    int line, column, ply;
    std::string reason;
  };
  const std::map<std::string, Expected> expected = {
      {"ant_climb.pgn", {21, 5, 12, "only a Beetle"}},
      {"duplicated_move.pgn", {19, 4, 10, "must change the piece's place"}},
      {"move_a_just_moved.pgn", {17, 4, 8, "moved on the previous turn"}},
      {"move_before_q.pgn", {12, 4, 3, "before its own Queen"}},
      {"spawn_relative_to_self.pgn", {10, 4, 1, "not on the board"}},
      {"spawn_unallowed.pgn", {18, 4, 9, "must touch one of its own colour"}},
      {"spider_moves.pgn", {19, 5, 10, "cannot reach"}},
      {"white_double_spawn.pgn", {15, 4, 6, "Black's turn"}},
  };
  int checked = 0;
  for (const auto& entry : fs::directory_iterator(dir / "games/hivegame-fixtures/invalid")) {
    const auto games = readFileGames(entry.path());
    REQUIRE(games.size() == 1);
    const auto& want = expected.at(entry.path().filename().string());
    INFO(entry.path().filename().string());
    REQUIRE(games[0].error.has_value());
    const auto& error = *games[0].error;
    INFO(notation::describeError(entry.path().string(), error));
    CHECK(error.line == want.line);
    CHECK(error.column == want.column);
    CHECK(error.ply == want.ply);
    CHECK(error.message.find(want.reason) != std::string::npos);
    ++checked;
  }
  CHECK(checked == int(expected.size()));
}

TEST_CASE("hand-made broken UHP files: each error is positioned, the file goes on", "[ingest][uhp]") {
  const std::string good = "[GameType \"Base\"]\n\n1. wS1\n2. bS1 wS1-\n3. wQ -wS1\n\n";
  SECTION("an unknown piece rejects its game only") {
    const auto games =
        notation::readGames(test::row("uhp"), good + "[GameType \"Base\"]\n\n1. wS1\n2. bZ1 wS1-\n\n" + good);
    REQUIRE(games.size() == 3);
    CHECK(games[0].ok());
    REQUIRE(games[1].error);
    CHECK(games[1].error->line == 10);
    CHECK(games[2].ok());
    CHECK(games[2].board.ply() == 3);
  }
  SECTION("an illegal move names its ply") {
    const auto games =
        notation::readGames(test::row("uhp"), "[GameType \"Base\"]\n\n1. wS1\n2. bS1 wS1-\n3. wQ bS1-\n");
    REQUIRE(games[0].error);
    CHECK(games[0].error->ply == 3);
    CHECK(games[0].error->line == 5);
    CHECK(games[0].error->column == 4);
    CHECK(games[0].error->message.find("touch") != std::string::npos);
  }
  SECTION("a truncated file keeps the moves before the cut and rejects the cut move") {
    const auto games = notation::readGames(test::row("uhp"), "[GameType \"Base\"]\n\n1. wS1\n2. bS1 wS1-\n3. wQ -w");
    REQUIRE(games.size() == 1);
    REQUIRE(games[0].error);
    CHECK(games[0].error->line == 5);
  }
  SECTION("a game of a type apiary does not know") {
    const auto games = notation::readGames(test::row("uhp"), "[GameType \"Base+X\"]\n\n1. wS1\n");
    REQUIRE(games[0].error);
    CHECK(games[0].error->message.find("Base+X") != std::string::npos);
  }
  SECTION("a game whose only move line offers a draw has no moves, as one of tags alone") {
    // Found by fuzzing: it was accepted, written as tags alone, and that was refused.
    for (const char* text : {"[GameType \"Base\"]\n\n1. offerdraw\n", "[GameType \"Base\"]\n\n"}) {
      INFO(text);
      const auto games = notation::readGames(test::row("uhp"), text);
      REQUIRE(games.size() == 1);
      REQUIRE(games[0].error);
      CHECK(games[0].error->message == "the game has no moves");
    }
    CHECK(notation::readGames(test::row("uhp"), "[GameType \"Base\"]\n\n1. wS1\n2. offerdraw\n")[0].ok());
  }
  SECTION("a piece outside the game type") {
    const auto games = notation::readGames(test::row("uhp"), "[GameType \"Base\"]\n\n1. wM\n");
    REQUIRE(games[0].error);
    CHECK(games[0].error->message.find("not part of a Base game") != std::string::npos);
  }
}

TEST_CASE("empty, binary and UTF-16 files are refused as files, with a reason", "[ingest]") {
  const test::TempDir scratch("apiary-ingest-bad");
  const auto& tmp = scratch.path;
  const std::map<std::string, std::string> files = {
      {"empty.pgn", ""},
      {"binary.pgn", std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16)},
      {"utf16.pgn", std::string("\xFF\xFE[\0G\0", 6)},
  };
  for (const auto& [name, bytes] : files) {
    std::ofstream(tmp / name, std::ios::binary) << bytes;
  }
  std::map<std::string, std::string> errors;
  ingest::readSources({tmp.string()}, nullptr, [&](ingest::SourceGames&& s) {
    errors[fs::path(s.path).filename().string()] = s.error ? s.error->message : "";
  });
  CHECK(errors["empty.pgn"].find("empty") != std::string::npos);
  CHECK(errors["binary.pgn"].find("binary") != std::string::npos);
  CHECK(errors["utf16.pgn"].find("UTF-16") != std::string::npos);
}

TEST_CASE("10,000 generated games survive UHP write -> read, and writing is stable", "[ingest][uhp]") {
  GameGenerator generator(314);
  for (int i = 0; i < 10000; ++i) {
    GeneratedGame generated = generator.next();
    const auto game = notation::gameFromBoard(std::move(generated.board), generated.tags);
    const std::string text = notation::writeUhp(game);
    const auto back = notation::readGames(test::row("uhp"), text);
    INFO(text);
    REQUIRE(back.size() == 1);
    REQUIRE(back[0].ok());
    CHECK(back[0].board.history() == game.board.history());
    CHECK(back[0].board.type() == game.board.type());
    CHECK(notation::writeUhp(back[0]) == text);
  }
}

TEST_CASE("every game apiary reads in ../shared/games survives UHP write -> read", "[ingest][uhp]") {
  // BoardSpace archives carry tags such as `P0 time`: written as `P0_time`.
  test::checkSharedRoundTrips([](const notation::ReplayedGame& g) { return notation::writeUhp(g); }, test::row("uhp"));
}
