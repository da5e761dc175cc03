// The direction-based notation against the engine: the seed's two games, the frame
// (noon, turning sense), counting, references, abbreviations, invariance under the
// symmetries, round trips and bad input.
#include <catch2/catch.hpp>
#include <sstream>

#include "engine/movegen.hpp"
#include "notation/move_text.hpp"
#include "notation/notations.hpp"
#include "notation_row.hpp"
#include "notation_support.hpp"

using namespace apiary;
using namespace apiary::notation;
using grammar::direction::Spelling;

namespace {

// The seed's example games, move for move (facts from the spec; the seed writes
// them in the ASCII spelling, turn 4 and turn 22 of game 1 on two lines).
const char* const kGame1 =
    "1st Player: Frank Chen\n"
    "2nd Player: Joe Schultz\n"
    "1. L P\n2. M+Lm A+Pn\n3. Q+Ls Q+Pa\n4. P+Qa\n4. AxMm\n5. A+Pa A+Qa\n6. AxA1a M+Qf\n7. B+Lr A+Mr\n"
    "8. Ba MQs\n9. Qs A2xQs\n10. Bn B+A2m\n11. A+Lr Bf\n12. A2xQn Bn\n13. Ba G*Qm\n14. A+Lr Gn\n"
    "15. A1xA2m S+Pf\n16. A2xA3m S+A2a\n17. S+A2r B+S2n\n18. A1xB1a Gm\n19. A2xA1a L+S2m\n"
    "20. A2xQn G+S1n\n21. G+A3m LxQf\n22. xMr\n22. B2n\n23. LxQf Pr\n24. A1xB2a G1m\n25. LxPr S1s\n"
    "26. Bm G1s\n27. Bs xLPs\n28. MxQf MxQa\n";
const char* const kGame2 =
    "1st Player: Povilas Simonis\n"
    "2nd Player: Christian Galeas\n"
    "1. L L\n2. A+Lm M+Ln\n3. M+As Q+Mr\n4. Q+Lr A+Ms\n5. MxQr AxAs\n6. B+Mf P+Qn\n7. Bs A+Pa\n"
    "8. P+Qr A+Ms\n9. A+Pf A2xA1f\n10. Ba Mr\n11. B+Qf B+Qa\n12. Mn Bm\n13. S+Mf S+Pn\n14. SxQr xMQa\n"
    "15. Bn Bn\n16. A+Pr A1xA3m\n17. G+Qm SxBf\n18. Ba B+Pa\n19. Bn B1r\n20. QPm A3f\n21. G+Pn LB2a\n"
    "22. G+Lr B2r\n23. G3n B2m\n24. G1a B2s\n25. S+Qa Mr\n26. G3f Mm\n27. Bf\n";

// The plies of a direction text, in order, without turn numbers and headers.
std::vector<std::string> pliesOf(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line.find(':') != std::string::npos) continue;
    std::istringstream words(line.substr(line.find('.') + 1));
    for (std::string w; words >> w;) out.push_back(w);
  }
  return out;
}

// The game a direction text replays to, which must replay to its end.
ReplayedGame readOne(const std::string& text) {
  auto games = readGames(test::row("direction"), text);
  REQUIRE(games.size() == 1);
  const auto& g = games[0];
  INFO((g.error
            ? "line " + std::to_string(g.error->line) + " ply " + std::to_string(g.error->ply) + ": " + g.error->message
            : std::string()));
  REQUIRE(g.ok());
  return games[0];
}

// The error of a direction text that must be rejected.
grammar::Rejection errorOf(const std::string& text) {
  auto games = readGames(test::row("direction"), text);
  REQUIRE(games.size() == 1);
  REQUIRE(games[0].error);
  return *games[0].error;
}

}  // namespace

TEST_CASE("the seed's two games replay to their ends and are written back move for move") {
  for (const char* seed : {kGame1, kGame2}) {
    const auto game = readOne(seed);
    CHECK(game.board.history().size() == pliesOf(seed).size());
    CHECK(game.board.type() == GameType::all());
    const std::string written = writeDirection(game, Spelling::Ascii);
    CHECK(pliesOf(written) == pliesOf(seed));
  }
}

TEST_CASE("the seed's games go through the other notations and come back the same") {
  for (const char* seed : {kGame1, kGame2}) {
    const auto game = readOne(seed);
    const std::string pgnLike = writePgnLike(game);
    const std::string algebraic = writeAlgebraic(game, grammar::algebraic::Form::Compressed);
    for (auto back : {readGames(test::row("pgn-like"), pgnLike), readGames(test::row("algebraic"), algebraic)}) {
      INFO(pgnLike << algebraic);
      REQUIRE(back.size() == 1);
      REQUIRE(back[0].ok());
      CHECK(*back[0].tag("1st_Player") == *game.tag("1st Player"));  // PGN tag names hold no blanks
      CHECK(pliesOf(writeDirection(back[0], Spelling::Ascii)) == pliesOf(seed));
    }
  }
}

