// The index as a whole: adding games (and the same games again), symmetric copies
// aggregating into the same positions, catalogue rows and tag search, postings,
// readers beside a writer, info, and check (which must also catch disagreement).
#include <sqlite3.h>
#include <catch2/catch.hpp>

#include <cctype>
#include <unordered_map>

#include "index/game_query.hpp"
#include "index/positions/batch_file.hpp"
#include "index/positions/position_store.hpp"
#include "index_support.hpp"

using namespace apiary;
using namespace apiary::index;

namespace {

const std::vector<GeneratedGame>& games() {
  static const std::vector<GeneratedGame> g = test::generateGames(777, 400);
  return g;
}

const std::vector<GameRecord>& records() {
  static const std::vector<GameRecord> r = test::recordsOf(games());
  return r;
}

Counts twice(Counts c) {
  c += c;
  return c;
}

// Raw SQL on the catalogue, as a corrupted or hand-edited file would be.
void tamper(const std::filesystem::path& dir, const char* sql) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open((dir / "catalogue.sqlite").c_str(), &db) == SQLITE_OK);
  REQUIRE(sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(db);
}

}  // namespace

TEST_CASE("adding the same games again adds nothing") {
  test::ScratchDir dir("readd");
  Database db(dir.path());
  const auto first = test::addInBatches(db, records(), 64);
  CHECK(first.added == records().size());
  CHECK(first.skipped == 0);
  const Digest before = db.digest();
  const Info info = db.info();

  const auto again = test::addInBatches(db, records(), 100);
  CHECK(again.added == 0);
  CHECK(again.skipped == records().size());
  CHECK(db.digest() == before);
  CHECK(db.info().games == info.games);
  CHECK(db.info().positions == info.positions);

  // New games among old ones: only they are added, with the next ids.
  std::vector<GameRecord> mixed(records().begin(), records().begin() + 50);
  const auto extra = test::recordsOf(test::generateGames(778, 30), "more.pgn");
  mixed.insert(mixed.end(), extra.begin(), extra.end());
  const auto r = db.addGames(mixed);
  CHECK(r.added == 30);
  CHECK(r.skipped == 50);
  CHECK(db.lastGame() == GameId(records().size() + 30));
  CHECK(db.check({.full = true}).ok());
}

TEST_CASE("a game twice in one batch is added once, and the ids stay contiguous") {
  test::ScratchDir dir("twice");
  Database db(dir.path());
  db.addGames(std::span(records()).subspan(0, 20));
  // Old games, new games, and a new game again later in the batch.
  std::vector<GameRecord> batch(records().begin() + 10, records().begin() + 40);
  batch.push_back(records()[25]);
  batch.push_back(records()[39]);
  const auto r = db.addGames(batch);
  CHECK(r.added == 20);
  CHECK(r.skipped == 12);
  CHECK(db.lastGame() == 40);
  for (GameId id = 21; id <= 40; ++id) {
    const auto row = db.game(id);
    REQUIRE(row);
    CHECK(row->sourceIndex == int64_t(id - 1));  // the batch's first copy, in batch order
  }
  CHECK(db.check({.full = true}).ok());
}

TEST_CASE("a batch file that cannot be written leaves the database as before the batch") {
  test::ScratchDir dir("nofile");
  Database db(dir.path());
  db.addGames(std::span(records()).subspan(0, 50));
  const Digest before = db.digest();
  // The file is built beside the catalogue's transaction: that transaction is durable
  // by the time the file fails, and must be undone.
  std::filesystem::remove_all(dir.path() / "staging");
  CHECK_THROWS(db.addGames(std::span(records()).subspan(50, 50)));
  CHECK(db.lastGame() == 50);
  CHECK(db.digest() == before);
  {
    const Catalogue catalogue(dir.path() / "catalogue.sqlite", true);
    CHECK(catalogue.maxGame() == 50);  // no row of the failed batch left, pending or not
    for (const CatalogueBatch& b : catalogue.batches()) CHECK(b.committed);
  }

  std::filesystem::create_directories(dir.path() / "staging");
  const auto r = db.addGames(std::span(records()).subspan(50, 50));
  CHECK(r.added == 50);
  CHECK(db.lastGame() == 100);
  CHECK(db.game(51)->sourceIndex == 50);
  CHECK(db.check({.full = true}).ok());
}

