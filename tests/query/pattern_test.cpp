// Pattern search against a brute-force replay (pattern_oracle.hpp): random
// formations and --where conditions; a Queen with six neighbours against the games
// that ended by surrounding; the command's JSON and its errors.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "features/mobility.hpp"
#include "pattern_oracle.hpp"
#include "run_apiary.hpp"

using namespace apiary;
using namespace apiary::pattern_oracle;

TEST_CASE("pattern: random formations give the games a brute-force replay finds, with their first plies") {
  const Games& g = Games::get();
  std::vector<Position> all;
  for (const auto& [id, positions] : g.positions) all.insert(all.end(), positions.begin(), positions.end());
  std::mt19937_64 rng(7);
  int matchedSome = 0;
  for (int i = 0; i < 120; ++i) {
    const auto cells = randomFormation(rng, all);
    const Expected want = expected(g, [&](const Position& p) { return formationHolds(p, cells); });
    matchedSome += !want.games.empty();
    compareWith(g, query::Pattern(textOf(cells), ""), want, textOf(cells));
  }
  CHECK(matchedSome > 50);
}

TEST_CASE("pattern: random --where conditions give the games a brute-force replay finds") {
  const Games& g = Games::get();
  std::mt19937_64 rng(11);
  int matchedSome = 0;
  for (int i = 0; i < 120; ++i) {
    const Condition c = randomCondition(rng, int(rng() % 3));
    const Expected want = expected(g, [&](const Position& p) { return conditionHolds(p, c); });
    matchedSome += !want.games.empty() && want.games.size() < g.positions.size();
    compareWith(g, query::Pattern("", textOf(c)), want, textOf(c));
  }
  CHECK(matchedSome > 40);
}

TEST_CASE("pattern: a condition on stored features alone is answered without replaying a game") {
  const Games& g = Games::get();
  std::mt19937_64 rng(17);
  int matchedSome = 0;
  for (int i = 0; i < 120; ++i) {
    // Every feature is stored; mobility up to its cap, so its thresholds are kept under.
    Condition c = randomCondition(rng, int(rng() % 3));
    const std::function<void(Condition&)> belowCap = [&](Condition& d) {
      if (d.kind == 0 && d.cmp.feature == 4) d.cmp.value %= PlyFeatures::kMobilityCap;
      for (Condition& o : d.operands) belowCap(o);
    };
    belowCap(c);
    const Expected want = expected(g, [&](const Position& p) { return conditionHolds(p, c); });
    matchedSome += !want.games.empty() && want.games.size() < g.positions.size();
    const auto got = compareWith(g, query::Pattern("", textOf(c)), want, textOf(c));
    REQUIRE(got.replayed == 0);
    REQUIRE(got.scanned == g.positions.size());
  }
  CHECK(matchedSome > 30);  // 37 of 120 with this seed
}

TEST_CASE("pattern: pinned pieces are answered from the stored features, as the oracle counts them") {
  const Games& g = Games::get();
  int between = 0;
  const std::vector<std::pair<std::string, std::function<bool(const Position&)>>> conditions = {
      {"pinned.white >= 4 and pinned.black >= 4",
       [](const Position& p) { return p.pinned[0] >= 4 && p.pinned[1] >= 4; }},
      {"pinned.mine = 0 and ply >= 10", [](const Position& p) { return p.pinned[int(p.toMove)] == 0 && p.ply >= 10; }},
      {"pinned.theirs > 7", [](const Position& p) { return p.pinned[1 - int(p.toMove)] > 7; }},
  };
  for (const auto& [text, holds] : conditions) {
    const Expected want = expected(g, holds);
    between += !want.games.empty() && want.games.size() < g.positions.size();
    const auto got = compareWith(g, query::Pattern("", text), want, text);
    REQUIRE(got.replayed == 0);
  }
  CHECK(between == 3);
}

TEST_CASE("pattern: mobility is answered from its stored count below the cap and replayed beyond it") {
  const Games& g = Games::get();
  std::mt19937_64 rng(23);
  const auto pick = [&](int n) { return int(rng() % uint64_t(n)); };
  int replayedSome = 0, storedOnly = 0, between = 0;
  for (int i = 0; i < 60; ++i) {
    // A comparison of mobility with a threshold on either side of the cap or where
    // most counts lie, alone or with another random condition.
    Condition c;
    const int threshold = pick(2) ? PlyFeatures::kMobilityCap - 30 + pick(60) : pick(120);
    c.cmp = {4, 1 + pick(4), pick(5), threshold};
    if (pick(2)) c = Condition{1 + pick(2), {}, {c, randomCondition(rng, 1)}};
    const Expected want = expected(g, [&](const Position& p) { return conditionHolds(p, c); });
    between += !want.games.empty() && want.games.size() < g.positions.size();
    const auto got = compareWith(g, query::Pattern("", textOf(c)), want, textOf(c));
    replayedSome += got.replayed > 0;
    storedOnly += got.replayed == 0;
  }
  CHECK(replayedSome > 10);
  CHECK(storedOnly > 10);
  CHECK(between > 10);  // 16 of 60 with this seed: the others match in all games or none
}

