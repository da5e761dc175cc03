// The query string as the answers take it, and the board a request is about:
// checked without a socket.
#include <catch2/catch.hpp>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "engine/generate.hpp"
#include "notation/notation_table.hpp"
#include "notation/uhp_text.hpp"
#include "notation_row.hpp"
#include "query/error.hpp"
#include "query/positions/position_request.hpp"
#include "server/handlers.hpp"
#include "server/params.hpp"

using apiary::query::QueryError;
using apiary::server::parseParams;

namespace {
apiary::Board requestedBoard(const apiary::server::Params& params) {
  return apiary::query::readPosition(params.position, nullptr);
}
}  // namespace

namespace {

// The parameter a bad query string is refused for.
std::string refusedParameter(std::string_view query,
                             apiary::notation::NotationUse use = apiary::notation::NotationUse::WriteMoves) {
  try {
    parseParams(query, {}, use);
  } catch (const QueryError& e) {
    CHECK(e.kind() == apiary::query::ErrorKind::BadInput);
    // An unknown parameter is no field: its message names it.
    return e.field() == apiary::query::Field::None ? std::string(e.what())
                                                   : std::string(apiary::query::fieldName(e.field()));
  }
  return "(accepted)";
}

}  // namespace

TEST_CASE("an empty query string asks about the start position with the CLI's defaults") {
  const auto p = parseParams("");
  CHECK(p.position.position.empty());
  CHECK(p.position.moves.empty());
  CHECK(p.notation == &apiary::test::row("uhp"));
  CHECK(p.filter.empty());
  CHECK(p.limit == 20);
  CHECK(p.offset == 0);
  CHECK_FALSE(p.oldestFirst);
  CHECK_FALSE(p.sameOrder);
}

TEST_CASE("parameters are percent-decoded and filters take '_' or '-' in their names") {
  const auto p = parseParams(
      "position=wG1%3B%20bG1+-wG1&from-date=2020&to_date=2021-05&player=Dumbot&limit=100"
      "&offset=40&oldest_first=1&same_order=true&notation=pgn-like&game-type=Base%2BMLP");
  CHECK(p.position.position == "wG1; bG1 -wG1");
  CHECK(p.filter.fromDate == "2020");
  CHECK(p.filter.toDate == "2021-05");
  CHECK(p.filter.player == "Dumbot");
  CHECK(p.filter.gameType == apiary::GameType::parse("Base+MLP"));
  CHECK(p.limit == 100);
  CHECK(p.offset == 40);
  CHECK(p.oldestFirst);
  CHECK(p.sameOrder);
  CHECK(p.notation == &apiary::test::row("pgn-like"));
}

TEST_CASE("limits that are zero, negative, too large or not numbers are refused naming limit") {
  for (const char* query : {"limit=0", "limit=-3", "limit=101", "limit=abc", "limit=", "limit=1e3", "limit=5x"})
    CHECK(refusedParameter(query) == "limit");
  CHECK(refusedParameter("offset=-1") == "offset");
  CHECK(refusedParameter("offset=99999999999999999999999") == "offset");
}

TEST_CASE("the archive filters are flags as strict_only is, and min_rating a number") {
  const auto p = parseParams("humans=1&no-guests=true&tournament&min_rating=1600");
  CHECK(p.filter.humans);
  CHECK(p.filter.noGuests);
  CHECK(p.filter.tournament);
  CHECK(p.filter.minRating == 1600);
  const auto off = parseParams("humans=0&no_guests=false&tournament=0");
  CHECK(off.filter.empty());
  CHECK(parseParams("min_rating=0").filter.minRating == 0);
  for (const char* query : {"min_rating=-1", "min_rating=abc", "min_rating=", "min_rating=1000001"})
    CHECK(refusedParameter(query) == "min_rating");
  CHECK(refusedParameter("humans=yes") == "humans");
  CHECK(refusedParameter("tournament=2") == "tournament");
}

TEST_CASE("unknown parameters, repeated ones, bad notations and overlong values are refused by name") {
  CHECK(refusedParameter("colour=white") == "unknown parameter 'colour'");
  CHECK(refusedParameter("player=a&player=b") == "player");
  CHECK(refusedParameter("notation=klingon") == "notation");
  CHECK(refusedParameter("format=klingon") == "notation");           // the old name of notation
  CHECK(refusedParameter("notation=uhp&format=uhp") == "notation");  // given twice, under both names
  CHECK(refusedParameter("oldest_first=maybe") == "oldest_first");
  CHECK(refusedParameter("event=" + std::string(300, 'x')) == "event");
  CHECK(refusedParameter("position=" + std::string(40000, 'x')) == "position");
  // A name that does not decode is refused before it could be looked up.
  CHECK(refusedParameter("player=ok&%ZZ=1") == "%ZZ '%ZZ': a % not followed by two hex digits");
}