TEST_CASE("mirrored, rotated and colour-swapped copies double every position's statistics") {
  const int n = 10000;
  const auto originals = test::generateGames(20251121, n);
  std::vector<GameRecord> base = test::recordsOf(originals);
  std::vector<GameRecord> copies;
  copies.reserve(n);
  for (int i = 0; i < n; ++i) {
    // All 23 non-trivial combinations of the 12 symmetries and the colour swap.
    const int t = 1 + i % 23;
    const Symmetry s{uint8_t(t % kSymmetries)};
    const bool swap = t >= kSymmetries;
    const auto copy = transformedGame(originals[i].board, s, swap);
    REQUIRE(copy.has_value());
    GameMeta meta = test::metaOf(originals[i], "copies.pgn", i);
    meta.tags.emplace_back("Transform", std::to_string(t));  // a different record of the game
    if (swap && meta.result == GameState::WhiteWins) meta.result = GameState::BlackWins;
    else if (swap && meta.result == GameState::BlackWins) meta.result = GameState::WhiteWins;
    copies.push_back(makeRecord(*copy, std::move(meta)));
  }

  test::ScratchDir one("single"), two("doubled");
  Database single(one.path()), doubled(two.path());
  test::addInBatches(single, base, 2500);
  test::addInBatches(doubled, base, 2500);
  const auto added = test::addInBatches(doubled, copies, 2500);
  REQUIRE(added.added == uint64_t(n));

  std::unordered_map<PositionHash, std::pair<PositionStats, uint64_t>> expected;
  single.forEachPosition([&](PositionHash h, const PositionRecord& r) {
    PositionStats s = r.stats();
    s.counts = twice(s.counts);
    for (auto& e : s.next) e.counts = twice(e.counts);
    expected[h] = {std::move(s), 2 * r.games()};
  });
  uint64_t positions = 0, mismatches = 0, split = 0;
  doubled.forEachPosition([&](PositionHash h, const PositionRecord& r) {
    ++positions;
    const auto it = expected.find(h);
    if (it == expected.end()) {
      ++split;  // a position only a copy reached: the copies were not canonicalised together
      return;
    }
    if (!(r.stats() == it->second.first) || r.games() != it->second.second) {
      if (mismatches++ == 0)
        FAIL_CHECK("position " << h << ": " << r.games() << " games, expected " << it->second.second);
    }
  });
  CHECK(split == 0);
  CHECK(mismatches == 0);
  CHECK(positions == expected.size());
  CHECK(expected.size() > uint64_t(n) * 50);  // the games really spread out
  CHECK(doubled.check().ok());
}

TEST_CASE("check passes on a sound index and names what disagrees") {
  test::ScratchDir dir("check");
  {
    Database db(dir.path());
    test::addInBatches(db, records(), 100);
    const CheckReport sample = db.check();
    CHECK(sample.ok());
    CHECK(sample.gamesChecked >= 200);
    CHECK(sample.positionsRecomputed > 1000);
    const CheckReport full = db.check({.full = true});
    INFO((full.problems.empty() ? "" : full.problems.front()));
    CHECK(full.ok());
    CHECK(full.stored.sameGames(full.recomputed));
    CHECK(full.stored.postings > 0);
  }
  SECTION("a result changed behind the index's back") {
    tamper(dir.path(), "UPDATE games SET result = 3 - result WHERE id = 7 AND result IN (1, 2)");
    tamper(dir.path(), "UPDATE games SET result = 3 WHERE id = 8");
    Database db(dir.path());
    const CheckReport full = db.check({.full = true});
    CHECK_FALSE(full.ok());
    CHECK(full.stored.postings == full.recomputed.postings);
    CHECK_FALSE(full.stored.sameGames(full.recomputed));
  }
  SECTION("a game missing from the catalogue") {
    tamper(dir.path(), "DELETE FROM games WHERE id = 5");
    Database db(dir.path());
    const CheckReport sample = db.check({.sampleGames = 1000});
    CHECK_FALSE(sample.ok());
    REQUIRE_FALSE(sample.problems.empty());
    CHECK_FALSE(db.check({.full = true}).ok());
  }
  SECTION("RocksDB holding a batch the catalogue never had") {
    {
      PositionStore store(dir.path() / "positions", PositionStore::Mode::ReadWrite);
      const GameRecord* extra[] = {&records()[0]};
      const auto file = dir.path() / "stray.sst";
      writeBatchFile(file, {99, GameId(records().size() + 1), 1, 0}, extra);
      store.ingest(file);
    }
    Database db(dir.path());
    const CheckReport sample = db.check();
    CHECK_FALSE(sample.ok());
    const bool named = std::any_of(sample.problems.begin(), sample.problems.end(), [](const std::string& p) {
      return p.find("batch 99 is in RocksDB but not in the catalogue") != std::string::npos;
    });
    CHECK(named);
    CHECK_FALSE(db.check({.full = true}).ok());
  }
  SECTION("moves that no longer replay") {
    tamper(dir.path(), "UPDATE games SET moves = substr(moves, 1, 6) || x'FFFF1F00' WHERE id = 9");
    Database db(dir.path());
    CHECK_FALSE(db.check({.sampleGames = 1000}).ok());
  }
}

