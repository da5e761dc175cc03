// Duplicate detection: a database of generated games with planted duplicates (the
// same game in other notations, mirrored and colour-swapped; a truncated copy; the
// same game with two placements in the other order) gives exactly those clusters.
#include <unistd.h>

#include <array>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "dedup_plant.hpp"
#include "engine/canonical.hpp"
#include "engine/generate.hpp"
#include "index/dedup_keys.hpp"
#include "index/record.hpp"
#include "ingest/importer.hpp"
#include "notation/notations.hpp"
#include "notation_row.hpp"
#include "query/games/dedup.hpp"
#include "run_apiary.hpp"
#include "support.hpp"

using namespace apiary;
namespace fs = std::filesystem;

using apiary::test::Run;
using apiary::test::runApiary;

namespace {

using Tags = std::vector<std::pair<std::string, std::string>>;

// A game as the test names it: its file and its place in the file.
using Place = std::pair<std::string, int64_t>;
using Cluster = std::pair<std::string, std::set<Place>>;  // mode, games

Symmetry mirror() {
  for (uint8_t s = 0; s < kSymmetries; ++s) {
    const Axial x = Symmetry{s}.apply({1, 0}), y = Symmetry{s}.apply({0, 1});
    if (x.q * y.r - x.r * y.q < 0) return Symmetry{s};  // orientation reversed
  }
  FAIL("no reflection among the symmetries");
  return {};
}

Tags retagged(Tags tags, const std::string& event) {
  for (auto& [name, value] : tags)
    if (name == "Event") value = event;
  return tags;
}

void write(const fs::path& file, const notation::Notation& notationRow,
           const std::vector<notation::ReplayedGame>& games) {
  std::ofstream(file) << notation::writeGames(notationRow, games);
}

// The database every test case reads, built once: 80 generated games, then the plants.
struct Planted {
  // Per process: ctest runs each test case as its own process, in parallel.
  test::TempDir scratch{"apiary-dedup-test"};
  const fs::path& dir = scratch.path;
  fs::path db = dir / "db";
  std::set<Cluster> expected;  // with the default options
  Place original, mirrored, swapped, full, truncated, straight, transposed, shortA, shortB;
  int transposedAt = 0;  // the first swapped placement's ply
  uint32_t shortPlies = 14;

