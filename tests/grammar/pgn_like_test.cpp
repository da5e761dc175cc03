// The PGN-like notation's syntax: the seed's examples, files, round trips, errors.
#include "grammar/pgn_like.hpp"
#include "grammar/tag_pair.hpp"

#include <catch2/catch.hpp>
#include <random>

using namespace apiary::grammar;
using namespace apiary::grammar::pgn_like;

namespace {

Ply ply(std::string_view text) {
  auto p = parsePly(text);
  INFO(text);
  REQUIRE(p);
  return *p;
}

Reference refTo(char piece, int angle = 0) { return Reference{piece, {}, angle}; }

// The one game `text` holds, which must read without errors.
Game<Ply> cleanGame(std::string_view text) {
  auto games = parseGames(text);
  INFO(text);
  REQUIRE(games.size() == 1);
  CHECK(games[0].errors.empty());
  return std::move(games[0]);
}

}  // namespace

TEST_CASE("seed examples parse to the structure they describe") {
  SECTION("g: black's grasshopper moves") {
    const Ply p = ply("g");
    CHECK(p.kind == Ply::Kind::Move);
    CHECK(p.piece == 'g');
    CHECK_FALSE(p.to);
    CHECK_FALSE(p.from);
    CHECK(p.under == 0);
  }
  SECTION("BxA: white's beetle climbs onto white's ant") {
    const Ply p = ply("BxA");
    CHECK(p.piece == 'B');
    CHECK(p.under == 'A');
    CHECK_FALSE(p.to);
  }
  SECTION("+QGs2: place Q next to G, 2 clockwise from s") {
    const Ply p = ply("+QGs2");
    CHECK(p.kind == Ply::Kind::Place);
    CHECK(p.piece == 'Q');
    REQUIRE(p.to);
    CHECK(p.to->neighbour == 'G');
    CHECK(p.to->other == refTo('s', 2));
  }
  SECTION("ABs1-ga3#: the moving piece, then from and to, and the game ends") {
    const Ply p = ply("ABs1-ga3#");
    CHECK(p.piece == 'A');
    REQUIRE(p.from);
    CHECK(*p.from == Location{'B', refTo('s', 1)});
    REQUIRE(p.to);
    CHECK(*p.to == Location{'g', refTo('a', 3)});
    CHECK(p.endsGame);
  }
  SECTION("bQ and +agS: locations without angle or other piece") {
    CHECK(ply("bQ").to == Location{'Q', std::nullopt});
    const Ply p = ply("+agS");
    CHECK(p.piece == 'a');
    CHECK(p.to == Location{'g', refTo('S')});
    CHECK(ply("bQA3").to == Location{'Q', refTo('A', 3)});
    CHECK(ply("+agS2").to == Location{'g', refTo('S', 2)});
  }
  SECTION("gab(S)2: a bracketed qualifier of the reference") {
    const Ply p = ply("gab(S)2");
    CHECK(p.piece == 'g');
    const Reference b{'b', {refTo('S')}, 2};
    CHECK(p.to == Location{'a', b});
  }
  SECTION("+gaQ(s2)3: the qualifier has its own angle") {
    const Ply p = ply("+gaQ(s2)3");
    CHECK(p.kind == Ply::Kind::Place);
    CHECK(p.to == Location{'a', Reference{'Q', {refTo('s', 2)}, 3}});
  }
  SECTION("qualifiers nest") {
    const Ply p = ply("Aab(S(q1)4)2");
    CHECK(p.to == Location{'a', Reference{'b', {Reference{'S', {refTo('q', 1)}, 4}}, 2}});
  }
  SECTION("expansion pieces and pass") {
    CHECK(ply("+MLp3").to == Location{'L', refTo('p', 3)});
    CHECK(ply("pass").kind == Ply::Kind::Pass);
    CHECK(ply("pass#").endsGame);
  }
}

TEST_CASE("strings that are not one ply are refused") {
  for (const char* bad : {"", "x", "+", "Z", "A6", "Aa6", "Aab(S", "Aab()2", "A-", "+Ax", "BxA#1", "A b", "AaQ0"}) {
    INFO(bad);
    CHECK_FALSE(parsePly(bad));
  }
}

