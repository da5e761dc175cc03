// The explorer against a brute-force recount of every game in the catalogue, with
// and without filters; and the same answers whichever way the position is given.
#include <catch2/catch.hpp>
#include <cmath>
#include <optional>

#include "notation/move_notation.hpp"
#include "notation/move_text.hpp"
#include "notation/position_text.hpp"
#include "notation/uhp_text.hpp"
#include "notation_row.hpp"
#include "query/positions/explore.hpp"
#include "query/positions/search.hpp"
#include "query_support.hpp"

using namespace apiary;
using test::QueryDatabase;
using test::Recount;

namespace {

using Keep = std::function<bool(const index::GameRow&)>;

struct ExpectedMove {
  index::Counts counts;
  uint64_t transpositions = 0;
  double plies = 0;
};

struct Expected {
  index::Counts counts;
  double plies = 0;
  std::map<index::PositionHash, ExpectedMove> moves;
};

// The explorer's answer computed from the recount: games through the position, and
// for each next position the games that went there from it and those that did not.
Expected expected(const Recount& r, index::PositionHash position, const Keep& keep) {
  Expected e;
  const auto it = r.at.find(position);
  if (it == r.at.end()) return e;
  for (const auto& v : it->second) {
    const auto& game = r.games.at(v.game);
    if (!keep(game)) continue;
    const auto counts = index::countsOf(r.outcome(v.game), v.ply, game.plies);
    e.counts += counts;
    e.plies += game.plies;
    for (index::PositionHash n : v.next) {
      e.moves[n].counts += counts;
      e.moves[n].plies += game.plies;
    }
  }
  for (auto& [next, m] : e.moves) {
    uint64_t reached = 0;
    for (const auto& v : r.at.at(next)) reached += keep(r.games.at(v.game));
    m.transpositions = reached - m.counts.games;
    m.plies /= double(m.counts.games);
  }
  if (e.counts.games) e.plies /= double(e.counts.games);
  return e;
}

// Checks one exploration against the recount, average lengths included.
void check(const query::Exploration& got, const Expected& want) {
  INFO(want.counts.games << " games through the position");
  CHECK(got.unlisted == 0);
  REQUIRE(got.counts == want.counts);
  REQUIRE(got.moves.size() == want.moves.size());
  CHECK(got.averagePlies.has_value() == (want.counts.games > 0));
  if (want.counts.games) {
    REQUIRE(got.averagePlies);
    CHECK(*got.averagePlies == Approx(want.plies));
  }
  for (std::size_t i = 0; i < got.moves.size(); ++i) {
    const auto& m = got.moves[i];
    const auto it = want.moves.find(m.next);
    REQUIRE(it != want.moves.end());
    CHECK(m.counts == it->second.counts);
    CHECK(m.transpositions == it->second.transpositions);
    REQUIRE(m.averagePlies);
    CHECK(*m.averagePlies == Approx(it->second.plies));
    if (i) CHECK(got.moves[i - 1].counts.games >= m.counts.games);  // most played first
    // The move shown is one that leads there, on the position as the user gave it.
    Board after = got.board;
    after.play(m.move);
    CHECK(index::positionHash(canonicalize(after).key) == m.next);
  }
}

// The position as a Base+MLP game's: the recount counts the games of every type
// through it, and explore offers only the moves of the position's game type.
Board everyType(const Board& position) {
  if (notation::isSetUp(position)) return position;
  Board out(GameType::all(), position.rules(), position.firstMover());
  for (const Move& m : position.history()) out.play(m);
  return out;
}

}  // namespace

TEST_CASE("explore: counts and average lengths equal a recount of every game, unfiltered") {
  const QueryDatabase* q = QueryDatabase::get();
  if (!q) return;
  const Recount recount(q->db());
  const auto all = [](const index::GameRow&) { return true; };
  int aggregated = 0, popular = 0, transposed = 0;
  for (const Board& position : test::samplePositions(recount, 300, 1)) {
    const auto got = query::explore(q->db(), q->catalogue(), everyType(position));
    const Expected want = expected(recount, got.position, all);
    check(got, want);
    aggregated += want.counts.games > index::PositionRecord::kListMax;
    popular += want.counts.games > 64;  // the explorer once replayed games up to here
    for (const auto& m : got.moves) transposed += m.transpositions > 0;
  }
  // The sample reaches the index's aggregate records and real transpositions.
  CHECK(aggregated > 20);
  CHECK(popular > 10);
  CHECK(transposed > 20);
}

TEST_CASE("explore: with filters, counts equal a recount over the games the filter keeps") {
  const QueryDatabase* q = QueryDatabase::get();
  if (!q) return;
  const Recount recount(q->db());
  std::vector<index::GameQuery> filters(7);
  filters[0].player = "kaka0";  // any letter case
  filters[1].fromDate = "2015-03";
  filters[1].toDate = "2018";
  filters[2].result = GameState::WhiteWins;
  filters[3].gameType = GameType::parse("Base+MLP");
  filters[4].event = "league";
  filters[4].result = GameState::BlackWins;
  filters[5].white = "Rone1";
  filters[6].result = GameState::InProgress;
  uint64_t seed = 10;
  for (const auto& filter : filters) {
    const query::KeptSet games(q->catalogue(), filter);
    const Keep keep = [&](const index::GameRow& g) { return test::keeps(filter, g); };
    uint64_t kept = 0;
    for (const auto& [id, g] : recount.games) kept += keep(g);
    INFO("filter " << seed - 10 << " keeps " << kept);
    REQUIRE(games.size() == kept);  // the catalogue's SQL agrees with the filter's meaning
    REQUIRE(kept > 0);
    REQUIRE(kept < recount.games.size());
    // Kept games looked up by id where few (all read once a position has many), and
    // all read from the start.
    query::KeptGames byId(q->catalogue(), filter), all(q->catalogue(), filter, 0);
    for (const Board& position : test::samplePositions(recount, 60, seed++))
      for (query::KeptGames* kept : {&byId, &all}) {
        const auto got = query::explore(q->db(), q->catalogue(), everyType(position), {.filter = kept});
        check(got, expected(recount, got.position, keep));
      }
  }
}

