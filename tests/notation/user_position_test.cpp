// Positions as users give them: the GameString forms the page and UHP clients send.
#include <catch2/catch.hpp>

#include <stdexcept>

#include "notation/position_text.hpp"

using namespace apiary;

TEST_CASE("A GameString without moves is the empty board of its game type", "[position_text]") {
  for (const char* text :
       {"Base;NotStarted;White[1]", "Base+M;NotStarted;White[1]", "Base+LP;NotStarted;White[1]", "base+mlp;;"}) {
    INFO(text);
    const Board board = notation::positionFromLine(text);
    CHECK(board.ply() == 0);
    CHECK(board.piecesOnBoard() == 0);
    CHECK(board.history().empty());
  }
  CHECK(notation::positionFromLine("Base;NotStarted;White[1]").type().name() == "Base");
  CHECK(notation::positionFromLine("Base+M;NotStarted;White[1]").type().name() == "Base+M");
}

TEST_CASE("A GameString with moves still replays them, and a bad field is still refused", "[position_text]") {
  const Board board = notation::positionFromLine("Base;InProgress;Black[1];wS1");
  CHECK(board.ply() == 1);
  CHECK(board.type().name() == "Base");
  CHECK_THROWS_AS(notation::positionFromLine("Base;NotStarted;White[1];wM"), std::invalid_argument);
  CHECK_THROWS_AS(notation::positionFromLine("Base;Sideways;White[1]"), std::invalid_argument);
}