  Planted() {
    fs::create_directories(dir / "in");
    GameGenerator generator(2024);
    std::vector<GeneratedGame> games;
    for (int i = 0; i < 80; ++i) games.push_back(generator.next());
    std::vector<notation::ReplayedGame> background;
    for (const auto& g : games) background.push_back(notation::gameFromBoard(g.board, g.tags));
    write(dir / "in" / "a-games.txt", test::row("uhp"), background);

    // Which generated games get copies (by index into games): long enough ones.
    std::vector<std::size_t> longGames;
    for (std::size_t i = 0; i < games.size(); ++i)
      if (games[i].board.ply() >= 40) longGames.push_back(i);
    REQUIRE(longGames.size() >= 4);
    const std::size_t g1 = longGames[0], g2 = longGames[1], g4 = longGames[2];

    // Exact: g1 mirrored, in PGN-like; and rotated with the colours swapped, in
    // algebraic notation. Other events, so the index does not take them for g1 itself.
    const Board mirroredBoard = *transformedGame(games[g1].board, mirror(), false);
    write(dir / "in" / "b-mirrored.pgn", test::row("pgn-like"),
          {notation::gameFromBoard(mirroredBoard, retagged(games[g1].tags, "Planted mirror"))});
    const Board swappedBoard = *transformedGame(games[g1].board, Symmetry{4}, true);
    write(dir / "in" / "c-swapped.txt", test::row("algebraic"),
          {notation::gameFromBoard(swappedBoard, retagged(games[g1].tags, "Planted swap"))});

    // Prefix: g2 stopped at 60% of its plies, as an unfinished record.
    const int cut = games[g2].board.ply() * 3 / 5;
    REQUIRE(cut >= 20);
    Tags unfinished = retagged(games[g2].tags, "Planted truncation");
    for (auto& [name, value] : unfinished)
      if (name == "Result") value = "InProgress";
    write(dir / "in" / "d-truncated.txt", test::row("uhp"),
          {notation::gameFromBoard(test::truncatedGame(games[g2].board, cut), unfinished)});

    // Transposed: the first long game (after g1, g2) with two swappable placements,
    // in direction notation.
    std::size_t g3 = 0;
    std::optional<std::pair<Board, int>> moved;
    for (std::size_t k = 3; k < longGames.size() && !moved; ++k)
      if ((moved = test::transposedGame(games[longGames[k]].board, 4))) g3 = longGames[k];
    REQUIRE(moved);
    transposedAt = moved->second;
    write(dir / "in" / "e-transposed.txt", test::row("direction"),
          {notation::gameFromBoard(moved->first, retagged(games[g3].tags, "Planted transposition"))});

    // Below the minimum length: g4's first 14 plies twice (an exact pair, and the
    // start of g4), reported only when asked for shorter games.
    const Board shortBoard = test::truncatedGame(games[g4].board, int(shortPlies));
    write(dir / "in" / "f-short.txt", test::row("uhp"),
          {notation::gameFromBoard(shortBoard, retagged(games[g4].tags, "Planted short"))});
    write(dir / "in" / "g-short.pgn", test::row("pgn-like"),
          {notation::gameFromBoard(*transformedGame(shortBoard, Symmetry{7}, false),
                                   retagged(games[g4].tags, "Planted short"))});

    index::Database database(db);
    const auto summary = ingest::importSources(database, {(dir / "in").string()}, {});
    REQUIRE(summary.totals.rejected == 0);
    REQUIRE(summary.totals.added == 80 + 6);

    original = {"a-games.txt", int64_t(g1)};
    mirrored = {"b-mirrored.pgn", 0};
    swapped = {"c-swapped.txt", 0};
    full = {"a-games.txt", int64_t(g2)};
    truncated = {"d-truncated.txt", 0};
    straight = {"a-games.txt", int64_t(g3)};
    transposed = {"e-transposed.txt", 0};
    shortA = {"f-short.txt", 0};
    shortB = {"g-short.pgn", 0};
    expected = {{"exact", {original, mirrored, swapped}},
                {"prefix", {full, truncated}},
                {"transposed", {straight, transposed}}};
  }
};

const Planted& planted() {
  static const Planted p;
  return p;
}

std::set<Cluster> clustersOf(const query::DedupReport& report) {
  std::set<Cluster> out;
  for (const auto& c : report.clusters) {
    std::set<Place> games;
    for (const auto& g : c.games) games.emplace(fs::path(g.source).filename().string(), g.sourceIndex);
    out.emplace(std::string(query::dedupModeName(c.mode)), games);
  }
  return out;
}

const query::DuplicateCluster& only(const query::DedupReport& report, query::DedupMode mode) {
  const query::DuplicateCluster* found = nullptr;
  for (const auto& c : report.clusters)
    if (c.mode == mode) {
      REQUIRE(!found);
      found = &c;
    }
  REQUIRE(found);
  return *found;
}

}  // namespace

TEST_CASE("dedup finds every planted duplicate and nothing else", "[query][dedup]") {
  const Planted& p = planted();
  const index::Database db(p.db, {index::Access::ReadOnly, {}});
  const query::DedupReport report = query::findDuplicates(db, {});
  CHECK(report.games == 86);
  CHECK(clustersOf(report) == p.expected);

  // The clusters say why, and come in the order exact, prefix, transposed.
  REQUIRE(report.clusters.size() == 3);
  CHECK(report.clusters[0].mode == query::DedupMode::Exact);
  CHECK(report.clusters[2].mode == query::DedupMode::Transposed);
  const auto& exact = report.clusters[0];
  CHECK_THAT(exact.reason, Catch::Contains("identical canonical positions at every ply"));
  CHECK_THAT(exact.reason, Catch::Contains("written in different orientations or colours"));
  CHECK_THAT(exact.reason, Catch::Contains("algebraic"));
  CHECK_THAT(exact.reason, Catch::Contains("pgn-like"));
  const auto& prefix = report.clusters[1];
  REQUIRE(prefix.games.size() == 2);
  const bool firstShorter = prefix.games[0].plies < prefix.games[1].plies;
  const auto& shorter = prefix.games[firstShorter ? 0 : 1];
  const auto& longer = prefix.games[firstShorter ? 1 : 0];
  CHECK(fs::path(shorter.source).filename() == "d-truncated.txt");
  CHECK(prefix.reason == "#" + std::to_string(shorter.id) + " (" + std::to_string(shorter.plies) +
                             " plies) is the start of #" + std::to_string(longer.id) + " (" +
                             std::to_string(longer.plies) + " plies)");
  const auto& moved = report.clusters[2];
  CHECK_THAT(moved.reason, Catch::Contains("by 2 different move orders"));
  CHECK_THAT(moved.reason, Catch::Contains("they differ from ply " + std::to_string(p.transposedAt + 1) + " to ply " +
                                           std::to_string(p.transposedAt + 2)));
}