TEST_CASE("noon points from the first player's first piece to the second's, the first piece off the axis turns") {
  // notations.md: `1. L P 2. M+Lm A+Pn` is legal only one way, so the frame is fixed.
  const auto game = readOne("1. L P\n2. M+Lm A+Pn\n3. Q+Ls\n");
  const Board& b = game.board;
  const auto at = [&](Color c, Bug bug) { return b.axialOfPiece(pieceId(c, bug)); };
  CHECK(at(Color::White, Bug::Ladybug) == Axial{0, 0});
  CHECK(at(Color::Black, Bug::Pillbug) == Axial{1, 0});    // noon is +q
  CHECK(at(Color::White, Bug::Mosquito) == Axial{-1, 0});  // midnight of L
  CHECK(at(Color::Black, Bug::Ant) == Axial{2, 0});        // noon of P
  // The first piece off the axis is on the afternoon/sunset side: r > 0.
  CHECK(at(Color::White, Bug::Queen) == Axial{-1, 1});
  // With noon the other way round, M+Lm would land on the opponent's Pillbug:
  // in our frame that is M+Ln, which no legal move fits.
  const auto flipped = errorOf("1. L P\n2. M+Ln\n");
  CHECK(flipped.ply == 3);
}

TEST_CASE("the seed's move forms: direct, placed, referenced, thrown and starred") {
  // The reader's board is in frame coordinates: n a s m r f are E SE SW W NW NE.
  const auto game = readOne(kGame1);
  Board b(game.board.type(), game.board.rules(), game.board.firstMover());
  const auto& h = game.board.history();
  const auto theirs = [&](Bug bug) { return pieceId(other(b.toMove()), bug); };
  const auto mine = [&](Bug bug) { return pieceId(b.toMove(), bug); };
  for (std::size_t i = 0; i < h.size(); ++i) {
    const Move& m = h[i];
    INFO("ply " << i + 1);
    if (i == 14) {  // 8. Ba: the Beetle steps afternoon
      CHECK(bugOf(m.piece) == Bug::Beetle);
      CHECK(directionTo(m.from, m.to) == SE);
    }
    if (i == 25) {  // 13. ... G*Qm: placed on the midnight side of the opponent's Queen
      CHECK(m.isPlacement());
      CHECK(m.to == neighbor(b.cellOf(theirs(Bug::Queen)), W));
    }
    if (i == 42) {  // 22. xMr: the opponent's Mosquito, thrown sunrise
      CHECK(m.piece == theirs(Bug::Mosquito));
      CHECK(directionTo(m.from, m.to) == NW);
    }
    if (i == 53) {  // 27. ... xLPs: the opponent's Ladybug to the sunset side of the Pillbug
      CHECK(m.piece == theirs(Bug::Ladybug));
      CHECK(m.to == neighbor(b.cellOf(mine(Bug::Pillbug)), SW));
    }
    b.play(m);
  }
}

TEST_CASE("abbreviated forms resolve when one legal move fits them, and list the candidates when not") {
  // After 1. L P 2. M+Lm: the second player places an Ant next to its Pillbug.
  Board b = readOne("1. L P\n2. M+Lm\n").board;
  GameFrame frame;  // the reader's frame, mirror still open
  const Step n = readDirectionMove(b, frame, "A+Pn");
  REQUIRE(n.move);
  CHECK(b.axialOf(n.move->to) == Axial{2, 0});
  // `A+P` fits noon and afternoon (sunrise is afternoon's mirror image: one move).
  const Step ambiguous = readDirectionMove(b, frame, "A+P");
  CHECK_FALSE(ambiguous.move);
  CHECK(ambiguous.error.find("ambiguous, 2 legal moves fit") != std::string::npos);
  CHECK(ambiguous.error.find("A+Pn") != std::string::npos);
  CHECK(ambiguous.error.find("A+Pa") != std::string::npos);
  // Sunrise would put the first piece off the axis on the forenoon/sunrise side.
  CHECK_FALSE(readDirectionMove(b, frame, "A+Pr").move);

  // Leaving out the number, the direction or the reference only loosens a move, so
  // an abbreviation of a seed move that still fits one legal move names that move.
  const auto game = readOne(kGame1);
  const auto plies = pliesOf(kGame1);
  Board replay(game.board.type(), game.board.rules(), game.board.firstMover());
  GameFrame replayFrame;
  int resolved = 0, stillAmbiguous = 0;
  for (std::size_t i = 0; i < plies.size(); ++i) {
    const Move& m = game.board.history()[i];
    const std::string& text = plies[i];
    std::vector<std::string> shorter(1);
    for (char c : text)
      if (c < '1' || c > '3') shorter[0] += c;
    if (text.size() > 2 && std::string("nasmrf").find(text.back()) != std::string::npos)
      shorter.push_back(text.substr(0, text.size() - 1));
    for (const auto& s : shorter) {
      INFO(text << " -> " << s);
      const Step step = readDirectionMove(replay, replayFrame, s);
      if (step.move) {
        CHECK(*step.move == m);
        ++resolved;
      } else {
        CHECK(step.error.find("ambiguous") != std::string::npos);
        ++stillAmbiguous;
      }
    }
    replayFrame.advance(replay, m);
    replay.play(m);
  }
  CHECK(resolved > 30);
  CHECK(stillAmbiguous > 10);
}

