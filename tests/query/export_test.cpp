// Export: games out of a database in every notation apiary writes, read back to the
// same games (a game Black began with its colours swapped where White moves first);
// tags as the files had them; which games the filters select.
#include "query/games/export.hpp"

#include <map>
#include <stdexcept>

#include <catch2/catch.hpp>
#include "engine/canonical.hpp"
#include "index/index_support.hpp"
#include "notation_row.hpp"
#include "query/filters/filter_fields.hpp"
#include "query/filters/filter_match.hpp"

using namespace apiary;

namespace {

// A database of generated games. Each test makes its own: a Database kept in a
// static would close after RocksDB's own statics are gone, at exit.
struct Fixture {
  test::ScratchDir dir{"export"};
  std::vector<GeneratedGame> games = test::generateGames(20260501, 40);
  std::unique_ptr<index::Database> db;
  std::vector<index::GameId> ids;

  Fixture() {
    db = std::make_unique<index::Database>(dir.path());
    const auto added = test::addInBatches(*db, test::recordsOf(games), 16);
    REQUIRE(added.added == games.size());
    for (index::GameId id = 1; id <= db->lastGame(); ++id) ids.push_back(id);
  }
};

std::string tagOf(const GeneratedGame& g, const std::string& name) {
  for (const auto& [n, v] : g.tags)
    if (n == name) return v;
  return "";
}

// The row that reads what `notationRow` writes: algebraic reads its three forms.
const notation::Notation& readerOf(const notation::Notation& notationRow) {
  return notationRow.readGames ? notationRow : test::row("algebraic");
}

}  // namespace

TEST_CASE("every notation apiary writes reads back to the games the database holds", "[export]") {
  Fixture f;
  for (const char* written :
       {"uhp", "pgn-like", "direction", "algebraic", "algebraic-long", "algebraic-compressed", "fen"}) {
    const notation::Notation& notationRow = test::row(written);
    const std::string name(notationRow.name);
    INFO(name);
    std::string text;
    std::vector<index::GameId> order;
    const auto summary = query::exportGames(*f.db, f.ids, notationRow, [&](index::GameId id, const std::string& t) {
      order.push_back(id);
      text += t;
    });
    CHECK(summary.written == f.ids);
    CHECK(order == f.ids);
    CHECK(summary.missing.empty());
    CHECK(summary.unreadable.empty());

    const auto read = notation::readGames(readerOf(notationRow), text);
    REQUIRE(read.size() == f.games.size());
    for (std::size_t i = 0; i < read.size(); ++i) {
      INFO("game " << i + 1);
      REQUIRE(read[i].ok());
      const Board& original = f.games[i].board;
      // Positions compare by canonical key: the direction notation writes every game
      // in its own orientation, and a position string is one position.
      CHECK(canonicalize(read[i].board).key == canonicalize(original).key);
      if (&notationRow == &test::row("fen")) continue;
      CHECK(read[i].board.history().size() == original.history().size());
      if (&notationRow == &test::row("uhp")) CHECK(read[i].board.history() == original.history());
      // Every notation with tags keeps the players.
      if (const std::string* white = read[i].tag("White")) CHECK(*white == tagOf(f.games[i], "White"));
    }
  }
}

TEST_CASE("a game Black began exports with its colours swapped where White moves first", "[export]") {
  test::ScratchDir dir{"export-black-first"};
  std::vector<GeneratedGame> games = test::generateGames(20261129, 6);
  for (auto& g : games) {
    g.board = *transformedGame(g.board, Symmetry{}, true);
    g.tags.emplace_back("WhiteElo", "1500");
    g.tags.emplace_back("BlackElo", "1720");
  }
  index::Database db(dir.path());
  REQUIRE(test::addInBatches(db, test::recordsOf(games), 16).added == games.size());
  const std::vector<index::GameId> ids = {1, 2, 3, 4, 5, 6};
  for (const char* written : {"uhp", "direction"}) {
    INFO(written);
    std::string text;
    query::exportGames(db, ids, test::row(written), [&](index::GameId, const std::string& t) { text += t; });
    const auto read = notation::readGames(test::row(written), text);
    REQUIRE(read.size() == games.size());
    for (std::size_t i = 0; i < read.size(); ++i) {
      INFO("game " << i + 1);
      REQUIRE(read[i].ok());
      CHECK(read[i].board.firstMover() == Color::White);
      CHECK(read[i].board.history().size() == games[i].board.history().size());
      CHECK(canonicalize(read[i].board).key == canonicalize(games[i].board).key);
      CHECK(*read[i].tag("White") == tagOf(games[i], "Black"));
      CHECK(*read[i].tag("Black") == tagOf(games[i], "White"));
      CHECK(*read[i].tag("WhiteElo") == "1720");
      const std::string result = tagOf(games[i], "Result");
      const std::string swapped = result == "WhiteWins" ? "BlackWins" : result == "BlackWins" ? "WhiteWins" : result;
      if (!result.empty()) CHECK(*read[i].tag("Result") == swapped);
    }
  }
}

