// One import over paths handed over while it runs (PathQueue, as apiary sync feeds
// it): the same batches, game ids and positions as the same paths given at once,
// and each path's state committed with the batch holding its last game.
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <thread>

#include "engine/generate.hpp"
#include "ingest/importer.hpp"
#include "notation_row.hpp"
#include "support.hpp"

using namespace apiary;
using apiary::test::TempDir;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> writeFiles(const fs::path& dir, int files, int gamesPerFile) {
  fs::create_directories(dir);
  GameGenerator generator(31);
  std::vector<std::string> paths;
  for (int f = 0; f < files; ++f) {
    std::vector<notation::ReplayedGame> games;
    for (int g = 0; g < gamesPerFile; ++g) {
      GeneratedGame game = generator.next();
      games.push_back(notation::gameFromBoard(std::move(game.board), game.tags));
    }
    paths.push_back((dir / ("games-" + std::to_string(f) + ".pgn")).string());
    std::ofstream(paths.back()) << notation::writeGames(test::row("uhp"), games);
  }
  return paths;
}

struct Outcome {
  index::Info info;
  index::Digest digest;
  std::vector<std::string> sourceOfGame;  // by id
};

Outcome outcomeOf(index::Database& db) {
  Outcome o{db.info(), db.digest(), {}};
  for (index::GameId id = 1; id <= db.lastGame(); ++id) o.sourceOfGame.push_back(db.game(id)->source);
  return o;
}

}  // namespace

TEST_CASE("paths pushed one at a time, slowly, make the batches of one import of them all", "[ingest][sync]") {
  TempDir tmp("apiary-streamed-paths");
  const auto paths = writeFiles(tmp.path / "in", 12, 7);
  ingest::ImportOptions options;
  options.batchGames = 25;  // batches cut across files

  index::Database whole(tmp.path / "whole");
  const auto once = ingest::importSources(whole, paths, options);
  const Outcome expected = outcomeOf(whole);

  index::Database streamed(tmp.path / "streamed");
  ingest::PathQueue queue;
  std::thread feeder([&] {
    for (const auto& p : paths) {
      std::this_thread::sleep_for(std::chrono::milliseconds(15));  // a download
      queue.push(p);
    }
    queue.close();
  });
  const auto summary = ingest::importQueue(streamed, queue, options);
  feeder.join();
  const Outcome got = outcomeOf(streamed);

  CHECK(once.totals.added == 84);
  CHECK(summary.totals.added == 84);
  CHECK(summary.totals.files == 12);
  // Not one batch per file: 84 games in batches of 25.
  CHECK(got.info.batches == 4);
  CHECK(got.info.batches == expected.info.batches);
  CHECK(got.digest == expected.digest);
  CHECK(got.sourceOfGame == expected.sourceOfGame);
}

TEST_CASE("each path's state goes with the batch holding its last game, none before", "[ingest][sync]") {
  TempDir tmp("apiary-streamed-states");
  const auto paths = writeFiles(tmp.path / "in", 6, 10);
  index::Database db(tmp.path / "db");
  ingest::PathQueue queue;
  ingest::ImportOptions options;
  options.batchGames = 15;
  std::map<std::string, int> asked;  // each path once, when read through
  options.pathState = [&](const std::string& path) -> std::optional<index::SyncedFile> {
    ++asked[path];
    if (path == paths[2]) return std::nullopt;  // a path without a state
    return index::SyncedFile{"test", "http://h/" + fs::path(path).filename().string(), path, {}, "", "", "", 1, {}};
  };
  std::thread feeder([&] {
    for (const auto& p : paths) queue.push(p);
    queue.close();
  });
  const auto summary = ingest::importQueue(db, queue, options);
  feeder.join();
  CHECK(summary.totals.added == 60);
  CHECK(asked.size() == 6);
  for (const auto& [path, times] : asked) CHECK(times == 1);
  const auto files = db.syncedFiles("test");
  REQUIRE(files.size() == 5);
  for (const auto& f : files) {
    // Every game of the file is in: its ids run up to 10 per file in order.
    const int n = std::stoi(fs::path(f.mirrorPath).stem().string().substr(6));
    INFO(f.mirrorPath);
    CHECK(db.lastGame() >= index::GameId(10 * (n + 1)));
    CHECK(db.game(index::GameId(10 * (n + 1)))->source == f.mirrorPath);
  }

  // Again: every game skipped, and each state still written (a batch of no new game).
  index::Database again(tmp.path / "db2");
  ingest::ImportOptions plain;
  ingest::importSources(again, paths, plain);
  ingest::PathQueue queue2(paths);
  ingest::ImportOptions states = options;
  states.pathState = [](const std::string& path) -> std::optional<index::SyncedFile> {
    return index::SyncedFile{"test", path, path, {}, "", "", "", 1, {}};
  };
  const auto second = ingest::importQueue(again, queue2, states);
  CHECK(second.totals.added == 0);
  CHECK(second.totals.skipped == 60);
  CHECK(again.syncedFiles("test").size() == 6);
}
