// The direction-based notation's syntax: the seed's two example games, move forms,
// spellings, round trips and errors.
#include "grammar/direction.hpp"

#include <catch2/catch.hpp>
#include <sstream>

#include "grammar/random_texts.hpp"
#include "support.hpp"

using namespace apiary::grammar;
using namespace apiary::grammar::direction;

namespace {

// The seed's example games, as its text has them (facts from the spec).
const char* const kGame1 =
    "1st Player: Frank Chen\n"
    "2nd Player: Joe Schultz\n"
    "Date: September 8, 2019\n"
    "Tournament: 2019 BoardSpace.net Online World Championship 1. L P\n"
    "2. M+Lm A+Pn\n"
    "3. Q+Ls Q+Pa\n"
    "4. P+Qa\n"
    "4. AxMm\n"
    "5. A+Pa A+Qa\n"
    "6. AxA1a M+Qf\n"
    "7. B+Lr A+Mr\n"
    "8. Ba MQs\n"
    "9. Qs A2xQs\n"
    "10. Bn B+A2m\n"
    "11. A+Lr Bf\n"
    "12. A2xQn Bn\n"
    "13. Ba G*Qm\n"
    "14. A+Lr Gn\n"
    "15. A1xA2m S+Pf\n"
    "16. A2xA3m S+A2a\n"
    "17. S+A2r B+S2n\n"
    "18. A1xB1a Gm\n"
    "19. A2xA1a L+S2m\n"
    "20. A2xQn G+S1n\n"
    "21. G+A3m LxQf\n"
    "22. xMr\n"
    "22. B2n\n"
    "23. LxQf Pr\n"
    "24. A1xB2a G1m\n"
    "25. LxPr S1s\n"
    "26. Bm G1s\n"
    "27. Bs xLPs\n"
    "28. MxQf MxQa\n";
const char* const kGame2 =
    "1st Player: Povilas Simonis\n"
    "2nd Player: Christian Galeas\n"
    "Date: May 12, 2019\n"
    "Tournament: 2019 BoardSpace.net Online World Championship 1. L L\n"
    "2. A+Lm M+Ln\n"
    "3. M+As Q+Mr\n"
    "4. Q+Lr A+Ms\n"
    "5. MxQr AxAs\n"
    "6. B+Mf P+Qn\n"
    "7. Bs A+Pa\n"
    "8. P+Qr A+Ms\n"
    "9. A+Pf A2xA1f\n"
    "10. Ba Mr\n"
    "11. B+Qf B+Qa\n"
    "12. Mn Bm\n"
    "13. S+Mf S+Pn\n"
    "14. SxQr xMQa\n"
    "15. Bn Bn\n"
    "16. A+Pr A1xA3m\n"
    "17. G+Qm SxBf\n"
    "18. Ba B+Pa\n"
    "19. Bn B1r\n"
    "20. QPm A3f\n"
    "21. G+Pn LB2a\n"
    "22. G+Lr B2r\n"
    "23. G3n B2m\n"
    "24. G1a B2s\n"
    "25. S+Qa Mr\n"
    "26. G3f Mm\n"
    "27. Bf\n";

Move moveOf(std::string_view text) {
  std::string why;
  auto m = parseMove(text, &why);
  INFO(text << ": " << why);
  REQUIRE(m);
  return *m;
}

Piece own(char bug, int number = 0) { return {false, bug, number}; }
Piece theirs(char bug, int number = 0) { return {true, bug, number}; }

// The plies of a game text, in order, as written (skipping numbers and headers).
std::vector<std::string> pliesOf(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    const auto dot = line.find(". ");
    if (line.find(':') != std::string::npos && line.find(" 1. ") == std::string::npos) continue;
    std::istringstream words(line.substr(dot + 2));
    for (std::string w; words >> w;) out.push_back(w);
  }
  return out;
}

}  // namespace