TEST_CASE("UHP export keeps the file's tags in its order", "[export]") {
  Fixture f;
  std::string text;
  query::exportGames(*f.db, std::vector<index::GameId>{7}, test::row("uhp"),
                     [&](index::GameId, const std::string& t) { text = t; });
  const auto& tags = f.games[6].tags;
  std::size_t at = 0;
  for (const auto& [name, value] : tags) {
    const auto found = text.find("[" + name + " \"" + value + "\"]", at);
    INFO(name);
    REQUIRE(found != std::string::npos);
    at = found;
  }
}

TEST_CASE("missing and corrupt games are reported, not written", "[export]") {
  Fixture f;
  int written = 0;
  const std::vector<index::GameId> ids = {2, 999, 3};
  const auto summary =
      query::exportGames(*f.db, ids, test::row("uhp"), [&](index::GameId, const std::string&) { ++written; });
  CHECK(written == 2);
  CHECK(summary.written == std::vector<index::GameId>{2, 3});
  CHECK(summary.missing == std::vector<index::GameId>{999});

  index::GameRow corrupt;
  corrupt.gameType = "Chess";
  CHECK_FALSE(query::exportableGame(corrupt));
}

TEST_CASE("a row without tags gets them from the catalogue's columns", "[export]") {
  index::GameRow row;
  row.white = "Ann";
  row.black = "Bob";
  row.event = "Club night";
  row.date = "2024-03-09";
  row.result = GameState::Draw;
  const index::Tags expected = {
      {"Event", "Club night"}, {"Date", "2024.03.09"}, {"White", "Ann"}, {"Black", "Bob"}, {"Result", "Draw"}};
  CHECK(query::tagsOf(row) == expected);
  row.tags = {{"White", "ann"}};
  CHECK(query::tagsOf(row) == row.tags);
}

TEST_CASE("filters select the games whose rows match", "[export]") {
  Fixture f;
  // What each filter should keep, worked out from the generated tags.
  const auto expect = [&](auto keep) {
    std::vector<index::GameId> ids;
    for (std::size_t i = 0; i < f.games.size(); ++i)
      if (keep(f.games[i])) ids.push_back(index::GameId(i + 1));
    return ids;
  };
  const std::string player = tagOf(f.games[0], "White");
  index::GameQuery byPlayer;
  byPlayer.player = player;
  for (char& c : *byPlayer.player) c = char(std::toupper(static_cast<unsigned char>(c)));  // any letter case
  const auto played =
      expect([&](const GeneratedGame& g) { return tagOf(g, "White") == player || tagOf(g, "Black") == player; });
  CHECK(!played.empty());
  CHECK(query::selectGames(*f.db, byPlayer) == played);

  index::GameQuery whiteWins;
  whiteWins.result = GameState::WhiteWins;
  CHECK(query::selectGames(*f.db, whiteWins) ==
        expect([](const GeneratedGame& g) { return tagOf(g, "Result") == "WhiteWins"; }));

  // A year as an upper bound keeps that whole year.
  const std::string year = tagOf(f.games[0], "Date").substr(0, 4);
  index::GameQuery untilYear;
  untilYear.toDate = year;
  const auto early = expect([&](const GeneratedGame& g) { return tagOf(g, "Date").substr(0, 4) <= year; });
  CHECK(query::selectGames(*f.db, untilYear) == early);

  index::GameQuery type;
  type.gameType = f.games[0].board.type();
  const auto typed = query::selectGames(*f.db, type);
  CHECK(typed == expect([&](const GeneratedGame& g) { return g.board.type() == f.games[0].board.type(); }));

  // Named games are narrowed by the filters; unknown ids pass through to be reported.
  const std::vector<index::GameId> named = {1, 2, 3, 4, 5, 999};
  std::vector<index::GameId> kept;
  for (index::GameId id : named)
    if (id == 999 || std::find(played.begin(), played.end(), id) != played.end()) kept.push_back(id);
  CHECK(query::keptGames(*f.db, byPlayer, named) == kept);
  CHECK(query::keptGames(*f.db, {}, named) == named);
}

TEST_CASE("filter values that mean nothing are refused", "[export]") {
  using query::Field;
  index::GameQuery f;
  CHECK_THROWS_AS(query::setFilterField(f, Field::Result, "maybe"), std::invalid_argument);
  CHECK_THROWS_AS(query::setFilterField(f, Field::GameType, "Chess"), std::invalid_argument);
  CHECK_THROWS_AS(query::setFilterField(f, Field::FromDate, "2023/01/01"), std::invalid_argument);
  CHECK_NOTHROW(query::setFilterField(f, Field::ToDate, "2023-01"));
  CHECK_NOTHROW(query::setFilterField(f, Field::Result, "1/2-1/2"));
  CHECK_NOTHROW(query::checkFilter(f));
  CHECK(query::resultFilterState("Unknown") == GameState::InProgress);
  CHECK(query::resultFilterState("0-1") == GameState::BlackWins);
}
