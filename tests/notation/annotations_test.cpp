// What people write in game files besides the moves: `{comments}` (also right
// after a move number), `;` comments to the end of the line, NAGs (`$1`) and marks
// (`!`, `?`) after a move. Each notation that has them reads and skips them, plays
// the same moves as without them, and places an error after them at the right
// line, column and ply. Also: files of position strings, and UHP move lists typed
// without numbers.
#include <string>

#include <catch2/catch.hpp>
#include "grammar/detect.hpp"
#include "grammar/pgn_like.hpp"
#include "grammar/uhp.hpp"
#include "notation/notations.hpp"
#include "notation/position_text.hpp"
#include "notation_row.hpp"

using namespace apiary;

namespace {

notation::ReplayedGame readOne(const notation::Notation& notationRow, const std::string& text) {
  auto games = notation::readGames(notationRow, text);
  REQUIRE(games.size() == 1);
  return std::move(games.front());
}

// The annotated text plays exactly the moves of the plain one.
void checkSameGame(const notation::Notation& notationRow, const std::string& plain, const std::string& annotated,
                   int plies) {
  const auto expected = readOne(notationRow, plain);
  REQUIRE(expected.ok());
  REQUIRE(expected.board.ply() == plies);
  const auto read = readOne(notationRow, annotated);
  INFO((read.error ? notation::describeError("annotated", *read.error) : std::string()));
  REQUIRE(read.ok());
  CHECK(read.board.history() == expected.board.history());
}

void checkError(const notation::Notation& notationRow, const std::string& text, int line, int column, int ply) {
  const auto read = readOne(notationRow, text);
  REQUIRE(read.error);
  INFO(notation::describeError("text", *read.error));
  CHECK(read.error->line == line);
  CHECK(read.error->column == column);
  CHECK(read.error->ply == ply);
}

}  // namespace

TEST_CASE("a UHP file's comments, NAGs and marks are read and skipped", "[notation][annotations]") {
  const std::string plain = "[GameType \"Base\"]\n\n1. wS1\n2. bG1 -wS1\n3. wQ wS1/\n4. bQ -bG1\n";
  const std::string annotated =
      "[GameType \"Base\"]\n; a line of comment\n\n1. {the usual opening} wS1 {solid}\n"
      "2. bG1 -wS1 $1 ; to the end of the line\n3. wQ wS1/!? $14\n4. bQ -bG1?? {a\nlong comment}\n";
  checkSameGame(test::row("uhp"), plain, annotated, 4);
  // The comments stay with the move before them in the syntax tree.
  const auto games = grammar::parseUhpFile(annotated);
  REQUIRE(games.size() == 1);
  REQUIRE(games[0].moves.size() == 4);
  CHECK(games[0].moves[0].comment == "solid");
  CHECK(games[0].moves[1].comment == "to the end of the line");
  CHECK(games[0].moves[2].text == "wQ wS1/");
  CHECK(games[0].moves[3].comment == "a\nlong comment");
}

TEST_CASE("a UHP error after comments names its line, column and ply", "[notation][annotations]") {
  checkError(test::row("uhp"),
             "[GameType \"Base\"]\n\n1. wS1 {a comment\nover two lines} $3\n2. bG1 -wS1!\n3. {why?} wQ -bQ\n", 6, 11,
             3);
  checkError(test::row("uhp"), "1. wS1 ; first\n2. {x} bG1 -wS1 {y}\n3. wS1 bG1-\n", 3, 4, 3);
  // A mark that touches no move, or runs on into more text, is no mark.
  for (const char* line : {"2. bG1 -wS1 !", "2. bG1 -wS1!x", "2. bG1 -wS1!!!"}) {
    INFO(line);
    const auto games = grammar::parseUhpFile(std::string("1. wS1\n") + line + "\n");
    REQUIRE(games.size() == 1);
    REQUIRE(games[0].errors.size() == 1);
    CHECK(games[0].errors[0].line == 2);
  }
}

TEST_CASE("a PGN-like file's comments, NAGs and marks are read and skipped", "[notation][annotations]") {
  const std::string plain = "[ExpansionPieces \"MmLlPp\"]\n1. +P +p\n2. +GPp3 +qpP2\n3. +QGP2\n";
  const std::string annotated =
      "[ExpansionPieces \"MmLlPp\"]\n; opening notes\n1. {first} +P! $1 +p?\n"
      "2. +GPp3!? {both} +qpP2 $23 ; early\n3. +QGP2?!\n";
  checkSameGame(test::row("pgn-like"), plain, annotated, 5);
  const auto games = grammar::pgn_like::parseGames(annotated);
  REQUIRE(games.size() == 1);
  REQUIRE(games[0].moves.size() == 5);
  CHECK(games[0].moves[2].comment == "both");
  CHECK(games[0].moves[3].comment == "early");
  CHECK(games[0].moves[4].text == "+QGP2");
}

