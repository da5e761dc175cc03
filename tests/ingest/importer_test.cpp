// apiary ingest's importer: ../shared/games in every notation goes in with exact
// counts, again adds nothing, the result does not depend on thread count (nor on
// there being no thread at all), and a file longer than the sample its notation
// is told from is read to its end.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "engine/generate.hpp"
#include "ingest/importer.hpp"
#include "notation/notations.hpp"
#include "notation_row.hpp"
#include "support.hpp"

using namespace apiary;
using apiary::test::TempDir;
namespace fs = std::filesystem;

namespace {

// Writes generated games as files in several notations, a few games per file.
void writeGeneratedFiles(const fs::path& dir, int files, int gamesPerFile, uint64_t seed) {
  GameGenerator generator(seed);
  const notation::Notation* rows[] = {&test::row("uhp"), &test::row("pgn-like"), &test::row("direction"),
                                      &test::row("algebraic")};
  for (int f = 0; f < files; ++f) {
    std::vector<notation::ReplayedGame> games;
    for (int g = 0; g < gamesPerFile; ++g) {
      GeneratedGame game = generator.next();
      games.push_back(notation::gameFromBoard(std::move(game.board), game.tags));
    }
    std::ofstream(dir / ("games-" + std::to_string(f) + ".txt")) << notation::writeGames(*rows[f % 4], games);
  }
}

}  // namespace

TEST_CASE("../shared/games: every valid game stored, every invalid one rejected, exactly", "[ingest]") {
  const auto shared = test::requireShared();
  if (shared.empty()) return;
  TempDir db("apiary-importer-shared");
  index::Database database(db.path / "db");
  const auto first = ingest::importSources(database, {(shared / "games").string()}, {});
  // 59 files: 50 games replay (11 sgf, 8 BoardSpace PGN exports, 31 hivegame
  // fixtures), 8 invalid fixtures and print.pgn (a third Spider) are rejected.
  CHECK(first.totals.files == 59);
  CHECK(first.totals.added == 50);
  CHECK(first.totals.skipped == 0);
  CHECK(first.totals.rejected == 9);
  REQUIRE(first.rejected.size() == 9);
  for (const auto& e : first.rejected) {
    INFO(e.file << ": " << e.message);
    CHECK((e.file.find("/invalid/") != std::string::npos || e.file.find("print.pgn") != std::string::npos));
    CHECK(e.line > 0);
    CHECK(e.ply > 0);
    CHECK_FALSE(e.message.empty());
  }
  CHECK(database.info().games == 50);
  CHECK(database.info().rejected == 9);

  const auto again = ingest::importSources(database, {(shared / "games").string()}, {});
  CHECK(again.totals.added == 0);
  CHECK(again.totals.skipped == 50);
  CHECK(database.info().games == 50);
  CHECK(database.check({}).ok());
}

TEST_CASE("the database is the same whatever the number of threads and batch size", "[ingest]") {
  TempDir dir("apiary-importer-threads");
  fs::create_directories(dir.path / "in");
  writeGeneratedFiles(dir.path / "in", 24, 25, 4242);
  ingest::ImportOptions one;
  one.jobs = 1;
  one.batchGames = 1000;
  ingest::ImportOptions many;
  many.jobs = 3;
  many.batchGames = 77;
  ingest::ImportOptions none;  // the fuzz target's way: everything on the caller's thread
  none.threads = false;
  none.batchGames = 64;
  index::Database a(dir.path / "a"), b(dir.path / "b"), c(dir.path / "c");
  const auto sa = ingest::importSources(a, {(dir.path / "in").string()}, one);
  const auto sb = ingest::importSources(b, {(dir.path / "in").string()}, many);
  const auto sc = ingest::importSources(c, {(dir.path / "in").string()}, none);
  CHECK(sa.totals.added == 600);
  CHECK(sa.totals.rejected == 0);
  CHECK(sb.totals.added == 600);
  CHECK(sc.totals.added == 600);
  CHECK(a.digest() == b.digest());
  CHECK(a.digest() == c.digest());
  CHECK(a.info().positions == b.info().positions);
  for (index::GameId id = 1; id <= 600; id += 37) {
    const auto ga = a.game(id), gb = b.game(id), gc = c.game(id);
    REQUIRE(ga);
    REQUIRE(gb);
    REQUIRE(gc);
    CHECK(ga->source == gb->source);
    CHECK(ga->sourceIndex == gb->sourceIndex);
    CHECK(ga->source == gc->source);
    CHECK(ga->sourceIndex == gc->sourceIndex);
  }
  CHECK(b.check({.full = true}).ok());
  CHECK(c.check({.full = true}).ok());
}

TEST_CASE("a batch that fails while the next is read stops the ingest, and the batches before it stay whole",
          "[ingest]") {
  // Batches are written on a thread of their own while the workers read on: the
  // error of the third must still reach the caller, and nothing after it be kept.
  TempDir dir("apiary-importer-failing-batch");
  fs::create_directories(dir.path / "in");
  writeGeneratedFiles(dir.path / "in", 12, 25, 99);
  int written = 0;
  index::DatabaseOptions failing;
  failing.onCommitStep = [&](index::CommitStep s) {
    if (s == index::CommitStep::CatalogueWritten && ++written == 3) throw std::runtime_error("the third batch fails");
  };
  ingest::ImportOptions options;
  options.batchGames = 50;
  options.threads = GENERATE(true, false);  // without threads, a batch is written as it is handed over
  INFO("threads: " << options.threads);
  {
    index::Database database(dir.path / "db", failing);
    CHECK_THROWS_WITH(ingest::importSources(database, {(dir.path / "in").string()}, options), "the third batch fails");
    CHECK(database.info().games == 100);
  }
  index::Database reopened(dir.path / "db");
  CHECK(reopened.info().games == 100);
  const auto rest = ingest::importSources(reopened, {(dir.path / "in").string()}, options);
  CHECK(rest.totals.added == 200);
  CHECK(rest.totals.skipped == 100);
  CHECK(reopened.check({.full = true}).ok());
}

TEST_CASE("result tags in every spelling", "[ingest]") {
  CHECK(ingest::parseResultTag("1-0") == GameState::WhiteWins);
  CHECK(ingest::parseResultTag("BlackWins") == GameState::BlackWins);
  CHECK(ingest::parseResultTag("1/2-1/2") == GameState::Draw);
  CHECK_FALSE(ingest::parseResultTag("error parsing result").has_value());
}

TEST_CASE("a file longer than the sample its notation is told from is read to its end", "[ingest]") {
  // The notation is told from the file's first 256 KiB: the games after it still
  // have to be read, and in that notation.
  TempDir dir("apiary-importer-long-file");
  GameGenerator generator(777);
  std::vector<notation::ReplayedGame> games;
  for (int g = 0; g < 800; ++g) {
    GeneratedGame game = generator.next();
    games.push_back(notation::gameFromBoard(std::move(game.board), game.tags));
  }
  const std::string text = notation::writeGames(test::row("direction"), games);
  REQUIRE(text.size() > 2 * 256 * 1024);
  std::ofstream(dir.path / "games.txt") << text;
  index::Database db(dir.path / "db");
  const auto summary = ingest::importSources(db, {(dir.path / "games.txt").string()}, {});
  CHECK(summary.totals.added == 800);
  CHECK(summary.totals.rejected == 0);
  for (index::GameId id : {index::GameId(1), index::GameId(800)}) {
    const auto game = db.game(id);
    REQUIRE(game);
    CHECK(game->notation == "direction");
  }
}