TEST_CASE("dedup reports only the modes asked for", "[query][dedup]") {
  const Planted& p = planted();
  const index::Database db(p.db, {index::Access::ReadOnly, {}});
  for (const auto& [mode, cluster] : p.expected) {
    query::DedupOptions o;
    o.exact = mode == "exact";
    o.prefix = mode == "prefix";
    o.transposed = mode == "transposed";
    CHECK(clustersOf(query::findDuplicates(db, o)) == std::set<Cluster>{{mode, cluster}});
  }
}

TEST_CASE("dedup compares only the games the filters keep", "[query][dedup]") {
  const Planted& p = planted();
  const index::Database db(p.db, {index::Access::ReadOnly, {}});
  query::DedupOptions o;
  o.filter.event = "planted";  // the copies, not the games they copy
  CHECK(clustersOf(query::findDuplicates(db, o)) == std::set<Cluster>{{"exact", {p.mirrored, p.swapped}}});
  o.filter.event = "planted s";  // "Planted swap" and the short pair alone
  CHECK(query::findDuplicates(db, o).clusters.empty());
  o.filter = {};
  o.filter.playerSeat = index::Seat::First;  // a colour without a player
  CHECK_THROWS_AS(query::findDuplicates(db, o), std::invalid_argument);
}

TEST_CASE("dedup leaves out games shorter than the minimum, and finds them when asked", "[query][dedup]") {
  const Planted& p = planted();
  const index::Database db(p.db, {index::Access::ReadOnly, {}});
  query::DedupOptions o;
  // Just above the truncated copy's length: its prefix pair goes, nothing else.
  const query::DedupReport all = query::findDuplicates(db, {});
  const auto& prefix = only(all, query::DedupMode::Prefix);
  o.minPlies = std::min(prefix.games[0].plies, prefix.games[1].plies) + 1;
  std::set<Cluster> withoutPrefix = p.expected;
  withoutPrefix.erase(
      *std::find_if(withoutPrefix.begin(), withoutPrefix.end(), [](const Cluster& c) { return c.first == "prefix"; }));
  CHECK(clustersOf(query::findDuplicates(db, o)) == withoutPrefix);

  // Down to the short pair's 14 plies: they are an exact pair, and the start of
  // the game they were cut from (other games may share so short an opening).
  o.minPlies = p.shortPlies;
  const auto clusters = clustersOf(query::findDuplicates(db, o));
  CHECK(clusters.count({"exact", {p.shortA, p.shortB}}) == 1);
  bool startFound = false;
  for (const auto& [mode, games] : clusters)
    startFound |= mode == "prefix" && games.count(p.shortA) && games.count(p.shortB) && games.size() >= 3;
  CHECK(startFound);
}

TEST_CASE("a longer game's first plies hash as the shorter game's sequence", "[query][dedup]") {
  GameGenerator generator(5);
  const GeneratedGame g = generator.next();
  index::GameMeta meta;
  meta.notation = "uhp";
  const index::GameRecord whole = index::makeRecord(g.board, meta);
  CHECK(index::sequenceOf(whole.positions) == whole.sequence);
  const index::GameRecord start = index::makeRecord(test::truncatedGame(g.board, 10), meta);
  CHECK(index::sequenceOf(std::span(whole.positions).first(11)) == start.sequence);
  CHECK(index::sequenceOf(std::span(whole.positions).first(12)) != start.sequence);
}

