// Position search, opening search and tag search against a brute-force recount of
// the catalogue; reading positions from text; the commands' JSON and --batch.
#include <catch2/catch.hpp>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <sstream>

#include "notation/position_text.hpp"
#include "notation/uhp_text.hpp"
#include "notation_row.hpp"
#include "query/error.hpp"
#include "query/positions/explore.hpp"
#include "query/positions/position_request.hpp"
#include "query/positions/search.hpp"
#include "query_support.hpp"

using namespace apiary;
using test::QueryDatabase;
using test::Recount;

namespace {

using Hits = std::vector<std::pair<index::GameId, uint32_t>>;

Hits hitsOf(const query::SearchResult& r) {
  Hits out;
  for (const auto& h : r.games) out.emplace_back(h.game.id, h.ply);
  return out;
}

// The order the recount's lists are in: latest ingested first.
constexpr index::GameOrder kIngestOrder = index::GameOrder::Id;

// Games through the position, newest first, from the recount.
Hits recounted(const Recount& r, index::PositionHash position, const std::function<bool(index::GameId)>& keep) {
  Hits out;
  if (const auto it = r.at.find(position); it != r.at.end())
    for (const auto& v : it->second)
      if (keep(v.game)) out.emplace_back(v.game, v.ply);
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  return out;
}

// Positions whose move lists come back to an earlier position (the hard games do).
std::vector<Board> repeatingLines(const Recount& r) {
  std::vector<Board> out;
  for (const auto& [id, hashes] : r.sequence) {
    std::vector<index::PositionHash> sorted = hashes;
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
      out.push_back(test::prefixOf(r.games.at(id), int(hashes.size()) - 1));
  }
  return out;
}

}  // namespace

TEST_CASE("search: the games through a position, by any move order, newest first, paged") {
  const QueryDatabase* q = QueryDatabase::get();
  if (!q) return;
  const Recount recount(q->db());
  const auto all = [](index::GameId) { return true; };
  for (const Board& position : test::samplePositions(recount, 120, 21)) {
    const auto first =
        query::search(q->db(), q->catalogue(), position, {.page = {.limit = UINT64_MAX, .order = kIngestOrder}});
    const Hits want = recounted(recount, first.position, all);
    REQUIRE(first.total == want.size());
    REQUIRE(hitsOf(first) == want);
    // Pages put together are the whole list, in both orders.
    for (bool oldest : {false, true}) {
      Hits paged;
      for (uint64_t offset = 0; offset < want.size() + 3; offset += 7) {
        const auto page = query::search(q->db(), q->catalogue(), position, {{offset, 7, oldest, kIngestOrder}});
        CHECK(page.total == want.size());
        CHECK(page.games.size() <= 7);
        for (const auto& h : hitsOf(page)) paged.push_back(h);
      }
      Hits expected = want;
      if (oldest) std::reverse(expected.begin(), expected.end());
      CHECK(paged == expected);
    }
  }
}

TEST_CASE("search: with a filter, only the games it keeps") {
  const QueryDatabase* q = QueryDatabase::get();
  if (!q) return;
  const Recount recount(q->db());
  index::GameQuery filter;
  filter.player = "RONE1";
  filter.toDate = "2019-06";
  query::KeptGames games(q->catalogue(), filter);
  const auto keep = [&](index::GameId id) { return test::keeps(filter, recount.games.at(id)); };
  for (const Board& position : test::samplePositions(recount, 80, 22)) {
    const auto got = query::search(q->db(), q->catalogue(), position,
                                   {.page = {.limit = 5, .order = kIngestOrder}, .filter = &games});
    const Hits want = recounted(recount, got.position, keep);
    CHECK(got.total == want.size());
    CHECK(hitsOf(got) == Hits(want.begin(), want.begin() + std::min<std::size_t>(5, want.size())));
  }
}