TEST_CASE("pattern: the stored pinned pieces and mobility are the engine's at every position of the shared games") {
  const auto shared = test::requireShared();
  if (shared.empty()) return;
  test::ScratchDir dir("pattern-shared");
  std::filesystem::create_directories(dir.path());
  index::Database db(dir.path() / "db");
  ingest::importSources(db, {(shared / "games").string()}, {});
  uint64_t games = 0, positions = 0, pinnedSome = 0;
  db.forEachPatternBatch([&](std::string_view value) {
    index::PatternBatchReader reader(value);
    for (index::StoredGame stored; reader.next(stored);) {
      const auto row = db.game(stored.id);
      REQUIRE(row);
      const auto final = row->replay();
      REQUIRE(final);
      REQUIRE(stored.plies == final->history().size());
      Board board(final->type(), final->rules(), final->firstMover());
      for (uint32_t ply = 1; ply <= stored.plies; ++ply) {
        board.play(final->history()[ply - 1]);
        const uint32_t pinned = pinnedPieces(board);
        for (Color c : {Color::White, Color::Black}) {
          INFO("game " << stored.id << " ply " << ply);
          REQUIRE(stored.after(ply).pinned(c) == pinnedOf(pinned, c));
          REQUIRE(stored.after(ply).queenNeighbours(c) == queenNeighbours(board, c));
          const int moves = mobility(board, c);
          REQUIRE(countMobility(board, c, pinned) == moves);
          REQUIRE(stored.after(ply).mobility(c) == std::min(moves, PlyFeatures::kMobilityCap));
        }
        pinnedSome += pinned != 0;
        ++positions;
      }
      ++games;
    }
    REQUIRE(reader.ok());
  });
  CHECK(games == uint64_t(db.lastGame()));
  CHECK(games > 40);
  CHECK(pinnedSome > positions / 2);
}

TEST_CASE("pattern: a filter keeps its games out of the screen and the replay alike") {
  const Games& g = Games::get();
  std::vector<Position> all;
  for (const auto& [id, positions] : g.positions) all.insert(all.end(), positions.begin(), positions.end());
  const auto whiteWon = [&](index::GameId id) { return g.rows.at(id).result == GameState::WhiteWins; };
  const auto kept = std::count_if(g.rows.begin(), g.rows.end(), [&](const auto& row) { return whiteWon(row.first); });
  REQUIRE(kept > 10);
  index::GameQuery white;
  white.result = GameState::WhiteWins;
  std::mt19937_64 rng(19);
  for (int i = 0; i < 40; ++i) {
    const auto cells = randomFormation(rng, all);
    const Condition c = randomCondition(rng, 1);
    const Expected want = expected(
        g, [&](const Position& p) { return formationHolds(p, cells) && conditionHolds(p, c); }, whiteWon);
    const auto got =
        compareWith(g, query::Pattern(textOf(cells), textOf(c)), want, textOf(cells) + " where " + textOf(c), white);
    REQUIRE(got.scanned == uint64_t(kept));
    REQUIRE(got.replayed <= got.scanned);
  }
}

TEST_CASE("pattern: a formation and a condition together hold where both do") {
  const Games& g = Games::get();
  std::vector<Position> all;
  for (const auto& [id, positions] : g.positions) all.insert(all.end(), positions.begin(), positions.end());
  std::mt19937_64 rng(13);
  for (int i = 0; i < 60; ++i) {
    const auto cells = randomFormation(rng, all);
    const Condition c = randomCondition(rng, 1);
    const Expected want =
        expected(g, [&](const Position& p) { return formationHolds(p, cells) && conditionHolds(p, c); });
    compareWith(g, query::Pattern(textOf(cells), textOf(c)), want, textOf(cells) + " where " + textOf(c));
  }
}