TEST_CASE("the seed's move examples") {
  SECTION("direct destination") {
    const Move ba = moveOf("Ba");
    CHECK(ba.piece == own('B'));
    CHECK_FALSE(ba.placement);
    CHECK_FALSE(ba.reference);
    CHECK(ba.direction == Direction::Afternoon);
    CHECK(moveOf("B1r").piece == own('B', 1));
    // The opponent's Mosquito, moved by the mover's Pillbug.
    const Move xm = moveOf("xMr");
    CHECK(xm.piece == theirs('M'));
    CHECK(xm.direction == Direction::Sunrise);
  }
  SECTION("placements") {
    const Move m = moveOf("M+Qn");
    CHECK(m.piece == own('M'));
    CHECK(m.placement);
    CHECK(m.reference == own('Q'));
    CHECK(m.direction == Direction::Noon);
    const Move g = moveOf("G*Qm");
    CHECK(g.placement);
    CHECK(g.reference == theirs('Q'));
    CHECK(g.direction == Direction::Midnight);
    CHECK(moveOf("G\u2733\uFE0EQm") == g);
    CHECK(moveOf("G\u2733Qm") == g);
    CHECK(moveOf("G+xQm") == g);
    CHECK(moveOf("G+\u00D7Qm") == g);
  }
  SECTION("referenced destination") {
    const Move a = moveOf("A2\u00D7Pm");
    CHECK(a.piece == own('A', 2));
    CHECK(a.reference == theirs('P'));
    CHECK(a.direction == Direction::Midnight);
    CHECK(moveOf("A2xPm") == a);
    CHECK(moveOf("AxA1a").reference == theirs('A', 1));
    CHECK(moveOf("MQs").reference == own('Q'));
    CHECK(moveOf("LB2a").reference == own('B', 2));
    CHECK(moveOf("QPm").reference == own('P'));
    const Move x = moveOf("xLPs");
    CHECK(x.piece == theirs('L'));
    CHECK(x.reference == own('P'));
    CHECK(x.direction == Direction::Sunset);
  }
  SECTION("first turn, abbreviations and pass") {
    const Move l = moveOf("L");
    CHECK(l.piece == own('L'));
    CHECK_FALSE(l.reference);
    CHECK_FALSE(l.direction);
    CHECK(moveOf("A2").piece == own('A', 2));
    CHECK(moveOf("AxQ").reference == theirs('Q'));
    CHECK_FALSE(moveOf("AxQ").direction);
    CHECK(moveOf("G+").placement);
    CHECK(moveOf("\u2014").pass);
    CHECK(moveOf("--").pass);
    for (char d : std::string("nasmrf")) CHECK(moveOf(std::string("Q") + d).direction == Direction{d});
  }
}

TEST_CASE("strings that are not one move are refused, with a reason") {
  for (const char* bad :
       {"", "a", "K", "A4", "A0", "Ban", "G*", "G*xQ", "A2+Qn", "xA+Qn", "+Q", "-", "Q-", "\u2014a", "\u00D7", "A x"}) {
    std::string why;
    INFO(bad);
    CHECK_FALSE(parseMove(bad, &why));
    CHECK_FALSE(why.empty());
  }
  std::string why;
  parseMove("A2+Qn", &why);
  CHECK(why == "a placed piece carries no number");
}