TEST_CASE("identical pieces are counted from noon, ties from forenoon to sunset") {
  // Three white Ants on one line across noon (2q + r = 2) and one nearer noon.
  const std::vector<PlacedStack> stacks = {
      {{0, 0}, {pieceId(Color::White, Bug::Queen)}},   {{1, 0}, {pieceId(Color::White, Bug::Ant, 1)}},
      {{0, 2}, {pieceId(Color::White, Bug::Ant, 2)}},  {{0, 1}, {pieceId(Color::White, Bug::Spider)}},
      {{2, -2}, {pieceId(Color::White, Bug::Ant, 3)}}, {{1, -1}, {pieceId(Color::White, Bug::Beetle)}},
      {{-1, 0}, {pieceId(Color::Black, Bug::Queen)}},  {{-2, 0}, {pieceId(Color::Black, Bug::Spider)}}};
  const Board b = Board::fromPosition(GameType::all(), {}, Color::White, stacks);
  const GameFrame frame = GameFrame::ofPosition(b);
  const auto name = [&](PieceId ant) {
    // The Ant's move to its own west side is not there; any legal move of it shows its number.
    MoveList moves;
    legalMovesOf(b, ant, moves);
    REQUIRE(!moves.empty());
    const std::string text = writeDirectionMove(b, frame, moves[0], Spelling::Ascii);
    return text.substr(0, 2);
  };
  CHECK(name(pieceId(Color::White, Bug::Ant, 3)) == "A1");  // 2q + r = 2, r = -2
  CHECK(name(pieceId(Color::White, Bug::Ant, 1)) == "A2");  // 2q + r = 2, r = 0
  CHECK(name(pieceId(Color::White, Bug::Ant, 2)) == "A3");  // 2q + r = 2, r = 2
}

TEST_CASE("a game, its rotations, mirror images and colour swap are written the same") {
  GameGenerator generator(7);
  for (int i = 0; i < 150; ++i) {
    const auto game = test::replayedOf(generator.next());
    const std::string text = writeDirection(game);
    for (uint8_t s = 0; s < kSymmetries; ++s)
      for (bool swap : {false, true}) {
        const auto moved = transformedGame(game.board, Symmetry{s}, swap);
        REQUIRE(moved);
        ReplayedGame other = game;
        other.board = *moved;
        INFO("game " << i << " symmetry " << int(s) << " swap " << swap);
        CHECK(writeDirection(other) == text);
      }
  }
}

TEST_CASE("generated games: written, read back to the same moves, written again to the same text", "[roundtrip]") {
  test::checkRoundTrips(
      10000, 2024, [](const ReplayedGame& g) { return writeDirection(g); }, test::row("direction"));
  test::checkRoundTrips(
      200, 99, [](const ReplayedGame& g) { return writeDirection(g, Spelling::Ascii); }, test::row("direction"));
}

TEST_CASE("every game in ../shared/games survives direction notation and back", "[roundtrip]") {
  test::checkSharedRoundTrips([](const ReplayedGame& g) { return writeDirection(g); }, test::row("direction"));
}

TEST_CASE("bad direction input is an error with line, column and ply, never a crash") {
  SECTION("unknown piece") {
    const auto e = errorOf("1. L P\n2. M+Lm Z+Pn\n");
    CHECK(e.line == 2);
    CHECK(e.column == 9);
  }
  SECTION("illegal move") {
    const auto e = errorOf("1. L P\n2. M+Lm A+Pn\n3. Q+Pa\n");  // touches the opponent's Pillbug
    CHECK(e.line == 3);
    CHECK(e.column == 4);
    CHECK(e.ply == 5);
    CHECK(e.message.find("'Q+Pa'") != std::string::npos);
  }
  SECTION("ambiguous move lists its candidates") {
    const auto e = errorOf("1. L P\n2. M+Lm A+P\n");
    CHECK(e.line == 2);
    CHECK(e.column == 9);
    CHECK(e.ply == 4);
    CHECK(e.message.find("A+Pn") != std::string::npos);
    CHECK(e.message.find("A+Pa") != std::string::npos);
  }
  SECTION("a piece that is not there, a pass that is not forced, a move before the Queen") {
    CHECK(errorOf("1. L P\n2. M+Lm A2+Pn\n").ply == 4);  // syntax: a placed piece has no number
    CHECK(errorOf("1. L P\n2. --\n").ply == 3);
    CHECK(errorOf("1. L P\n2. Ln\n").ply == 3);
    CHECK(errorOf("1. L P\n2. M+Lm A+Pn\n3. B4+Ls\n").ply == 5);  // syntax too
  }
  SECTION("junk") {
    for (const char* junk : {"1. \xe2\x80\x94", "1. x", "1. L L L", "1. L\n1. L\n1. L\n", "2. xQ*Pn", ""})
      CHECK_NOTHROW(readGames(test::row("direction"), junk));
  }
}