TEST_CASE("write gives back every seed example") {
  for (const char* text : {"g", "BxA", "+QGs2", "ABs1-ga3#", "bQ", "+agS", "bQA3", "+agS2", "gab(S)2", "+gaQ(s2)3",
                           "Aab(S(q1)4)2", "pass", "+G", "BxAQ-q", "mxPLl2-Aq(a(b1)2)5#"}) {
    INFO(text);
    CHECK(writePly(ply(text)) == text);
  }
}

TEST_CASE("the seed's game line: two plies per numbered turn") {
  const auto games = parseGames("1. +G +s 2. +SGs2 +ssG3 3. +QGS1 +ass2 4. Ss +qsG2 5. +SGQ1 +gqs2");
  REQUIRE(games.size() == 1);
  const auto& g = games[0];
  CHECK(g.errors.empty());
  REQUIRE(g.moves.size() == 10);
  CHECK(g.moves[0].text == "+G");
  CHECK(g.moves[0].pos.line == 1);
  CHECK(g.moves[0].pos.column == 4);
  CHECK(g.moves[3].move.to == Location{'s', refTo('G', 3)});
  CHECK(g.moves[6].text == "Ss");
  CHECK(g.moves[6].move.kind == Ply::Kind::Move);
  CHECK(g.moves[9].text == "+gqs2");
  CHECK(g.moves[9].pos.column == 61);
}

TEST_CASE("files: tags, comments, several games") {
  const std::string file =
      "[Event \"Hive Society round-robin final\"]\n"
      "[Site \"St Andrews, Scotland\"]\n"
      "[Date \"2020-02-14\"]\n"
      "[ExpansionPieces \"MmLlPp\"]\n"
      "\n"
      "{Opening comment, dropped}\n"
      "1. +G{touching} +s ; to the end of the line 2. not a move\n"
      "2. +SGs2\n"
      "   +ssG3 {a comment\n spanning lines}\n"
      "3. pass BxA#\n"
      "\n"
      "[Event \"second \\\"game\\\"\"]\n"
      "1. +q +Q\n";
  const auto games = parseGames(file);
  REQUIRE(games.size() == 2);
  const auto& first = games[0];
  CHECK(first.errors.empty());
  CHECK(first.pos.line == 1);
  REQUIRE(first.tags.size() == 4);
  CHECK(*first.tag("Site") == "St Andrews, Scotland");
  CHECK(*first.tag("ExpansionPieces") == "MmLlPp");
  CHECK(first.tags[3].pos.line == 4);
  REQUIRE(first.moves.size() == 6);
  CHECK(first.moves[0].comment == "touching");
  CHECK(first.moves[1].comment == "to the end of the line 2. not a move");
  CHECK(first.moves[2].pos.line == 8);
  CHECK(first.moves[3].pos.line == 9);
  CHECK(first.moves[3].comment == "a comment\n spanning lines");
  CHECK(first.moves[4].move.kind == Ply::Kind::Pass);
  CHECK(first.moves[5].move.endsGame);
  const auto& second = games[1];
  CHECK(second.pos.line == 13);
  CHECK(*second.tag("Event") == "second \"game\"");
  REQUIRE(second.moves.size() == 2);
  CHECK(second.moves[1].move.piece == 'Q');
}

