// The algebraic notation against the engine: the grid the game fixes, the seed's
// example moves in positions where their explanations hold, the three written
// forms, round trips, conversions between the notations, and bad input.
#include <catch2/catch.hpp>
#include <regex>

#include "grammar/algebraic.hpp"
#include "notation/move_text.hpp"
#include "notation/notations.hpp"
#include "notation_row.hpp"
#include "notation_support.hpp"

using namespace apiary;
using namespace apiary::notation;
using grammar::algebraic::Form;
using test::piece;
using test::position;

namespace {

Move resolved(const Board& board, const char* text) {
  const Step step = readAlgebraicMove(board, GameFrame::ofPosition(board), text);
  INFO(text << ": " << step.error);
  REQUIRE(step.move);
  return *step.move;
}

std::string written(const Board& board, const Move& m, Form form) {
  return writeAlgebraicMove(board, GameFrame::ofPosition(board), m, form);
}

grammar::Rejection errorOf(const std::string& text) {
  auto games = readGames(test::row("algebraic"), text);
  REQUIRE(games.size() == 1);
  REQUIRE(games[0].error);
  return *games[0].error;
}

}  // namespace

TEST_CASE("the grid: first piece at m0, second at n0, columns are q and rows r") {
  auto games = readGames(test::row("algebraic"), "1. wG m0\n2. bG n0\n3. wQ l+1\n4. bQ o0\n");
  REQUIRE(games.size() == 1);
  REQUIRE(games[0].ok());
  const Board& b = games[0].board;
  CHECK(b.axialOfPiece(piece("bG1")) == Axial{1, 0});
  CHECK(b.axialOfPiece(piece("wQ")) == Axial{-1, 1});
  CHECK(b.axialOfPiece(piece("bQ")) == Axial{2, 0});
  // Colour may be left out, even with Black first; the @ and the + of a row too.
  auto bare = readGames(test::row("algebraic"), "1. G m0\n2. G n0\n3. Q @l1\n");
  REQUIRE(bare[0].ok());
  CHECK(bare[0].board.axialOfPiece(piece("wQ")) == Axial{-1, 1});
  auto blackFirst = readGames(test::row("algebraic"), "1. bG m0\n2. wG n0\n");
  REQUIRE(blackFirst[0].ok());
  CHECK(blackFirst[0].board.firstMover() == Color::Black);
}

TEST_CASE("the writer fixes the grid by the game: m0, n0, and positive rows for the first piece off row 0") {
  GameGenerator generator(31);
  for (int i = 0; i < 300; ++i) {
    const auto game = test::replayedOf(generator.next());
    const auto parsed = grammar::algebraic::parseGames(writeAlgebraic(game, Form::Long));
    REQUIRE(parsed.size() == 1);
    const auto& moves = parsed[0].moves;
    REQUIRE(moves.size() >= 2);
    CHECK(moves[0].move.to == grammar::algebraic::Cell{0, 0});
    CHECK(moves[1].move.to == grammar::algebraic::Cell{1, 0});
    for (const auto& w : moves)
      if (!w.move.pass && *w.move.to.r != 0) {
        INFO("game " << i << ": " << w.text);
        CHECK(*w.move.to.r > 0);
        break;
      }
  }
}

