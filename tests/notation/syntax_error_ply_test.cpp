// A syntax error among a game's moves names the ply it stands at: the moves written
// before it are replayed, and the error stands at the ply after them, in every
// notation, as an illegal move's does. An error before the first move keeps ply 0.
#include <catch2/catch.hpp>
#include <string>

#include "notation/notations.hpp"
#include "notation_row.hpp"

using namespace apiary;

namespace {

grammar::Rejection errorOf(const char* notationName, const std::string& text, bool lenient = false) {
  const auto games = notation::readGames(test::row(notationName), text, notation::ReadOptions{.lenient = lenient});
  REQUIRE(games.size() == 1);
  REQUIRE(games[0].error);
  INFO(notation::describeError(notationName, *games[0].error));
  return *games[0].error;
}

void checkError(const grammar::Rejection& e, int line, int column, int ply, const std::string& reason) {
  INFO(notation::describeError("text", e));
  CHECK(e.line == line);
  CHECK(e.column == column);
  CHECK(e.ply == ply);
  CHECK(e.message.find(reason) != std::string::npos);
}

}  // namespace

struct Case {
  const char* notation;
  std::string text;
  int line, column, ply;
  const char* reason;
};

TEST_CASE("a syntax error among the moves names the ply after the moves before it, in every notation") {
  const std::string uhpTags = "[GameType \"Base\"]\n\n";
  const std::string sgf =
      "(;\nGM[27]\nSU[hive]\n; P0[1 Move W wS1 N 13 .]\n; P0[2 Done ]\n"
      "; P1[3 Move B bX1 O 13 wS1-]\n; P1[4 Done ]\n)\n";
  const Case cases[] = {
      {"uhp", uhpTags + "1. wS1\n2. bS1 wS1-\n3. !!! wQ\n4. bQ -bS1\n", 5, 1, 3, "unrecognised text"},
      // A GameString's moves: the third is empty.
      {"uhp", "Base;InProgress;White[2];wS1;bS1 wS1-;;wQ -wS1\n", 1, 39, 3, "empty move"},
      {"sgf", sgf, 6, 3, 2, "malformed command"},
      {"pgn-like", "1. +G +s\n2. +Z\n", 2, 4, 3, "not a ply"},
      {"pgn-like", "1. +G +g\n2. +AGg3 +agG3\n3. ???\n", 3, 4, 5, "not a ply"},
      {"algebraic", "1. wG m0\n2. bG n0\n3. wQ o200000000\n", 3, 4, 3, "not a move"},
      {"algebraic", "[Event \"x\"]\n1. wG m0\n2. bG n0\n3. wQ l0 ~~\n", 4, 10, 4, "not a move"},
      {"direction", "1. L P\n2. M+Lm A2+Pn\n", 2, 9, 4, "a placed piece"},
      {"direction", "1. L P\n2. M+Lm A+Pn\n3. B4+Ls\n", 3, 4, 5, ""},
  };
  for (const Case& c : cases) {
    INFO(c.notation << ": " << c.text);
    checkError(errorOf(c.notation, c.text), c.line, c.column, c.ply, c.reason);
  }
}

TEST_CASE("a syntax error before the first move keeps ply 0") {
  checkError(errorOf("algebraic", "[Event \"x\n1. wG m0\n2. bG n0\n"), 1, 1, 0, "malformed tag pair");
  checkError(errorOf("pgn-like", "[Event \"x\n1. +G +s\n"), 1, 1, 0, "malformed tag pair");
  // The first move itself: no move came before it to place it after.
  checkError(errorOf("algebraic", "1. wG m2000000000\n2. bG n0\n"), 1, 4, 0, "not a move");
}

TEST_CASE("an illegal move before a syntax error is the error reported, at its own ply") {
  // The third ply touches only the black Grasshopper; the fourth is not a move.
  checkError(errorOf("algebraic", "1. wG m0\n2. bG n0\n3. wQ o0\n4. bQ ~~\n"), 3, 4, 3, "no legal move fits");
}

TEST_CASE("lenient reading still rejects a game with a syntax error, at its ply") {
  checkError(errorOf("pgn-like", "1. +G +s\n2. +Z\n", true), 2, 4, 3, "not a ply");
  checkError(errorOf("uhp", "[GameType \"Base\"]\n\n1. wS1\n2. bS1 wS1-\n3. !!! wQ\n", true), 5, 1, 3,
             "unrecognised text");
}