TEST_CASE("explore: moves are written in the notation asked for") {
  const QueryDatabase* q = QueryDatabase::get();
  if (!q) return;
  // Two plies down the most played line, where many moves were played.
  Board position(GameType::all(), Rules{.tournament = false});
  for (int ply = 0; ply < 2; ++ply) position.play(query::explore(q->db(), q->catalogue(), position).moves.at(0).move);
  for (const char* name : {"uhp", "pgn-like", "direction", "algebraic", "algebraic-long", "algebraic-compressed"}) {
    INFO(name);
    const auto written = notation::findNotation(name, notation::NotationUse::WriteMoves);
    REQUIRE(written);
    const auto got = query::explore(q->db(), q->catalogue(), position, {.notation = written});
    REQUIRE(got.moves.size() > 1);
    for (const auto& m : got.moves) {
      INFO(m.text);
      // Read back on the same position (in the frame the game fixes), the text names
      // a move to the same next position.
      Board game = position;
      game.play(m.move);
      const auto frame = notation::GameFrame::ofGame(game);
      std::optional<Move> read;
      const std::string_view written(name);
      if (written == "uhp") read = notation::parseMoveString(got.board, m.text).value;
      else if (written == "pgn-like") read = notation::readPgnLikeMove(got.board, m.text).move;
      else if (written == "direction") read = notation::readDirectionMove(got.board, frame, m.text).move;
      else read = notation::readAlgebraicMove(got.board, frame, m.text).move;
      REQUIRE(read);
      Board after = got.board;
      after.play(*read);
      CHECK(index::positionHash(canonicalize(after).key) == m.next);
    }
  }
  CHECK_FALSE(notation::findNotation("fen", notation::NotationUse::WriteMoves));
  CHECK(notation::findNotation("standard", notation::NotationUse::WriteMoves) == &test::row("uhp"));
}

namespace {

// What must not depend on how the position was given: counts by next position,
// and the games through it.
struct Answer {
  index::Counts counts;
  std::map<index::PositionHash, std::pair<index::Counts, uint64_t>> moves;
  std::vector<std::pair<index::GameId, uint32_t>> games, sameOrder;
  bool operator==(const Answer&) const = default;
};

Answer answer(const QueryDatabase& q, const Board& position, query::KeptGames* filter) {
  Answer a;
  const auto e = query::explore(q.db(), q.catalogue(), position, {.filter = filter});
  a.counts = e.counts;
  for (const auto& m : e.moves) a.moves[m.next] = {m.counts, m.transpositions};
  query::SearchOptions options{.page = {.limit = UINT64_MAX, .order = index::GameOrder::Id}, .filter = filter};
  for (const auto& hit : query::search(q.db(), q.catalogue(), position, options).games)
    a.games.emplace_back(hit.game.id, hit.ply);
  if (!notation::isSetUp(position)) {
    options.sameOrder = true;
    for (const auto& hit : query::search(q.db(), q.catalogue(), position, options).games)
      a.sameOrder.emplace_back(hit.game.id, hit.ply);
  }
  return a;
}

std::string uhpLine(const Board& game) {
  Board b(game.type(), game.rules(), game.firstMover());
  std::string text;
  for (const Move& m : game.history()) {
    text += std::to_string(b.ply() + 1) + ". " + notation::moveString(b, m) + " ";
    b.play(m);
  }
  return text;
}

}  // namespace

TEST_CASE("explore and search: moves, GameString, position string, rotated, mirrored, colour-swapped agree") {
  const QueryDatabase* q = QueryDatabase::get();
  if (!q) return;
  const Recount recount(q->db());
  index::GameQuery filter;
  filter.fromDate = "2016";
  query::KeptGames games(q->catalogue(), filter);
  int compared = 0;
  for (const Board& position : test::samplePositions(recount, 24, 3)) {
    if (position.ply() == 0) continue;
    for (query::KeptGames* f : {static_cast<query::KeptGames*>(nullptr), &games}) {
      const Answer want = answer(*q, position, f);
      if (!f) REQUIRE(!want.games.empty());
      CHECK(answer(*q, notation::positionFromMoves(uhpLine(position)), f) == want);
      CHECK(answer(*q, notation::positionFromGameString(notation::gameString(position)), f) == want);
      // A position string has no move order to search by.
      const auto fromFen = [&](const Board& b) {
        Answer a = answer(*q, notation::positionFromFen(notation::writePosition(b)), f);
        a.sameOrder = want.sameOrder;
        return a;
      };
      CHECK(fromFen(position) == want);
      for (uint8_t s = 1; s < kSymmetries; s += 3) {
        for (bool swap : {false, true}) {
          INFO("symmetry " << int(s) << (swap ? ", colours swapped" : ""));
          const auto moved = transformedGame(position, Symmetry{s}, swap);
          REQUIRE(moved);
          // A GameString starts with White: the colour-swapped game is given as a
          // board with its history, and as a position string.
          CHECK(answer(*q, swap ? *moved : notation::positionFromGameString(notation::gameString(*moved)), f) == want);
          CHECK(fromFen(*moved) == want);
          ++compared;
        }
      }
    }
  }
  CHECK(compared > 100);
}