TEST_CASE("a catalogue row gives back the game, its moves in UHP and its tags") {
  test::ScratchDir dir("rows");
  Database db(dir.path());
  test::addInBatches(db, records(), 128);
  for (GameId id : {GameId(1), GameId(200), GameId(400)}) {
    const GeneratedGame& g = games()[std::size_t(id - 1)];
    const auto row = db.game(id);
    REQUIRE(row.has_value());
    CHECK(row->tags == Tags(g.tags.begin(), g.tags.end()));
    CHECK(row->white == *findTag(row->tags, "White"));
    CHECK(row->gameType == g.board.type().name());
    CHECK(row->notation == "uhp-pgn");
    CHECK(row->source == "generated.pgn");
    CHECK(row->sourceIndex == id - 1);
    CHECK(row->date.size() == 10);  // "2013.04.19" became "2013-04-19"
    CHECK(row->date[4] == '-');
    CHECK(row->plies == g.board.history().size());
    Board board(g.board.type(), Rules{.tournament = false});
    std::vector<std::string> expected;
    for (const Move& m : g.board.history()) {
      expected.push_back(notation::moveString(board, m));
      board.play(m);
    }
    CHECK(notation::moveStrings(*row->replay()) == expected);
    const auto replayed = row->replay();
    REQUIRE(replayed.has_value());
    CHECK(canonicalize(*replayed).key == row->finalKey);
    CHECK(row->result == records()[std::size_t(id - 1)].result());
  }
  CHECK_FALSE(db.game(401).has_value());
  CHECK_FALSE(db.game(0).has_value());
}

TEST_CASE(
    "games by a filter: a name in any letter case, newest first, and hostile values match nothing and harm nothing") {
  test::ScratchDir dir("filter");
  Database db(dir.path());
  test::addInBatches(db, records(), 128);
  const std::string white = games()[10].tags[5].second;  // White
  REQUIRE(games()[10].tags[5].first == "White");
  std::vector<GameId> expected;
  for (std::size_t i = games().size(); i-- > 0;)
    if (*findTag(records()[i].meta.tags, "White") == white) expected.push_back(GameId(i + 1));

  const GameSearch search(db);
  GameQuery byWhite;
  std::string shouted = white;  // names match in any letter case
  for (char& c : shouted) c = char(std::toupper(static_cast<unsigned char>(c)));
  REQUIRE(shouted != white);
  byWhite.white = shouted;
  CHECK(search.page(byWhite, 0, 1000) == expected);
  CHECK(search.count(byWhite) == expected.size());
  for (const char* hostile : {"x'; DROP TABLE games; --", "%", "_"}) {
    GameQuery q;
    q.white = hostile;
    CHECK(search.count(q) == 0);
  }
  CHECK(search.count({}) == records().size());
  CHECK(search.page({}, 0, 3) == std::vector<GameId>{400, 399, 398});
}