TEST_CASE("the seed's example moves, each in a position where its explanation holds") {
  SECTION("wA m-1 n2, wA m n2, wAmn2: the column tells the ant from a placement at n2") {
    const Board b = position(
        Color::White,
        {{{0, 0}, "wQ"}, {{0, -1}, "wA1"}, {{0, 1}, "wG1"}, {{1, 1}, "wS1"}, {{-1, 0}, "bQ"}, {{-2, 0}, "bS1"}});
    const Move m = resolved(b, "wA m-1 n2");
    CHECK(m.piece == piece("wA1"));
    CHECK(*b.axialOf(m.to) == Axial{1, 2});
    CHECK(resolved(b, "wA m n2") == m);
    CHECK(resolved(b, "wAmn2") == m);
    CHECK(resolved(b, "A m-1 n+2") == m);
    CHECK(resolved(b, "wA @n2").isPlacement());
    const Step ambiguous = readAlgebraicMove(b, GameFrame::ofPosition(b), "wA n2");
    CHECK(ambiguous.error.find("wA @n+2") != std::string::npos);
    CHECK(ambiguous.error.find("wA m-1 n+2") != std::string::npos);
    CHECK(written(b, m, Form::Long) == "wA m-1 n+2");
    CHECK(written(b, m, Form::Short) == "wA m n2");
    CHECK(written(b, m, Form::Compressed) == "wAmn2");
    CHECK(written(b, resolved(b, "wA @n2"), Form::Short) == "wA @n2");
  }
  SECTION("wG 3 k1 (wP): thrown by the Pillbug; the row tells it from the other grasshopper in column j") {
    const Board b = position(Color::White, {{{-2, 2}, "wP"},
                                            {{-3, 3}, "wG1"},
                                            {{-3, 2}, "wG2"},
                                            {{-1, 1}, "wG3"},
                                            {{-1, 2}, "wQ"},
                                            {{0, 2}, "bQ"},
                                            {{1, 2}, "bA1"}});
    const Move m = resolved(b, "wG 3 k1 (wP)");
    CHECK(m.piece == piece("wG1"));
    CHECK(*b.axialOf(m.to) == Axial{-2, 1});
    CHECK(resolved(b, "wG 3 k1 (wP k2)") == m);
    CHECK(resolved(b, "wG j3 k1") == m);
    CHECK(resolved(b, "wG 3 k1") == m);
    CHECK_FALSE(readAlgebraicMove(b, GameFrame::ofPosition(b), "wG j k1").move);          // j2 and j3
    CHECK_FALSE(readAlgebraicMove(b, GameFrame::ofPosition(b), "wG 3 k1 (wP m0)").move);  // no Pillbug there
    CHECK(written(b, m, Form::Short) == "wG 3 k1");
  }
  SECTION("bB m0 l0: a beetle comes down from a stack; bB m l0 and bB l0 say the same") {
    // The white grasshopper beside l0 keeps Black from placing there.
    const Board b =
        position(Color::Black, {{{0, 0}, "wQ"}, {{0, 0}, "bB1"}, {{1, 0}, "wS1"}, {{0, -1}, "wG1"}, {{-1, 1}, "bQ"}});
    const Move m = resolved(b, "bB m0 l0");
    CHECK(m.piece == piece("bB1"));
    CHECK(resolved(b, "bB m l0") == m);
    CHECK(resolved(b, "bB l0") == m);
    CHECK(written(b, m, Form::Long) == "bB m0 l0");
  }
  SECTION("bM o0 p0 is bM p0: a unique bug needs no origin") {
    const Board b =
        position(Color::Black, {{{0, 0}, "wQ"}, {{1, 0}, "bQ"}, {{2, 0}, "bM"}, {{2, -1}, "bS1"}, {{3, -1}, "bA1"}});
    const Move m = resolved(b, "bM o0 p0");
    CHECK(resolved(b, "bM p0") == m);
    CHECK(written(b, m, Form::Short) == "bM p0");
  }
  SECTION("a Pillbug throwing the opponent's piece is credited") {
    const Board b = position(Color::White, {{{0, 0}, "wP"}, {{1, 0}, "bA1"}, {{-1, 0}, "wQ"}, {{2, 0}, "bQ"}});
    // bA1 is not a cut vertex only if bQ hangs on something else: put it beside wP.
    const Board c = position(Color::White, {{{0, 0}, "wP"}, {{1, 0}, "bA1"}, {{-1, 0}, "wQ"}, {{1, -1}, "bQ"}});
    const Move m = resolved(c, "bA n0 m1 (wP)");
    CHECK(m.piece == piece("bA1"));
    CHECK(written(c, m, Form::Short) == "bA m1 (wP)");
    CHECK(written(c, m, Form::Long) == "bA n0 m+1 (wP m0)");
    CHECK_FALSE(readAlgebraicMove(b, GameFrame::ofPosition(b), "bA n0 m1").move);  // would split the hive
  }
}

TEST_CASE("algebraic short round trips of generated games", "[roundtrip]") {
  test::checkRoundTrips(
      10000, 11, [](const ReplayedGame& g) { return writeAlgebraic(g, Form::Short); }, test::row("algebraic"));
}

TEST_CASE("algebraic long round trips of generated games", "[roundtrip]") {
  test::checkRoundTrips(
      10000, 12, [](const ReplayedGame& g) { return writeAlgebraic(g, Form::Long); }, test::row("algebraic"));
}

TEST_CASE("algebraic compressed round trips of generated games", "[roundtrip]") {
  test::checkRoundTrips(
      10000, 13, [](const ReplayedGame& g) { return writeAlgebraic(g, Form::Compressed); }, test::row("algebraic"));
}

TEST_CASE("every game in ../shared/games survives algebraic and back, in all three forms", "[roundtrip]") {
  for (const Form form : {Form::Short, Form::Long, Form::Compressed})
    test::checkSharedRoundTrips([form](const ReplayedGame& g) { return writeAlgebraic(g, form); },
                                test::row("algebraic"));
}

TEST_CASE("a long game without colours reads back (Pillbug moves are documented)") {
  GameGenerator generator(5);
  const std::regex colour(R"((^|[ .(])[wb]([QSBGAMLP]))");
  for (int i = 0; i < 300; ++i) {
    const auto game = test::replayedOf(generator.next());
    const std::string text = writeAlgebraic(game, Form::Long);
    const auto split = text.find("\n\n");
    const std::string bare = text.substr(0, split) + std::regex_replace(text.substr(split), colour, "$1$2");
    const auto back = readGames(test::row("algebraic"), bare);
    REQUIRE(back.size() == 1);
    INFO(bare);
    REQUIRE(back[0].ok());
    CHECK(test::sameUpToSymmetry(game.board, back[0].board));
  }
}