TEST_CASE("a written game reads back to the same game and the same text") {
  const std::string file =
      "[Event \"Round \\\\ 1\"]\n"
      "[ExpansionPieces \"Mm\"]\n"
      "1. +G +s 2. +SGs2 {nice} +ssG3 3. +QGS1 +ass2 ; odd: has a } brace\n"
      "4. ABs1-ga3 gab(S)2 5. +gaQ(s2)3 pass 6. BxA#\n";
  const auto games = parseGames(file);
  REQUIRE(games.size() == 1);
  REQUIRE(games[0].errors.empty());
  const std::string written = writeGame(games[0]);
  const auto again = parseGames(written);
  REQUIRE(again.size() == 1);
  CHECK(again[0].errors.empty());
  CHECK(again[0].tags.size() == 2);
  REQUIRE(again[0].moves.size() == games[0].moves.size());
  for (std::size_t i = 0; i < again[0].moves.size(); ++i) {
    CHECK(again[0].moves[i].move == games[0].moves[i].move);
    CHECK(again[0].moves[i].comment == games[0].moves[i].comment);
  }
  CHECK(writeGame(again[0]) == written);
  CHECK(written.rfind("[Event \"Round \\\\ 1\"]\n[ExpansionPieces \"Mm\"]\n\n1. +G +s\n2. +SGs2 {nice} +ssG3\n", 0) ==
        0);
}

TEST_CASE("malformed input gives positioned errors and parsing goes on") {
  SECTION("a bad ply skips the rest of its turn") {
    const auto games = parseGames("1. +G +s\n2. +SG?2 +ssG3\n3. +QGS1 +ass2\n");
    REQUIRE(games.size() == 1);
    const auto& g = games[0];
    REQUIRE(g.errors.size() == 1);
    CHECK(g.errors[0].line == 2);
    CHECK(g.errors[0].column == 4);
    CHECK(g.errors[0].message.find("+SG?2") != std::string::npos);
    REQUIRE(g.moves.size() == 4);
    CHECK(g.moves[2].text == "+QGS1");
  }
  SECTION("a third ply in a turn needs a turn number") {
    const auto games = parseGames("1. +G +s +A 2. +SGs2");
    REQUIRE(games.size() == 1);
    REQUIRE(games[0].errors.size() == 1);
    CHECK(games[0].errors[0].column == 10);
    CHECK(games[0].moves.size() == 3);
  }
  SECTION("a malformed tag, an empty turn, an unclosed comment") {
    const auto games = parseGames("[Event \"x]\n1. 2. +G\n3. +s {never closed\n4. +A");
    REQUIRE(games.size() == 1);
    const auto& errors = games[0].errors;
    REQUIRE(errors.size() == 3);
    CHECK(errors[0].line == 1);
    CHECK(errors[0].column == 1);
    CHECK(errors[1].line == 2);
    CHECK(errors[1].column == 4);
    CHECK(errors[2].line == 3);
    CHECK(errors[2].column == 7);
    CHECK(games[0].moves.size() == 2);
  }
  SECTION("garbage never throws") {
    for (const char* junk : {"]]]", "1.", "[", "{", ";", "1-0", "\xff\xfe", "1. (((", "99999999999999999999. +G"}) {
      INFO(junk);
      CHECK_NOTHROW(parseGames(junk));
    }
    CHECK(parseGames("").empty());
    CHECK(parseGames("1-0")[0].errors.size() == 1);
  }
}

TEST_CASE("tag pairs and lines, the helpers shared with other notations") {
  auto tag = readTagPair("  [ Name  \"a \\\"b\\\" \\\\ c\" ] rest");
  REQUIRE(tag);
  CHECK(tag->first.name == "Name");
  CHECK(tag->first.value == "a \"b\" \\ c");
  CHECK(tag->second == 26);
  CHECK(writeTagPair(tag->first) == "[Name \"a \\\"b\\\" \\\\ c\"]");
  CHECK_FALSE(readTagPair("[Name value]"));
  CHECK_FALSE(readTagPair("Name \"value\""));
  const auto lines = splitLines("a\r\nb\n\nc");
  REQUIRE(lines.size() == 4);
  CHECK(lines[0] == "a");
  CHECK(lines[2].empty());
  CHECK(lines[3] == "c");
}