TEST_CASE("the seed's two example games parse completely") {
  const auto games = parseGames(std::string(kGame1) + kGame2);
  REQUIRE(games.size() == 2);
  const auto& g1 = games[0];
  const auto& g2 = games[1];
  CHECK(g1.errors.empty());
  CHECK(g2.errors.empty());
  CHECK(g1.pos.line == 1);
  CHECK(g2.pos.line == 34);

  REQUIRE(g1.tags.size() == 4);
  CHECK(*g1.tag("1st Player") == "Frank Chen");
  CHECK(*g1.tag("2nd Player") == "Joe Schultz");
  CHECK(*g1.tag("Date") == "September 8, 2019");
  CHECK(*g1.tag("Tournament") == "2019 BoardSpace.net Online World Championship");
  CHECK(*g2.tag("1st Player") == "Povilas Simonis");

  // 28 turns for both players; turns 4 and 22 stand on two lines each.
  REQUIRE(g1.moves.size() == 56);
  CHECK(g1.moves[0].text == "L");
  CHECK(g1.moves[0].pos.line == 4);
  CHECK(g1.moves[0].pos.column == 62);
  CHECK(g1.moves[1].text == "P");
  CHECK(g1.moves[2].move == Move{false, own('M'), true, own('L'), Direction::Midnight});
  CHECK(g1.moves[6].text == "P+Qa");
  CHECK(g1.moves[7].text == "AxMm");
  CHECK(g1.moves[7].pos.line == 8);
  CHECK(g1.moves[7].move == Move{false, own('A'), false, theirs('M'), Direction::Midnight});
  CHECK(g1.moves[10].move == Move{false, own('A'), false, theirs('A', 1), Direction::Afternoon});
  CHECK(g1.moves[15].move == Move{false, own('M'), false, own('Q'), Direction::Sunset});
  CHECK(g1.moves[25].move == Move{false, own('G'), true, theirs('Q'), Direction::Midnight});
  CHECK(g1.moves[42].text == "xMr");
  CHECK(g1.moves[42].move == Move{false, theirs('M'), false, std::nullopt, Direction::Sunrise});
  CHECK(g1.moves[43].text == "B2n");
  CHECK(g1.moves[53].move == Move{false, theirs('L'), false, own('P'), Direction::Sunset});
  CHECK(g1.moves[55].text == "MxQa");

  // 26 full turns and the first player's 27th.
  REQUIRE(g2.moves.size() == 53);
  CHECK(g2.moves[0].pos.line == 37);
  CHECK(g2.moves[27].move == Move{false, theirs('M'), false, own('Q'), Direction::Afternoon});
  CHECK(g2.moves[38].move == Move{false, own('Q'), false, own('P'), Direction::Midnight});
  CHECK(g2.moves[41].move == Move{false, own('L'), false, own('B', 2), Direction::Afternoon});
  CHECK(g2.moves[52].text == "Bf");
}

TEST_CASE("a sink gets each game whole, in order, and a game starts with nothing of the one before") {
  // The first game has an error and a header line; the second has neither. The sink
  // reads each game without taking it, so the reader reuses its storage.
  const std::string text = std::string("Event: one\n1. L P\n2. M+Lm Zz\n") + kGame2 + "Event: three\n1. G\n";
  struct Seen {
    std::size_t tags, moves, errors;
    int line;
    std::string firstMove, lastMove;
  };
  std::vector<Seen> seen;
  parseGames(text, [&](Game<Move>&& g) {
    seen.push_back({g.tags.size(), g.moves.size(), g.errors.size(), g.pos.line,
                    g.moves.empty() ? "" : g.moves.front().text, g.moves.empty() ? "" : g.moves.back().text});
  });
  REQUIRE(seen.size() == 3);
  CHECK(seen[0].tags == 1);
  CHECK(seen[0].moves == 3);
  CHECK(seen[0].errors == 1);
  CHECK(seen[0].lastMove == "M+Lm");
  CHECK(seen[1].line == 4);
  CHECK(seen[1].tags == 4);
  CHECK(seen[1].moves == 53);
  CHECK(seen[1].errors == 0);
  CHECK(seen[1].firstMove == "L");
  CHECK(seen[1].lastMove == "Bf");
  CHECK(seen[2].tags == 1);
  CHECK(seen[2].moves == 1);
  CHECK(seen[2].errors == 0);
  CHECK(seen[2].firstMove == "G");
  // The vector form holds the same games.
  const auto games = parseGames(text);
  REQUIRE(games.size() == 3);
  for (std::size_t i = 0; i < games.size(); ++i) {
    CHECK(games[i].moves.size() == seen[i].moves);
    CHECK(games[i].errors.size() == seen[i].errors);
  }
  CHECK(games[1].moves[0].move == Move{false, own('L'), false, std::nullopt, std::nullopt});
}