TEST_CASE("search --same-order: the games that opened with exactly these moves, up to symmetry") {
  const QueryDatabase* q = QueryDatabase::get();
  if (!q) return;
  const Recount recount(q->db());
  std::vector<Board> positions = test::samplePositions(recount, 100, 23);
  const auto repeating = repeatingLines(recount);
  REQUIRE(!repeating.empty());
  positions.insert(positions.end(), repeating.begin(), repeating.end());
  int narrower = 0;
  for (const Board& position : positions) {
    std::vector<index::PositionHash> line{index::positionHash(canonicalize(Board(position.type())).key)};
    Board replay(position.type(), position.rules(), position.firstMover());
    for (const Move& m : position.history()) {
      replay.play(m);
      line.push_back(index::positionHash(canonicalize(replay).key));
    }
    Hits want;
    for (auto it = recount.sequence.rbegin(); it != recount.sequence.rend(); ++it)
      if (it->second.size() >= line.size() && std::equal(line.begin(), line.end(), it->second.begin()))
        want.emplace_back(it->first, uint32_t(std::find(line.begin(), line.end(), line.back()) - line.begin()));
    const query::SearchOptions options{.page = {.limit = UINT64_MAX, .order = kIngestOrder}, .sameOrder = true};
    const auto got = query::search(q->db(), q->catalogue(), position, options);
    CHECK(got.total == want.size());
    CHECK(hitsOf(got) == want);
    narrower += got.total < query::search(q->db(), q->catalogue(), position, {}).total;
  }
  CHECK(narrower > 0);  // some positions were also reached by other move orders
  const Board fen = notation::positionFromFen(notation::writePosition(positions.back()));
  CHECK_THROWS_AS(query::search(q->db(), q->catalogue(), fen, {.page = {}, .sameOrder = true}), std::invalid_argument);
}

TEST_CASE("position input: move lists in any notation and layout, GameStrings, position strings") {
  const Board want = notation::positionFromGameString("Base;InProgress;White[3];wG1;bG1 -wG1;wA1 wG1\\;bA1 /bG1");
  REQUIRE(want.ply() == 4);
  const auto same = [&](const Board& b) {
    CHECK(b.history() == want.history());
    CHECK(canonicalize(b).key == canonicalize(want).key);
  };
  same(notation::positionFromMoves("1. wG1 2. bG1 -wG1 3. wA1 wG1\\ 4. bA1 /bG1"));
  same(notation::positionFromMoves("wG1; bG1 -wG1; wA1 wG1\\; bA1 /bG1"));
  same(notation::positionFromMoves("wG1\nbG1 -wG1\nwA1 wG1\\\nbA1 /bG1\n"));
  same(notation::positionFromMoves("wG1 bG1 -wG1 wA1 wG1\\ bA1 /bG1"));
  same(notation::positionFromLine("Base;InProgress;White[3];wG1;bG1 -wG1;wA1 wG1\\;bA1 /bG1"));
  query::PositionRequest input;
  input.moves = "1. wG1 2. bG1 -wG1 3. wA1 wG1\\ 4. bA1 /bG1";
  same(query::readPosition(input, nullptr));
  // These notations orient the game themselves: the same position, not the same cells.
  for (auto notationRow : {test::row("pgn-like"), test::row("direction"), test::row("algebraic")}) {
    const Board b = notation::positionFromMoves(notation::writeGames(notationRow, {notation::gameFromBoard(want, {})}));
    CHECK(canonicalize(b).key == canonicalize(want).key);
    CHECK(b.ply() == 4);
  }
  const Board fen = notation::positionFromLine(notation::writePosition(want));
  CHECK(notation::isSetUp(fen));
  CHECK_FALSE(notation::isSetUp(want));
  CHECK(canonicalize(fen).key == canonicalize(want).key);
  CHECK(query::readPosition({}, nullptr).ply() == 0);
  CHECK_THROWS_AS(notation::positionFromMoves("1. wG1 2. bG1 -wQ"), std::invalid_argument);
  CHECK_THROWS_AS(notation::positionFromMoves("hello there"), std::invalid_argument);
  input.game = 1;  // a stored game, and no catalogue to read it
  CHECK_THROWS_AS(query::readPosition(input, nullptr), query::QueryError);
}

TEST_CASE("games: tag search pages and counts agree with the filter's meaning") {
  const QueryDatabase* q = QueryDatabase::get();
  if (!q) return;
  const Recount recount(q->db());
  std::vector<index::GameQuery> filters(6);
  filters[0].player = "kaka0";
  filters[1].black = "Miho2";
  filters[1].result = GameState::Draw;
  filters[2].site = "GENERATE";
  filters[2].fromDate = "2020-02-15";
  filters[3].event = "100%_\\";  // LIKE's special characters are matched literally
  filters[4].gameType = GameType::parse("Base");
  filters[5].white = "Dumbot";
  for (const auto& f : filters) {
    std::vector<index::GameId> want;
    for (auto it = recount.games.rbegin(); it != recount.games.rend(); ++it)
      if (test::keeps(f, it->second)) want.push_back(it->first);
    const auto& query = f;
    CHECK(q->catalogue().count(query) == want.size());
    CHECK(q->catalogue().page(query, 0, UINT64_MAX) == want);
    const auto page = q->catalogue().page(query, 3, 4);
    CHECK(page == std::vector<index::GameId>(want.begin() + std::min<std::size_t>(3, want.size()),
                                             want.begin() + std::min<std::size_t>(7, want.size())));
    std::vector<index::GameId> oldest(want.rbegin(), want.rend());
    CHECK(q->catalogue().page(query, 0, UINT64_MAX, true) == oldest);
  }
  index::GameQuery bad;
  CHECK_THROWS_AS(query::setFilterField(bad, query::Field::Result, "maybe"), std::invalid_argument);
}

