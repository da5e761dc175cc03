// Player statistics, the player table, games sorted by date or length, and a stored
// game's position (--game ID --ply N), each checked against the catalogue read
// another way: SQL written here, or the games replayed.
#include <algorithm>
#include <catch2/catch.hpp>

#include "index/catalogue/sqlite.hpp"
#include "notation/position_text.hpp"
#include "notation/uhp_text.hpp"
#include "query/error.hpp"
#include "query/games/game_list.hpp"
#include "query/players/player_stats.hpp"
#include "query/players/player_table.hpp"
#include "query/positions/position_request.hpp"
#include "query_support.hpp"

using namespace apiary;

namespace {

// A player's results counted by SQL on the catalogue (ASCII names: lower() folds them).
query::PlayerRecord sqlRecord(const index::Connection& db, const std::string& name, const std::string& extra) {
  index::Statement s(db,
                     "SELECT count(*),"
                     " coalesce(sum((result = 1 AND lower(white) = ?1) OR (result = 2 AND lower(black) = ?1)), 0),"
                     " coalesce(sum(result = 3), 0),"
                     " coalesce(sum((result = 2 AND lower(white) = ?1) OR (result = 1 AND lower(black) = ?1)), 0),"
                     " coalesce(sum(result = 0), 0), coalesce(sum(plies), 0)"
                     " FROM games WHERE (lower(white) = ?1 OR lower(black) = ?1)" +
                         extra);
  s.bind(1, std::string_view(name));
  REQUIRE(s.step());
  query::PlayerRecord r;
  r.games = uint64_t(s.integer(0));
  r.wins = uint64_t(s.integer(1));
  r.draws = uint64_t(s.integer(2));
  r.losses = uint64_t(s.integer(3));
  r.unfinished = uint64_t(s.integer(4));
  r.plies = uint64_t(s.integer(5));
  return r;
}

void checkSame(const query::PlayerRecord& got, const query::PlayerRecord& want) {
  CHECK(got.games == want.games);
  CHECK(got.wins == want.wins);
  CHECK(got.draws == want.draws);
  CHECK(got.losses == want.losses);
  CHECK(got.unfinished == want.unfinished);
  CHECK(got.plies == want.plies);
}

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

TEST_CASE("player statistics equal a recount of the catalogue in SQL") {
  const test::QueryDatabase* q = test::QueryDatabase::get();
  if (!q) return;
  const index::Connection sql(q->path() / "catalogue.sqlite", true);
  // The busiest players who never played themselves (such a game is a win and a loss).
  const auto table = query::playerTable(q->catalogue(), {}, {.limit = 8});
  REQUIRE(table.players.size() == 8);
  int checked = 0;
  for (const auto& row : table.players) {
    const std::string name = lower(row.name);
    if (sqlRecord(sql, name, " AND lower(white) = lower(black)").games) continue;
    ++checked;
    const auto stats = query::playerStats(q->catalogue(), row.name, {});
    checkSame(stats.overall, sqlRecord(sql, name, ""));
    checkSame(row.record, stats.overall);
    checkSame(stats.asFirst, sqlRecord(sql, name, " AND ((lower(white) = ?1) = (first_mover = 0))"));
    checkSame(stats.asSecond, sqlRecord(sql, name, " AND ((lower(white) = ?1) = (first_mover = 1))"));
    for (const auto& [year, record] : stats.byYear) {
      const std::string when =
          year == "unknown" ? " AND (date IS NULL OR length(date) < 4)" : " AND substr(date, 1, 4) = '" + year + "'";
      checkSame(record, sqlRecord(sql, name, when));
    }
    REQUIRE_FALSE(stats.opponents.empty());
    for (const auto& o : stats.opponents) {
      const std::string other = lower(o.name);
      REQUIRE(other.find('\'') == std::string::npos);
      checkSame(o.record,
                sqlRecord(sql, name, " AND (lower(white) = '" + other + "' OR lower(black) = '" + other + "')"));
    }
    // The longest run of wins by date then id, unfinished games skipped.
    index::Statement games(sql,
                           "SELECT (result = 1 AND lower(white) = ?1) OR (result = 2 AND lower(black) = ?1), result"
                           " FROM games WHERE lower(white) = ?1 OR lower(black) = ?1 ORDER BY date, id");
    games.bind(1, std::string_view(name));
    uint64_t run = 0, longest = 0;
    while (games.step()) {
      if (games.integer(0)) longest = std::max(longest, ++run);
      else if (games.integer(1) != 0) run = 0;
    }
    CHECK(stats.longestWinningStreak == longest);
    // Every game of the player opens one line of each length it reaches.
    uint64_t linesOfTwo = 0;
    for (const auto& line : stats.openingsAsFirst) linesOfTwo += line.plies == 2 ? line.record.games : 0;
    if (stats.openingsAsFirst.size() < 10) CHECK(linesOfTwo == stats.asFirst.games);
  }
  CHECK(checked >= 4);
}

TEST_CASE("players: one row a player, by most games or best score") {
  const test::QueryDatabase* q = test::QueryDatabase::get();
  if (!q) return;
  const auto byGames = query::playerTable(q->catalogue(), {}, {.limit = 1000000});
  const index::Connection sql(q->path() / "catalogue.sqlite", true);
  index::Statement names(sql,
                         "SELECT count(*) FROM (SELECT lower(white) AS n FROM games WHERE white <> ''"
                         " UNION SELECT lower(black) FROM games WHERE black <> '')");
  REQUIRE(names.step());
  CHECK(byGames.total == uint64_t(names.integer(0)));
  CHECK(byGames.players.size() == byGames.total);
  for (std::size_t i = 1; i < byGames.players.size(); ++i)
    CHECK(byGames.players[i - 1].record.games >= byGames.players[i].record.games);
  const auto byScore =
      query::playerTable(q->catalogue(), {}, {.order = query::PlayerOrder::Score, .limit = 20, .minGames = 5});
  REQUIRE_FALSE(byScore.players.empty());
  for (std::size_t i = 1; i < byScore.players.size(); ++i)
    CHECK(byScore.players[i - 1].record.score() >= byScore.players[i].record.score());
  for (const auto& row : byScore.players) CHECK(row.record.games >= 5);
}

TEST_CASE("games sort by date (newest first, then ingest order), by length, or by id") {
  const test::QueryDatabase* q = test::QueryDatabase::get();
  if (!q) return;
  const test::Recount recount(q->db());
  std::vector<const index::GameRow*> rows;
  for (const auto& [id, row] : recount.games) rows.push_back(&row);
  const auto ids = [](const std::vector<const index::GameRow*>& v) {
    std::vector<index::GameId> out;
    for (const auto* r : v) out.push_back(r->id);
    return out;
  };
  // Undated games have no date in SQL (NULL): the oldest of all.
  std::stable_sort(rows.begin(), rows.end(),
                   [](const auto* a, const auto* b) { return a->date != b->date ? a->date > b->date : a->id > b->id; });
  const index::GameQuery all;
  CHECK(q->catalogue().page(all, 0, UINT64_MAX, false, index::GameOrder::Date) == ids(rows));
  const auto newest = ids(rows);
  CHECK(q->catalogue().page(all, 0, UINT64_MAX, true, index::GameOrder::Date) ==
        std::vector<index::GameId>(newest.rbegin(), newest.rend()));
  std::stable_sort(rows.begin(), rows.end(), [](const auto* a, const auto* b) {
    return a->plies != b->plies ? a->plies > b->plies : a->id > b->id;
  });
  const auto longest = ids(rows);
  CHECK(q->catalogue().page(all, 5, 30, false, index::GameOrder::Plies) ==
        std::vector<index::GameId>(longest.begin() + 5, longest.begin() + 35));
  // A busy player's first pages walk the date index, the whole list is sorted by SQLite:
  // the same order either way.
  index::GameQuery busy;
  busy.player = query::playerTable(q->catalogue(), {}, {.limit = 1}).players.at(0).name;
  const auto whole = q->catalogue().page(busy, 0, UINT64_MAX, false, index::GameOrder::Date);
  REQUIRE(whole.size() > 40);
  CHECK(q->catalogue().page(busy, 0, 10, false, index::GameOrder::Date) ==
        std::vector<index::GameId>(whole.begin(), whole.begin() + 10));
  CHECK(q->catalogue().page(busy, 10, 5, false, index::GameOrder::Date) ==
        std::vector<index::GameId>(whole.begin() + 10, whole.begin() + 15));
  const auto oldest = q->catalogue().page(busy, 0, UINT64_MAX, true, index::GameOrder::Date);
  CHECK(q->catalogue().page(busy, 0, 10, true, index::GameOrder::Date) ==
        std::vector<index::GameId>(oldest.begin(), oldest.begin() + 10));
  // A player's games by date: the same order, restricted.
  index::GameQuery kaka;
  kaka.player = "KAKA0";
  const auto list = query::listGames(q->db(), q->catalogue(), kaka, {.page = {.limit = 1000}});
  REQUIRE(list.games.size() > 3);
  for (std::size_t i = 1; i < list.games.size(); ++i) {
    const auto &a = list.games[i - 1], &b = list.games[i];
    CHECK((a.date > b.date || (a.date == b.date && a.id > b.id)));
  }
}

TEST_CASE("a stored game's position (--game ID --ply N) is the position after its first N plies") {
  const test::QueryDatabase* q = test::QueryDatabase::get();
  if (!q) return;
  for (index::GameId id : {index::GameId(1), index::GameId(40), q->db().lastGame()}) {
    const auto row = q->db().game(id);
    REQUIRE(row);
    for (uint32_t ply : {0u, 1u, 7u, row->plies}) {
      if (ply > row->plies) continue;
      query::PositionRequest input;
      input.game = id;
      input.ply = ply;
      const Board board = query::readPosition(input, &q->catalogue());
      const Board want = test::prefixOf(*row, int(ply));
      CHECK(canonicalize(board).key == canonicalize(want).key);
      CHECK(board.history().size() == ply);
      // The same position given as its moves (UHP move lists start with White; a single
      // move is no notation in particular).
      std::string moves;
      const auto uhp = notation::moveStrings(*row->replay());
      for (uint32_t i = 0; i < ply; ++i) moves += std::to_string(i + 1) + ". " + uhp[i] + " ";
      if (ply > 1 && row->firstMover == Color::White)
        CHECK(canonicalize(notation::positionFromMoves(moves)).key == canonicalize(board).key);
    }
    query::PositionRequest end;
    end.game = id;
    CHECK(query::readPosition(end, &q->catalogue()).ply() == int(row->plies));
  }
  query::PositionRequest bad;
  bad.game = q->db().lastGame() + 1;
  const auto fieldOf = [&](const query::PositionRequest& r, const index::GameSearch* catalogue) {
    try {
      query::readPosition(r, catalogue);
    } catch (const query::QueryError& e) {
      return e.field();
    }
    return query::Field::None;
  };
  CHECK(fieldOf(bad, &q->catalogue()) == query::Field::Game);
  bad.game = 1;
  bad.ply = 100000;
  CHECK(fieldOf(bad, &q->catalogue()) == query::Field::Ply);
  CHECK(fieldOf(bad, nullptr) == query::Field::Game);  // no database
}