TEST_CASE("notation takes every name and alias of the rows serving the endpoint's use, and nothing else") {
  using apiary::notation::NotationUse;
  for (const apiary::notation::Notation& n : apiary::notation::notationTable()) {
    for (std::string_view word : n.aliases) {
      if (word.empty()) continue;
      INFO(word);
      if (serves(n, NotationUse::WriteMoves)) CHECK(parseParams("notation=" + std::string(word)).notation == &n);
      if (serves(n, NotationUse::Write))
        CHECK(parseParams("notation=" + std::string(word), {}, NotationUse::Write).notation == &n);
    }
    INFO(n.name);
    const std::string given = "notation=" + std::string(n.name);
    CHECK((refusedParameter(given) == "notation") != serves(n, NotationUse::WriteMoves));
    CHECK((refusedParameter(given, NotationUse::Write) == "notation") != serves(n, NotationUse::Write));
  }
}

TEST_CASE("format, the old name of notation, is taken as notation") {
  using apiary::notation::NotationUse;
  for (const apiary::notation::Notation& n : apiary::notation::notationTable()) {
    if (!serves(n, NotationUse::Write)) continue;
    INFO(n.name);
    const auto params = parseParams("format=" + std::string(n.name), {}, NotationUse::Write);
    CHECK(params.notation == &n);
    CHECK(params.notationName == n.name);
  }
  CHECK(parseParams("format=pgn-like").position.notation == &apiary::test::row("pgn-like"));
}

TEST_CASE("the notations answer lists the table's rows with what each reads and writes") {
  const auto rows = nlohmann::json::parse(apiary::server::notationsReply().body).at("notations");
  const auto table = apiary::notation::notationTable();
  REQUIRE(rows.size() == table.size());
  for (std::size_t i = 0; i < table.size(); ++i) {
    CHECK(rows[i].at("name") == std::string(table[i].name));
    CHECK(rows[i].at("write") == serves(table[i], apiary::notation::NotationUse::Write));
  }
  CHECK(rows[1].at("name") == "sgf");
  CHECK(rows[1].at("read") == true);
  CHECK(rows[1].at("write") == true);
  CHECK(rows[1].at("moves") == false);  // games only, no single moves
  CHECK(rows[1].at("aliases") == nlohmann::json::array({"boardspace"}));
}

TEST_CASE("the board of a request is the position with the UHP moves played after it") {
  const auto board = requestedBoard(parseParams("position=wS1&moves=bG1%20-wS1%3B%20wQ%20wS1-"));
  CHECK(board.ply() == 3);
  CHECK(board.history().size() == 3);
  CHECK(board.toMove() == apiary::Color::Black);
}

TEST_CASE("moves play on after a position string too") {
  const auto board =
      requestedBoard(parseParams("position=Base%2BMLP%3BInProgress%3BBlack%5B2%5D%3BwS1%3BbG1%20-wS1"
                                 "%3BwQ%20wS1-&moves=bQ%20-bG1"));
  CHECK(board.ply() == 4);
}

TEST_CASE("a move that is not legal or not UHP is refused naming moves, a bad position naming position") {
  const auto field = [](std::string_view query) {
    try {
      requestedBoard(parseParams(query));
    } catch (const QueryError& e) {
      return std::string(apiary::query::fieldName(e.field()));
    }
    return std::string("(accepted)");
  };
  CHECK(field("moves=wS1%3BwQ%20wS1-") == "moves");             // White moves twice
  CHECK(field("moves=wS1%3BbQ%20wS1-%3BwQ%20bQ-") == "moves");  // a piece placed touching the other colour
  CHECK(field("moves=hello") == "moves");
  CHECK(field("position=not%20a%20move%20list%20at%20all") == "position");
  CHECK(field("position=wS1&moves=bG1%20-wS1") == "(accepted)");
  CHECK(field("moves=wS1%3Bpass") == "moves");  // a pass only when nothing else is legal
}

TEST_CASE("a forced pass is played like any other move") {
  // Generated games pass now and then, when a player has no other move.
  apiary::GameGenerator generator(3, apiary::GameType::all());
  for (int tries = 0; tries < 3000; ++tries) {
    const apiary::Board game = generator.next().board;
    const auto& history = game.history();
    if (std::none_of(history.begin(), history.end(), [](const apiary::Move& m) { return m.isPass(); })) continue;
    apiary::Board replay(game.type(), game.rules(), game.firstMover());
    apiary::server::Params params;
    for (const apiary::Move& m : history) {
      params.position.moves += (params.position.moves.empty() ? "" : ";") + apiary::notation::moveString(replay, m);
      replay.play(m);
    }
    CHECK(requestedBoard(params).ply() == game.ply());
    return;
  }
  FAIL("no generated game passes");
}