TEST_CASE("random text: no throw, positioned errors, every move reads back") {
  // Pieces come often, so that many random texts hold moves.
  const std::vector<std::string> alphabet = {"Q",    "q", "G",  "a",   "S", "b", "M", "l",  "P",    "p",   "A",
                                             "x",    "+", "-",  "#",   "(", ")", "1", "2",  "5",    "6",   " ",
                                             " 1. ", " ", "\n", "{c}", ";", "[", "]", "\"", "pass", "\xff"};
  std::mt19937 random(7);
  for (int round = 0; round < 3000; ++round) {
    std::string text;
    for (int i = std::uniform_int_distribution(0, 40)(random); i > 0; --i)
      text += alphabet[std::uniform_int_distribution<std::size_t>(0, alphabet.size() - 1)(random)];
    INFO(text);
    std::vector<Game<Ply>> games;
    REQUIRE_NOTHROW(games = parseGames(text));
    for (const auto& g : games) {
      for (const auto& e : g.errors) CHECK((e.line >= 1 && e.column >= 1));
      for (const auto& m : g.moves) CHECK(parsePly(writePly(m.move)) == m.move);
    }
  }
}

TEST_CASE("usual turn lines and the general grammar read alike") {
  SECTION("qualifiers, nested ones, pass and the end of the text") {
    const auto g = cleanGame("1. +G +s\n2. +SGs2 +gaQ(s2)3\n3. Aab(S(q1)4)2 pass#\n4. ABs1-ga3 +gaQ(s2)3");
    REQUIRE(g.moves.size() == 8);
    CHECK(g.moves[3].move.to == Location{'a', Reference{'Q', {refTo('s', 2)}, 3}});
    CHECK(g.moves[3].pos.line == 2);
    CHECK(g.moves[3].pos.column == 10);
    CHECK(g.moves[4].move.to == Location{'a', Reference{'b', {Reference{'S', {refTo('q', 1)}, 4}}, 2}});
    CHECK(g.moves[4].text == "Aab(S(q1)4)2");
    CHECK(g.moves[5].move.kind == Ply::Kind::Pass);
    CHECK(g.moves[5].move.endsGame);
    CHECK(g.moves[5].pos.column == 17);
    CHECK(*g.moves[6].move.from == Location{'B', refTo('s', 1)});
    CHECK(g.moves[7].text == "+gaQ(s2)3");
    CHECK(g.moves[7].pos.line == 4);
    CHECK(g.moves[7].pos.column == 13);
  }
  SECTION("CRLF line ends, comments between plies, odd blanks") {
    const auto g = cleanGame("1. +G +s\r\n2. +SGs2{c} +ssG3\r\n3.  +QGS1\t+ass2 ; end\n4. Ss");
    REQUIRE(g.moves.size() == 7);
    CHECK(g.moves[2].comment == "c");
    CHECK(g.moves[3].pos.line == 2);
    CHECK(g.moves[3].pos.column == 13);
    CHECK(g.moves[4].pos.column == 5);
    CHECK(g.moves[5].comment == "end");
    CHECK(g.moves[6].pos.line == 4);
  }
  SECTION("turn numbers an unsigned holds, and one it does not") {
    auto games = parseGames("1. +G +s\n4294967295. +A +a\n04294967295. +Q +q\n4294967296. +S +s\n");
    REQUIRE(games.size() == 1);
    CHECK(games[0].moves.size() == 6);
    REQUIRE(games[0].errors.size() == 1);
    CHECK(games[0].errors[0].line == 4);
    CHECK(games[0].errors[0].column == 1);
    CHECK(games[0].errors[0].message.find("4294967296.") != std::string::npos);
  }
  SECTION("a turn number where a ply is due, and a third ply") {
    const auto games = parseGames("[Event \"x\"]\n1. +G\n2. 3. +s +A\n4. +B +b +Q\n");
    REQUIRE(games.size() == 1);
    REQUIRE(games[0].errors.size() == 2);
    CHECK(games[0].errors[0].line == 3);
    CHECK(games[0].errors[0].column == 4);
    CHECK(games[0].errors[0].message == "turn number without a move before it");
    CHECK(games[0].errors[1].line == 4);
    CHECK(games[0].errors[1].column == 10);
    CHECK(games[0].moves.size() == 5);
  }
  SECTION("an empty view is no ply") { CHECK_FALSE(parsePly(std::string_view{})); }
}