TEST_CASE("the seed's games are written back move for move") {
  for (const char* seed : {kGame1, kGame2}) {
    const auto games = parseGames(seed);
    REQUIRE(games.size() == 1);
    const auto ascii = writeGame(games[0], Spelling::Ascii);
    CHECK(pliesOf(ascii) == pliesOf(seed));
    const auto again = parseGames(ascii);
    REQUIRE(again.size() == 1);
    CHECK(again[0].errors.empty());
    CHECK(again[0].tags.size() == 4);
    REQUIRE(again[0].moves.size() == games[0].moves.size());
    for (std::size_t i = 0; i < again[0].moves.size(); ++i) CHECK(again[0].moves[i].move == games[0].moves[i].move);
    CHECK(writeGame(again[0], Spelling::Ascii) == ascii);
    // The Unicode spelling reads back to the same moves too.
    const auto unicode = parseGames(writeGame(games[0]));
    REQUIRE(unicode.size() == 1);
    REQUIRE(unicode[0].moves.size() == games[0].moves.size());
    for (std::size_t i = 0; i < unicode[0].moves.size(); ++i) CHECK(unicode[0].moves[i].move == games[0].moves[i].move);
  }
  const auto g1 = writeGame(parseGames(kGame1)[0], Spelling::Ascii);
  CHECK(g1.rfind("1st Player: Frank Chen\n2nd Player: Joe Schultz\nDate: September 8, 2019\n"
                 "Tournament: 2019 BoardSpace.net Online World Championship\n1. L P\n2. M+Lm A+Pn\n",
                 0) == 0);
  CHECK(g1.find("\n4. P+Qa AxMm\n") != std::string::npos);
}

TEST_CASE("the seed file's games match the text above") {
  const auto dir = apiary::test::requireShared();
  if (dir.empty()) return;
  const auto lines = apiary::test::readLines(dir / "seeds" / "direction-based-notation.txt");
  // Each game runs from `1st Player:` to its last turn line.
  std::vector<std::string> blocks;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].rfind("1st Player:", 0) != 0) continue;
    std::string block;
    for (; i < lines.size() && (lines[i].find(':') != std::string::npos || lines[i].find(". ") != std::string::npos);
         ++i)
      block += lines[i] + "\n";
    blocks.push_back(block);
  }
  REQUIRE(blocks.size() == 2);
  CHECK(blocks[0] == kGame1);
  CHECK(blocks[1] == kGame2);
}

TEST_CASE("spellings of the writer") {
  CHECK(writeMove(moveOf("G*Qm")) == "G\u2733\uFE0EQm");
  CHECK(writeMove(moveOf("G*Qm"), Spelling::Ascii) == "G*Qm");
  CHECK(writeMove(moveOf("A2xPm")) == "A2\u00D7Pm");
  CHECK(writeMove(moveOf("xMr")) == "\u00D7Mr");
  CHECK(writeMove(moveOf("--")) == "\u2014");
  CHECK(writeMove(moveOf("\u2014"), Spelling::Ascii) == "--");
  for (const char* text : {"L", "M+Lm", "A2xPm", "AxA1a", "G*Qm", "MQs", "LB2a", "QPm", "xMQa", "B2", "G+", "Ba"})
    CHECK(writeMove(moveOf(text), Spelling::Ascii) == text);
}