TEST_CASE("pattern: a Queen with six neighbours matches exactly the games that ended by surrounding") {
  const Games& g = Games::get();
  REQUIRE(g.surrounded.size() > 40);
  const index::GameSearch catalogue(*g.db);
  for (const auto& text :
       {std::pair<std::string, std::string>{"has Q; E: any; SE: any; SW: *; W: *; NW: any; NE: any", ""},
        {"", "queen_neighbours.white = 6 or queen_neighbours.black >= 6"}}) {
    const auto got = query::findPattern(*g.db, catalogue, query::Pattern(text.first, text.second),
                                        {.filter = {}, .limit = UINT64_MAX});
    std::set<index::GameId> ids;
    for (const auto& hit : got.games) {
      ids.insert(hit.game.id);
      CHECK(hit.ply == g.rows.at(hit.game.id).plies);  // the game ends there
    }
    CHECK(ids == g.surrounded);
    CHECK(got.positions == g.surrounded.size());
    // Six neighbours around a Queen show in the stored features: only those games replay.
    CHECK(got.replayed == (text.first.empty() ? 0 : g.surrounded.size()));
  }
}

TEST_CASE("pattern: pages are newest first, and outcomes count the side the pattern names") {
  const Games& g = Games::get();
  const index::GameSearch catalogue(*g.db);
  const query::Pattern pattern("mine Q", "ply <= 40");
  const auto all = query::findPattern(*g.db, catalogue, pattern, {.filter = {}, .limit = UINT64_MAX});
  REQUIRE(all.total > 30);
  const auto page = query::findPattern(*g.db, catalogue, pattern, {.filter = {}, .offset = 10, .limit = 7});
  REQUIRE(page.total == all.total);
  REQUIRE(page.games.size() == 7);
  for (std::size_t i = 0; i < 7; ++i) CHECK(page.games[i].game.id == all.games[10 + i].game.id);
  REQUIRE(all.side == Side::Mine);
  uint64_t wins = 0, losses = 0;
  for (const auto& hit : all.games) {
    const Color mine = g.positions.at(hit.game.id)[hit.ply].toMove;
    const auto r = hit.game.result;
    wins += (r == GameState::WhiteWins && mine == Color::White) || (r == GameState::BlackWins && mine == Color::Black);
    losses +=
        (r == GameState::WhiteWins && mine == Color::Black) || (r == GameState::BlackWins && mine == Color::White);
  }
  CHECK(all.outcomes.sideWins == wins);
  CHECK(all.outcomes.sideLosses == losses);
  CHECK(wins + losses + all.outcomes.draws + all.outcomes.unknown == all.total);
}

TEST_CASE("pattern: text that cannot be read is refused with the column and what was expected") {
  const auto refusal = [](const std::string& formation, const std::string& where) -> std::string {
    try {
      query::Pattern(formation, where);
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "";
  };
  CHECK(refusal("0,0: B on", "") ==
        "pattern: column 10: expected a piece (mine, theirs, white, black, a bug or any) at the end");
  CHECK(refusal("", "ply <= 30 and").find("where: column 14: expected") == 0);
  CHECK(refusal("", "pinned >= 2") == "where: pinned needs a side: pinned.white, .black, .mine or .theirs");
  CHECK(refusal("empty; E: empty", "").find("at least one cell that is not empty") != std::string::npos);
  CHECK(refusal("Q; 5,0: A", "").find("more than 4 steps") != std::string::npos);
  CHECK(refusal("Q; 0,0: A", "").find("given twice") != std::string::npos);
  CHECK(refusal("", "") == "pattern: give a formation, a condition or both");
  CHECK(refusal("Q; E: x", "") ==
        "pattern: column 7: expected what the cell holds: empty, or pieces such as 'B on mine Q', not 'x'");
}

TEST_CASE("pattern: the command prints total, positions and the games with their plies as JSON") {
  const Games& g = Games::get();
  const auto db = (g.dir.path() / "db").string();
  const auto run = test::runApiary("pattern --db " + db +
                                   " 'has Q; E: any; SE: any; SW: any; W: any; NW: any; NE: any' --json --limit 3");
  REQUIRE(run.code == 0);
  const auto j = nlohmann::json::parse(run.out);
  CHECK(j["total"] == g.surrounded.size());
  CHECK(j["positions"] == g.surrounded.size());
  REQUIRE(j["games"].size() == 3);
  CHECK(j["games"][0]["id"] == *g.surrounded.rbegin());
  CHECK(j["games"][0]["ply"] == g.rows.at(*g.surrounded.rbegin()).plies);
  CHECK(test::runApiary("pattern --db " + db + " 'Q on' --json").code == 2);
  CHECK(test::runApiary("pattern --db " + db + " --where 'mobility.mine > 0' --result nobody").code == 2);
}