TEST_CASE("postings list the games through a position, newest first, page by page") {
  test::ScratchDir dir("postings");
  Database db(dir.path());
  test::addInBatches(db, records(), 100);
  const PositionKey empty = canonicalize(Board()).key;
  const PostingPage first = db.postings(empty, 0, 10);
  CHECK(first.total == records().size());
  REQUIRE(first.postings.size() == 10);
  CHECK(first.postings.front() == Posting{400, 0});
  CHECK(first.postings.back() == Posting{391, 0});
  CHECK(db.postings(empty, 395, 10).postings.size() == 5);
  CHECK(db.postings(empty, 500, 10).postings.empty());

  const GameRecord& r = records()[123];
  const PositionKey last = r.finalKey;
  const PostingPage page = db.postings(last, 0, 1000);
  const bool listed =
      std::any_of(page.postings.begin(), page.postings.end(), [&](const Posting& p) { return p.game == 124; });
  CHECK(listed);
  const auto stats = db.stats(last);
  REQUIRE(stats.has_value());
  CHECK(stats->counts.games == page.total);
  CHECK_FALSE(db.stats(PositionKey::fromBytes("\x01\x02\x03")).has_value());
}

TEST_CASE("rejected games are recorded once however often they are added") {
  test::ScratchDir dir("rejected");
  Database db(dir.path());
  const grammar::Rejection rejected[] = {{"bad.sgf", 0, "boardspace-sgf", 3, 1, 7, "no such move"},
                                         {"bad.sgf", 4, "boardspace-sgf", 9, 2, 0, "no moves"}};
  db.addRejected(rejected);
  db.addRejected(rejected);
  CHECK(db.info().rejected == 2);
}

TEST_CASE("a reader sees whole batches only, and catches up when it refreshes") {
  test::ScratchDir dir("reader");
  Database writer(dir.path());
  writer.addGames(std::span(records()).subspan(0, 100));
  Database reader(dir.path(), {.access = Access::ReadOnly});
  CHECK(reader.lastGame() == 100);
  writer.addGames(std::span(records()).subspan(100, 100));
  const PositionKey empty = canonicalize(Board()).key;
  CHECK(reader.stats(empty)->counts.games == 100);
  CHECK_FALSE(reader.game(150).has_value());
  CHECK(GameSearch(reader).count({}) == 100);
  reader.refresh();
  CHECK(reader.lastGame() == 200);
  CHECK(reader.stats(empty)->counts.games == 200);
  CHECK(reader.game(150).has_value());
  CHECK(reader.check().ok());
  CHECK_THROWS(reader.addGames(records()));
}

TEST_CASE("info says what the database holds") {
  test::ScratchDir dir("info");
  Database db(dir.path());
  test::addInBatches(db, records(), 100);
  const Info info = db.info();
  CHECK(info.games == records().size());
  CHECK(info.positions == db.digest().positions);
  CHECK(info.postings == db.digest().postings);
  CHECK(info.bytes >= info.catalogueBytes + info.positionBytes);
  CHECK(info.batches == 4);
  CHECK(info.notations == std::map<std::string, uint64_t>{{"uhp-pgn", records().size()}});
  uint64_t byType = 0;
  for (const auto& [type, count] : info.gamesByType) byType += count;
  CHECK(byType == info.games);
}

TEST_CASE("a writer that gave back its write memory adds more games and compacts to the same database") {
  const std::vector<GameRecord> firstHalf(records().begin(), records().begin() + 200);
  const std::vector<GameRecord> secondHalf(records().begin() + 200, records().end());
  test::ScratchDir plainDir("release-plain"), releasedDir("release-given-back");
  Database plain(plainDir.path()), released(releasedDir.path());
  test::addInBatches(plain, records(), 64);
  plain.compact();

  test::addInBatches(released, firstHalf, 64);
  released.releaseWriteMemory();
  CHECK(test::addInBatches(released, secondHalf, 64).added == secondHalf.size());
  released.releaseWriteMemory();
  released.compact();
  CHECK(released.digest() == plain.digest());
  CHECK(released.info().games == records().size());
  CHECK(released.check({.full = true}).ok());
}