TEST_CASE("malformed direction files give positioned errors") {
  const auto games = parseGames(
      "Date: today\n"
      "1. L P\n"
      "2. M+Lm A+Zn\n"
      "3. Q+Ls Q+Pa G\n"
      "this is prose\n"
      "4.\n"
      "5. A2+Qn\n"
      "6. Ba\n");
  REQUIRE(games.size() == 1);
  const auto& g = games[0];
  REQUIRE(g.errors.size() == 5);
  CHECK(g.errors[0].line == 3);
  CHECK(g.errors[0].column == 9);
  CHECK(g.errors[1].line == 4);
  CHECK(g.errors[1].column == 14);
  CHECK(g.errors[2].line == 5);
  CHECK(g.errors[2].column == 1);
  CHECK(g.errors[3].line == 6);
  CHECK(g.errors[4].line == 7);
  CHECK(g.errors[4].message.find("number") != std::string::npos);
  REQUIRE(g.moves.size() == 6);
  CHECK(g.moves.back().text == "Ba");
  for (const char* junk : {"\xe2\x80", "1. \xe2", ":", "1st:", "\xff: 1. L", "99999999999. L"})
    CHECK_NOTHROW(parseGames(junk));
}

TEST_CASE("random text: no throw, positioned errors, every move reads back") {
  const std::vector<std::string> alphabet = {
      "Q",      "B",      "G",   "S", "A", "M", "L", "P", "n", "a", "s",  "m",     "r",      "f",
      "x",      "+",      "*",   "1", "2", "3", " ", ".", "-", ":", "\n", "\n2. ", "\u00D7", "\u2733\uFE0E",
      "\u2733", "\u2014", "\xe2"};
  // Most lines then are turns.
  apiary::test::forRandomTexts(alphabet, 11, "1. ", [](const std::string& text) {
    std::vector<Game<Move>> games;
    REQUIRE_NOTHROW(games = parseGames(text));
    for (const auto& g : games) {
      for (const auto& e : g.errors) CHECK((e.line >= 1 && e.column >= 1));
      for (const auto& m : g.moves)
        for (const Spelling s : {Spelling::Unicode, Spelling::Ascii}) CHECK(parseMove(writeMove(m.move, s)) == m.move);
    }
  });
}

TEST_CASE("a header value holding line breaks is written on one line, and the game reads back") {
  // A tag read from another notation may hold line breaks (fuzz_sgf found one in a
  // BoardSpace property); a header line ends at the first.
  auto game = parseGames(kGame1).at(0);
  game.tags.push_back({"Event", "first\r\n\nsecond\r", {}});
  const auto written = writeGame(game, Spelling::Ascii);
  CHECK(written.find("\nEvent: first second \n") != std::string::npos);
  const auto again = parseGames(written);
  REQUIRE(again.size() == 1);
  CHECK(again[0].errors.empty());
  CHECK(again[0].tags.size() == game.tags.size());
  CHECK(again[0].moves.size() == game.moves.size());
}

TEST_CASE("a header value that reads as a first turn is written so that it reads back as a header") {
  // fuzz_direction's long run found it: `a:1.G` is the header a = `1.G`, but written
  // as `a: 1.G` it read back as an empty header with a first turn `1. G` glued on.
  const auto games = parseGames(std::string_view("a:1.G\n1.G", 9));
  REQUIRE(games.size() == 1);
  REQUIRE(games[0].tags.size() == 1);
  CHECK(games[0].tags[0].value == "1.G");
  REQUIRE(games[0].moves.size() == 1);
  for (const Spelling s : {Spelling::Unicode, Spelling::Ascii}) {
    const auto again = parseGames(writeGame(games[0], s));
    REQUIRE(again.size() == 1);
    CHECK(again[0].errors.empty());
    REQUIRE(again[0].tags.size() == 1);
    CHECK(again[0].tags[0].value == "1.G");
    CHECK(again[0].moves.size() == 1);
  }
  // A value from another notation that ends in a turn keeps it: no move is added.
  auto game = games[0];
  game.tags[0].value = "Final 1. L P";
  const auto again = parseGames(writeGame(game));
  REQUIRE(again.size() == 1);
  REQUIRE(again[0].tags.size() == 1);
  CHECK(again[0].tags[0].value == "Final\t1. L P");
  CHECK(again[0].moves.size() == 1);
}
