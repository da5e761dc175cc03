// A move list pasted as players write it, whatever piece opens it: pieces without
// a number (Queen, Mosquito, Ladybug, Pillbug) open games as well as numbered ones,
// in every notation that writes games, on one line or as the writer's file.
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

#include "engine/canonical.hpp"
#include "engine/movegen.hpp"
#include "notation/notations.hpp"
#include "notation/position_text.hpp"
#include "notation/uhp_text.hpp"
#include "notation_row.hpp"

using namespace apiary;

namespace {

// The first legal move of `board` that places or moves a piece of `bug`.
Move moveOf(const Board& board, Bug bug) {
  MoveList legal;
  legalMoves(board, legal);
  for (const Move& m : legal)
    if (!m.isPass() && bugOf(m.piece) == bug) return m;
  FAIL("no move of that bug");
  return Move::pass();
}

// White opens with `bug`, Black answers with the same bug, White plays a third move.
Board openingOf(Bug bug) {
  Board board(GameType::all(), Rules{.tournament = false});
  board.play(moveOf(board, bug));
  board.play(moveOf(board, bug));
  MoveList legal;
  legalMoves(board, legal);
  board.play(*legal.begin());
  return board;
}

std::string joined(const std::vector<std::string>& moves, const std::string& between, bool numbered) {
  std::string out;
  for (std::size_t i = 0; i < moves.size(); ++i)
    out += (i ? between : "") + (numbered ? std::to_string(i + 1) + ". " : "") + moves[i];
  return out;
}

}  // namespace

TEST_CASE("the move lists of the explorer's first pastes are read", "[position_text]") {
  for (const char* text : {"wP;bP wP-", "wL;bL wL-", "1. wL 2. bL wL-", "wQ;bQ wQ-", "wM bM wM-", "wP bP -wP"}) {
    INFO(text);
    const Board board = notation::positionFromMoves(text);
    CHECK(board.ply() == 2);
    CHECK(board.history().size() == 2);
  }
  for (const std::string text : {"wQ", "wM", "wL", "wP", "wS1", "wB1", "wG1", "wA1", "1. wP"}) {
    INFO(text);
    const Board board = notation::positionFromMoves(text);
    REQUIRE(board.ply() == 1);
    CHECK(pieceName(board.history().front().piece) == text.substr(text.find('w')));
  }
}

TEST_CASE("every first piece reads back from every notation that writes games", "[position_text]") {
  for (int b = 0; b < kBugs; ++b) {
    const Bug bug = Bug(b);
    const Board game = openingOf(bug);
    const auto uhp = notation::moveStrings(game);
    INFO(uhp[0] << " " << uhp[1] << " " << uhp[2]);
    // UHP on one line, as players type it: ';', spaces, move numbers; and one a line.
    for (const std::string& text :
         {joined(uhp, ";", false), joined(uhp, " ", false), joined(uhp, " ", true), joined(uhp, "\n", false)}) {
      INFO(text);
      CHECK(notation::positionFromMoves(text).history() == game.history());
    }
    // Each writer's whole file, of the game and of its first ply alone.
    Board first(GameType::all(), Rules{.tournament = false});
    first.play(game.history().front());
    for (const notation::Notation& n : notation::notationTable()) {
      if (!n.writeGame || n.positions) continue;
      for (const Board& written : {game, first}) {
        const std::string text = notation::writeGames(n, {notation::gameFromBoard(written, {})});
        INFO(n.name << ":\n" << text);
        const Board read = notation::positionFromMoves(text);
        CHECK(read.ply() == written.ply());
        CHECK(canonicalize(read).key == canonicalize(written).key);
      }
    }
  }
}

TEST_CASE("a move list names its game type, or takes the one asked, widened to its pieces", "[position_text]") {
  const auto typeOf = [](const char* text, std::optional<GameType> asked) {
    return notation::positionFromMoves(text, {.notation = nullptr, .gameType = asked}).type().name();
  };
  const GameType base{};
  CHECK(typeOf("wG1;bB1 wG1-", GameType::all()) == "Base+MLP");
  CHECK(typeOf("wG1;bB1 wG1-", base) == "Base");
  CHECK(typeOf("wG1;bM wG1-", base) == "Base+M");         // the pieces used are in the game
  CHECK(typeOf("wG1;bB1 wG1-", std::nullopt) == "Base");  // as archives: the smallest that holds them
  CHECK(typeOf("[GameType \"Base\"]\n\n1. wG1\n2. bB1 wG1-\n", GameType::all()) == "Base");
  const notation::PositionTextOptions all{.notation = nullptr, .gameType = GameType::all()};
  CHECK(notation::positionFromText("Base;InProgress;White[2];wG1;bB1 wG1-", all).type().name() == "Base");
}

TEST_CASE("a notation asked reads first, a text it does not read is detected", "[position_text]") {
  const notation::PositionTextOptions pgnLike{.notation = &test::row("pgn-like"), .gameType = std::nullopt};
  CHECK(notation::positionFromMoves("wS1;bG1 -wS1", pgnLike).ply() == 2);  // UHP, detected
  CHECK_THROWS_WITH(notation::positionFromMoves("wS1;bG1 -wQ"), Catch::Contains("ply 2"));
  CHECK_THROWS_WITH(notation::positionFromMoves("hello there"), Catch::Contains("cannot tell which notation"));
}

TEST_CASE("UHP moves play on a board, split by semicolons, lines, numbers or their shapes", "[position_text]") {
  const Board start = notation::positionFromMoves("wS1;bG1 -wS1");
  for (const char* moves : {"wQ wS1-; bQ -bG1", "wQ wS1- bQ -bG1", "3. wQ wS1- 4. bQ -bG1", "wQ wS1-\nbQ -bG1"}) {
    INFO(moves);
    Board board = start;
    notation::playUhpMoves(board, moves);
    CHECK(board.ply() == 4);
  }
  Board board = start;
  CHECK_THROWS_WITH(notation::playUhpMoves(board, "wQ wS1-;bQ wS1-"), Catch::Contains("move 2: 'bQ wS1-'"));
}
