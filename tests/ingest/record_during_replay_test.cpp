// Records built while a game is replayed (RecordBuilder told of every move) are
// the records a second walk of the replayed game makes (makeRecord), in every
// notation (each replays through the shared driver), read strictly or leniently,
// games without a GameType tag (shrunk once replayed) and repaired ones included.
#include <catch2/catch.hpp>
#include <filesystem>

#include "engine/generate.hpp"
#include "ingest/importer.hpp"
#include "notation/notations.hpp"
#include "notation_row.hpp"
#include "support.hpp"

using namespace apiary;
namespace fs = std::filesystem;

namespace {

void requireSameRecord(const index::GameRecord& a, const index::GameRecord& b) {
  REQUIRE(a.plies == b.plies);
  CHECK(a.type == b.type);
  CHECK(a.firstMover == b.firstMover);
  CHECK(a.outcome == b.outcome);
  CHECK(a.isoDate == b.isoDate);
  CHECK(a.positions == b.positions);
  CHECK(a.moves == b.moves);
  CHECK(a.uhpMoves == b.uhpMoves);
  CHECK(a.finalKey == b.finalKey);
  CHECK(a.fingerprint == b.fingerprint);
  CHECK(a.sequence == b.sequence);
  REQUIRE(a.plyFeatures.size() == b.plyFeatures.size());
  for (std::size_t i = 0; i < a.plyFeatures.size(); ++i) CHECK(a.plyFeatures[i].bits == b.plyFeatures[i].bits);
  CHECK(a.contacts.words == b.contacts.words);
}

struct Compared {
  int followed = 0;  // records the builder made
  int walked = 0;    // games it did not follow, made by a second walk
};

// Reads `text` with a builder following the replay and checks each accepted
// game's record against makeRecord of the same replayed game.
Compared compareRecords(std::string_view text, const std::string& path, bool lenient) {
  Compared compared;
  const notation::Notation* detected = notation::detectNotation(text, path);
  REQUIRE(detected);
  index::RecordBuilder builder;
  notation::readGames(
      *detected, text,
      [&](notation::ReplayedGame&& game) {
        if (game.ok() && !game.setUp) {
          INFO(path << " game " << game.index);
          notation::ReplayedGame copy = game;
          const bool followed = builder.followed(game.board);
          const index::GameRecord during = ingest::gameRecord(game, path, "n", &builder);
          const index::GameRecord after = ingest::gameRecord(copy, path, "n");
          requireSameRecord(during, after);
          ++(followed ? compared.followed : compared.walked);
        }
        builder.forget();
      },
      notation::ReadOptions{.lenient = lenient, .observer = &builder});
  return compared;
}

}  // namespace

TEST_CASE("a record built during the replay is the one a second walk makes, in every written notation", "[ingest]") {
  GameGenerator generator(77);
  std::vector<notation::ReplayedGame> games;
  for (int g = 0; g < 40; ++g) {
    GeneratedGame game = generator.next();
    games.push_back(notation::gameFromBoard(std::move(game.board), game.tags));
  }
  for (std::string_view name : {"uhp", "pgn-like", "algebraic", "algebraic-long", "direction"}) {
    INFO(name);
    const Compared c = compareRecords(notation::writeGames(test::row(name), games), "games.txt", false);
    CHECK(c.followed == 40);
  }
}

TEST_CASE("../shared/games: records built during the replay match a second walk, strict and lenient", "[ingest]") {
  const auto shared = test::requireShared();
  if (shared.empty()) return;
  Compared total;
  for (const auto& entry : fs::recursive_directory_iterator(shared / "games")) {
    if (!entry.is_regular_file()) continue;
    const std::string text = test::readFile(entry.path());
    for (bool lenient : {false, true}) {
      const Compared c = compareRecords(text, entry.path().string(), lenient);
      total.followed += c.followed;
      total.walked += c.walked;
    }
  }
  CHECK(total.followed > 20);
}