TEST_CASE("converting A -> B -> A gives A's text again") {
  using Write = std::function<std::string(const ReplayedGame&)>;
  const std::vector<std::pair<Write, const notation::Notation*>> forms = {
      {[](const ReplayedGame& g) { return writePgnLike(g); }, &test::row("pgn-like")},
      {[](const ReplayedGame& g) { return writeDirection(g); }, &test::row("direction")},
      {[](const ReplayedGame& g) { return writeAlgebraic(g, Form::Short); }, &test::row("algebraic")},
      {[](const ReplayedGame& g) { return writeAlgebraic(g, Form::Long); }, &test::row("algebraic")},
      {[](const ReplayedGame& g) { return writeAlgebraic(g, Form::Compressed); }, &test::row("algebraic")},
      {[](const ReplayedGame& g) { return writeUhp(g); }, &test::row("uhp")},
  };
  // A reflection of the grid: PGN-like angles count clockwise, so PGN-like text
  // tells a game from its mirror image, which direction and algebraic do not.
  Symmetry mirror;
  for (uint8_t s = 0; s < kSymmetries; ++s) {
    const Axial x = Symmetry{s}.apply({1, 0}), y = Symmetry{s}.apply({0, 1});
    if (x.q * y.r - x.r * y.q < 0) mirror = Symmetry{s};
  }
  GameGenerator generator(77);
  for (int i = 0; i < 100; ++i) {
    const auto game = test::replayedOf(generator.next());
    ReplayedGame mirrored = game;
    mirrored.board = *transformedGame(game.board, mirror, false);
    for (std::size_t a = 0; a < forms.size(); ++a) {
      const std::string textA = forms[a].first(game);
      for (std::size_t b = 0; b < forms.size(); ++b) {
        const auto viaB = readGames(*forms[b].second, forms[b].first(readGames(*forms[a].second, textA).at(0)));
        REQUIRE(viaB.size() == 1);
        INFO("game " << i << ", " << a << " -> " << b << " -> " << a);
        REQUIRE(viaB[0].ok());
        CHECK(test::sameUpToSymmetry(game.board, viaB[0].board));
        const std::string again = forms[a].first(viaB[0]);
        if (a == 0 && (b == 1 || b == 2 || b == 3 || b == 4))
          CHECK((again == textA || again == forms[a].first(mirrored)));
        else if (a < 5)  // UHP keeps the board as it was; the others fix their own frame
          CHECK(again == textA);
      }
    }
  }
}

TEST_CASE("bad algebraic input is an error with line, column and ply, never a crash") {
  SECTION("unknown piece") {
    const auto e = errorOf("1. wG m0\n2. bZ n0\n");
    CHECK(e.line == 2);
    CHECK(e.column == 4);
  }
  SECTION("illegal move") {
    const auto e = errorOf("1. wG m0\n2. bG n0\n3. wQ o0\n");  // touches the black grasshopper only
    CHECK(e.line == 3);
    CHECK(e.column == 4);
    CHECK(e.ply == 3);
    CHECK(e.message.find("no legal move fits") != std::string::npos);
  }
  SECTION("ambiguous move lists its candidates") {
    const auto e = errorOf("1. wG m0\n2. bG n0\n3. wQ l0\n4. bQ o0\n5. wA k0\n6. bA p0\n7. wA l-1\n");
    CHECK(e.line == 7);
    CHECK(e.ply == 7);
    CHECK(e.message.find("wA @l-1") != std::string::npos);
    CHECK(e.message.find("wA k0 l-1") != std::string::npos);
  }
  SECTION("a destination touching no piece") {
    const auto e = errorOf("[Event \"x\"]\n1. wG m0\n2. bG n0\n3. wA z5\n");
    CHECK(e.line == 4);
    CHECK(e.column == 4);
    CHECK(e.ply == 3);
    CHECK(e.message.find("z5 touches no piece") != std::string::npos);
    // Far columns wrap every 52: `mm` is 26 columns away, not next to the hive either.
    CHECK(errorOf("1. wG m0\n2. bG mm0\n").message.find("touches no piece") != std::string::npos);
  }
  SECTION("a row no game reaches is refused where it is written, wherever the first piece stood") {
    // Found by fuzzing: such a row reached the board's cell arithmetic and overflowed.
    const auto e = errorOf("1. wG m0\n2. bG n0\n3. wQ o200000000\n");
    CHECK(e.line == 3);
    CHECK(e.column == 4);
    CHECK(e.message.find("not a move") != std::string::npos);
    CHECK(errorOf("1. wG m2000000000\n").line == 1);
    CHECK(readGames(test::row("algebraic"), "1. wG m999990\n2. bG n999990\n3. wQ l999990\n")[0].ok());
  }
  SECTION("junk") {
    for (const char* junk :
         {"1. pass", "1. wG m0 2. wG m0", "1. wGzz99999", "1. wG @", "[GameType \"Nope\"]\n1. wG m0", ""})
      CHECK_NOTHROW(readGames(test::row("algebraic"), junk));
  }
}