namespace {

struct Run {
  int status;
  std::string out;
};

Run apiaryRun(const std::string& args, const std::string& input = {}) {
  const std::string in = std::filesystem::temp_directory_path() / ("apiary-query-in-" + std::to_string(getpid()));
  std::ofstream(in) << input;
  FILE* p = popen((std::string(APIARY_BINARY) + " " + args + " < " + in + " 2>/dev/null").c_str(), "r");
  REQUIRE(p);
  std::string out;
  char buffer[4096];
  while (const std::size_t n = fread(buffer, 1, sizeof buffer, p)) out.append(buffer, n);
  const int status = pclose(p);
  std::filesystem::remove(in);
  return {WEXITSTATUS(status), out};
}

}  // namespace

TEST_CASE("commands: explore, search and games print JSON, --batch answers one line per position") {
  const QueryDatabase* q = QueryDatabase::get();
  if (!q) return;
  const std::string db = "--db " + q->path().string() + " ";
  const auto start = query::explore(q->db(), q->catalogue(), Board(GameType::all(), Rules{.tournament = false}));

  auto r = apiaryRun(db + "explore --json");
  REQUIRE(r.status == 0);
  auto j = nlohmann::json::parse(r.out);
  CHECK(j["games"] == start.counts.games);
  CHECK(j["moves"].size() == start.moves.size());
  CHECK(j["moves"][0]["move"] == start.moves[0].text);
  CHECK(j["moves"][0]["continuations"] == start.moves[0].counts.games);
  CHECK(j.contains("elapsed_ms"));

  r = apiaryRun(db + "explore --batch - --player Kaka0",
                "\n1. wG1 2. bG1 -wG1\nnot a position\nBase;InProgress;Black[1];wG1\n");
  CHECK(r.status == 1);  // one line could not be read
  std::istringstream lines(r.out);
  std::vector<nlohmann::json> answers;
  for (std::string line; std::getline(lines, line);) answers.push_back(nlohmann::json::parse(line));
  REQUIRE(answers.size() == 3);
  CHECK(answers[0].contains("moves"));
  CHECK(answers[1]["line"] == 3);
  CHECK(answers[1].contains("error"));
  CHECK(answers[2]["games"].get<uint64_t>() <= start.counts.games);
  for (const auto& a : answers) CHECK(a["elapsed_ms"].get<double>() >= 0);

  r = apiaryRun(db + "search --json --limit 3 --moves '1. wG1'");
  REQUIRE(r.status == 0);
  j = nlohmann::json::parse(r.out);
  CHECK(j["games"].size() == 3);
  CHECK(j["games"][0]["ply"] == 1);
  CHECK(j["games"][0]["date"].get<std::string>() >= j["games"][1]["date"].get<std::string>());  // newest first
  r = apiaryRun(db + "search --json --limit 3 --moves '1. wG1' --sort id");
  REQUIRE(r.status == 0);
  j = nlohmann::json::parse(r.out);
  CHECK(j["games"][0]["id"].get<int64_t>() > j["games"][1]["id"].get<int64_t>());  // latest ingested first
  CHECK(apiaryRun(db + "search --moves '1. wG1' --sort height").status == 2);

  r = apiaryRun(db + "games --json --count --limit 2 --player kaka0");
  REQUIRE(r.status == 0);
  j = nlohmann::json::parse(r.out);
  CHECK(j["games"].size() == 2);
  CHECK(j["more"] == true);
  CHECK(j["total"].get<uint64_t>() > 2);

  CHECK(apiaryRun(db + "explore --result maybe").status == 2);
  CHECK(apiaryRun(db + "explore --notation fen").status == 2);
  CHECK(apiaryRun(db + "explore --moves 'wQ wQ wQ'").status == 2);
}