TEST_CASE("apiary dedup prints the clusters as JSON, and rejects a bad mode", "[query][dedup][cli]") {
  const Planted& p = planted();
  const Run run = runApiary("dedup --db " + p.db.string() + " --json");
  REQUIRE(run.code == 0);
  const auto json = nlohmann::json::parse(run.out);
  REQUIRE(json["clusters"].size() == 3);
  std::map<std::string, std::size_t> sizes;
  for (const auto& c : json["clusters"]) {
    CHECK(!c["reason"].get<std::string>().empty());
    sizes[c["mode"]] = c["games"].size();
    for (const auto& g : c["games"]) {
      CHECK(g["id"].get<int64_t>() > 0);
      CHECK_THAT(g["source"].get<std::string>(), Catch::Contains("apiary-dedup-test"));
      // A game placed as every document places one: its file and its place in it.
      CHECK(g["source_index"].get<int64_t>() >= 0);
      CHECK_FALSE(g["notation"].get<std::string>().empty());
    }
  }
  CHECK(sizes == std::map<std::string, std::size_t>{{"exact", 3}, {"prefix", 2}, {"transposed", 2}});

  const Run exactOnly = runApiary("dedup --db " + p.db.string() + " --json --mode exact");
  REQUIRE(exactOnly.code == 0);
  CHECK(nlohmann::json::parse(exactOnly.out)["clusters"].size() == 1);
  const Run table = runApiary("dedup --db " + p.db.string() + " --mode prefix,transposed --player nobody");
  REQUIRE(table.code == 0);
  CHECK_THAT(table.out, Catch::Contains("0 clusters"));
  CHECK(runApiary("dedup --db " + p.db.string() + " --mode similar").code == 2);
  CHECK(runApiary("dedup --db " + p.db.string() + " --result maybe").code == 2);
}

TEST_CASE("postings of chosen positions are the same by lookups and by a scan", "[query][dedup]") {
  const Planted& p = planted();
  const index::Database db(p.db, {index::Access::ReadOnly, {}});
  const index::DedupReader reader(db);
  std::vector<index::PositionHash> finals;
  reader.forEachGame([&](const index::DedupKeys& k) { finals.push_back(k.finalPosition); });
  finals.push_back(0x0123456789abcdefull);  // a position no game reached
  std::sort(finals.begin(), finals.end());
  finals.erase(std::unique(finals.begin(), finals.end()), finals.end());
  using Seen = std::vector<std::pair<index::PositionHash, std::vector<index::Posting>>>;
  const auto read = [&](index::DedupReader::Read how) {
    Seen seen;
    reader.forEachPostings(
        finals,
        [&](index::PositionHash h, std::span<const index::Posting> ps) {
          seen.emplace_back(h, std::vector(ps.begin(), ps.end()));
        },
        how);
    return seen;
  };
  const Seen lookups = read(index::DedupReader::Read::Lookups);
  CHECK(lookups.size() == finals.size() - 1);
  CHECK(read(index::DedupReader::Read::Scan) == lookups);
  // Every game is among the postings of its own final position.
  std::size_t games = 0;
  for (const auto& [h, ps] : lookups) games += ps.size();
  CHECK(games >= 86);
}

TEST_CASE("../shared/games: each PGN game is an exact duplicate of its BoardSpace file, nothing else",
          "[query][dedup]") {
  const auto shared = test::requireShared();
  if (shared.empty()) return;
  const test::TempDir scratch("apiary-dedup-shared");
  const fs::path dir = scratch.path / "db";
  {
    index::Database db(dir);
    const auto sgf = shared / "games" / "boardspace-sgf", pgn = shared / "games" / "uhp-pgn";
    REQUIRE(ingest::importSources(db, {sgf.string(), pgn.string()}, {}).totals.rejected == 0);
    std::set<Cluster> expected;
    for (const auto& entry : fs::directory_iterator(pgn)) {
      const std::string stem = entry.path().stem().string();
      expected.insert({"exact", {{stem + ".pgn", 0}, {stem + ".sgf", 0}}});
    }
    REQUIRE(!expected.empty());
    CHECK(clustersOf(query::findDuplicates(db, {})) == expected);
  }
}