TEST_CASE("a PGN-like error after comments names its line, column and ply", "[notation][annotations]") {
  checkError(test::row("pgn-like"), "[ExpansionPieces \"MmLlPp\"]\n1. +P {a\ncomment} +p $2\n2. {x} +GPp3! +QpP2\n", 4,
             15, 4);
  // A mark that touches no ply is no mark: refused where it stands.
  const auto games = grammar::pgn_like::parseGames("1. +G ! +g\n");
  REQUIRE(games.size() == 1);
  REQUIRE(games[0].errors.size() == 1);
  CHECK(games[0].errors[0].column == 7);
}

TEST_CASE("an algebraic file's comments, NAGs and marks are read and skipped", "[notation][annotations]") {
  const std::string plain = "1. wG @m0\n2. bG @n0\n3. wQ @l1\n4. bQ @o-1\n";
  const std::string annotated =
      "; notes\n1. {first} wG @m0! $1\n2. bG @n0?? {bad}\n3. wQ @l1 $4 ; queen out\n4. bQ @o-1!?\n";
  checkSameGame(test::row("algebraic"), plain, annotated, 4);
  // A comment ends on its own line here: the algebraic reader takes a line at a time.
  checkError(test::row("algebraic"), "1. wG @m0 {a comment} $2\n2. bG @n0!\n3. wQ @q5\n", 3, 4, 3);
}

TEST_CASE("a BoardSpace comment property is skipped", "[notation][annotations]") {
  const std::string text =
      "(;\nGM[27]\nSU[hive]\nC[a game comment]\n; P0[1 Move W wS1 N 13 .]C[opening]\n; P0[2 Done ]\n"
      "; P1[3 Move B bG1 O 13 wS1-]\n; P1[4 Done ]C[reply]\n)\n";
  const auto read = readOne(test::row("sgf"), text);
  REQUIRE(read.ok());
  CHECK(read.board.ply() == 2);
}

TEST_CASE("a move list typed with comments, NAGs and marks gives the position without them",
          "[notation][annotations]") {
  const Board expected = notation::positionFromMoves("wS1;bG1 -wS1;wQ wS1/");
  CHECK(notation::positionFromMoves("1. wS1 {good} 2. bG1 -wS1 $1 3. wQ wS1/!?").history() == expected.history());
  CHECK(notation::positionFromMoves("wS1 {a good start} bG1 -wS1 $1 wQ wS1/!").history() == expected.history());
  CHECK(notation::positionFromMoves("1. +P {good} +p $1 2. +GPp3!?").ply() == 3);
}

TEST_CASE("unnumbered UHP moves separated by semicolons or blanks are read as UHP", "[notation][annotations]") {
  CHECK(notation::detectNotation("wQ;bG1 -wQ") == &test::row("uhp"));
  CHECK(notation::detectNotation("wQ; bG1 -wQ; wG1 wQ-") == &test::row("uhp"));
  CHECK(notation::detectNotation("wQ bG1 -wQ") == &test::row("uhp"));
  CHECK(notation::positionFromMoves("wQ;bG1 -wQ").ply() == 2);
  CHECK(notation::positionFromMoves("wQ bG1 -wQ").ply() == 2);
  // After a PGN-like ply `;` still starts a comment, whatever it holds.
  CHECK(notation::detectNotation("1. +G +g ; wQ bG1 -wQ\n2. +QG\n") == &test::row("pgn-like"));
}

TEST_CASE("a file of position strings, one a line, is detected as position strings", "[notation][annotations]") {
  const std::string two = "5S1/3Sq2/3M2B/3ApA1/2AG1l1/3b1GB/2g1GP1/1mg:4/aQa4/as5 w\n\n1A/b1\nAb\n";
  CHECK(notation::detectNotation(two) == &test::row("fen"));
  CHECK(notation::detectNotation("1A/b1 b\r\n2Q/q2\r\n") == &test::row("fen"));
  // A line that is no position string makes it something else.
  CHECK(notation::detectNotation("1A/b1\n1. wS1\n") != &test::row("fen"));
  CHECK(notation::readGames(test::row("fen"), two).size() == 3);
}
