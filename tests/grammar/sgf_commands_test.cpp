// Every command form boardspace's Hive move specification writes, one test each:
// what the log reader makes of it (a turn, a take-back, a colour, an ending), and
// that an unknown command stays an error.
#include <catch2/catch.hpp>

#include "grammar/sgf.hpp"

using namespace apiary::grammar;

namespace {

const std::string kHeader = "(;\nGM[27]VV[1]\nSU[hive-plm]\nP0[id \"alice\"]\nP1[id \"bob\"]\n; P0[0 Start P0]\n";

Game<SgfTurn> one(const std::string& body) {
  auto games = parseSgf(kHeader + body + ")\n");
  REQUIRE(games.size() == 1);
  return games[0];
}

// A log that reads without error into `count` turns.
Game<SgfTurn> clean(const std::string& body, std::size_t count) {
  auto g = one(body);
  CHECK(g.errors.empty());
  REQUIRE(g.moves.size() == count);
  return g;
}

// The piece of the one turn a log commits.
std::string onlyPiece(const std::string& body) {
  auto g = clean(body, 1);
  return g.moves[0].move.piece;
}

using Kinds = std::vector<std::pair<int, SgfTurnKind>>;
Kinds kinds(const Game<SgfTurn>& g) {
  Kinds out;
  for (const auto& w : g.moves) out.emplace_back(w.move.player, w.move.kind);
  return out;
}

// White's Queen at N 13 and Black's at O 13, committed the modern way.
const std::string kTwoQueens =
    "; P0[1 Pick W 0 wQ]\n; P0[2 Dropb wQ N 13 .]\n; P0[3 Done ]\n"
    "; P1[4 Pick B 0 bQ]\n; P1[5 Dropb bQ O 13 wQ-]\n; P1[6 Done ]\n";

}  // namespace

TEST_CASE("sgf command WinOnTime ends the game as a turn of its own") {
  auto g = one(kTwoQueens + "; P0[7 WinOnTime]\n");
  CHECK(g.errors.empty());
  CHECK(kinds(g) == Kinds{{0, SgfTurnKind::Piece}, {1, SgfTurnKind::Piece}, {0, SgfTurnKind::WinOnTime}});
  CHECK(g.moves[2].pos.line == 13);
}

TEST_CASE("sgf command Pick takes from a reserve, set-up pools included") {
  auto g = clean(
      "; P0[1 pick WS 3 B1]\n; P0[2 dropb B1 N 13 .]\n; P0[3 done]\n"
      "; P1[4 Pick bs 0 Q]\n; P1[5 Dropb Q O 13 wB1-]\n; P1[6 Done]\n",
      2);
  CHECK(g.moves[0].move.piece == "wB1");  // the pool gives the colour
  CHECK(g.moves[1].move.piece == "bQ");
}

TEST_CASE("sgf command Pick from the reserve puts back the drop made before it") {
  CHECK(onlyPiece("; P0[1 Pick W 1 wA1]\n; P0[2 Dropb wA1 N 13 .]\n; P0[3 Pick W 0 wQ]\n; P0[4 Dropb wQ N 13 .]\n"
                  "; P0[5 Done]\n") == "wQ");
}

TEST_CASE("sgf command Pickb then Dropb moves a piece, and Dropb where it was picked puts it back") {
  auto g = clean(kTwoQueens +
                     "; P0[7 Pickb N 13 wQ]\n; P0[8 Dropb wQ N 13 .]\n"  // put back
                     "; P0[9 Pickb N 13 wQ]\n; P0[10 Dropb wQ N 14 \\\\bQ]\n; P0[11 Done]\n",
                 3);
  CHECK(g.moves[2].move == SgfTurn{0, SgfTurnKind::Piece, "wQ", "N", 14, "\\bQ", false});

  // Picked, dropped, picked up again and put back where it first stood: no turn.
  auto back = one(kTwoQueens +
                  "; P0[7 Pickb N 13 wQ]\n; P0[8 Dropb wQ N 14 .]\n; P0[9 Pickb N 14 wQ]\n"
                  "; P0[10 Dropb wQ N 13 .]\n; P1[11 Pickb O 13 bQ]\n");
  CHECK(back.errors.empty());
  CHECK(back.moves.size() == 2);
}

TEST_CASE("sgf command Drop returns a piece to its reserve, with or without a reference") {
  const std::string body(
      "; P0[1 Pick W 1 wA1]\n; P0[2 Dropb wA1 N 13 .]\n; P0[3 Pickb N 13 wA1]\n; P0[4 Drop W 1 wA1 .]\n"
      "; P0[5 Pick W 0 wQ]\n; P0[6 Drop W 0 wQ]\n; P0[7 Pick W 4 wS1]\n; P0[8 Dropb wS1 N 13 .]\n"
      "; P0[9 Done]\n");
  CHECK(onlyPiece(body) == "wS1");
}

TEST_CASE("sgf command Pdropb is a Pillbug-assisted drop") {
  auto g = clean(kTwoQueens + "; P0[7 Pickb O 13 bQ]\n; P0[8 Pdropb bQ N 14 \\\\wQ]\n; P0[9 Done]\n", 3);
  CHECK(g.moves[2].move.piece == "bQ");
  CHECK(g.moves[2].move.pillbugAssisted);
}

TEST_CASE("sgf commands Move, PMove, MoveDone and PMoveDone name pool, piece and place") {
  auto g = clean(
      "; P0[1 Move W wQ N 13 .]\n; P0[2 Done]\n"
      "; P1[3 MoveDone B bQ O 13 wQ-]\n"
      "; P0[4 PMoveDone B bQ N 14 \\\\wQ]\n"
      "; P1[5 PMove W wQ M 13 -bQ]\n; P1[6 Done]\n",
      4);
  CHECK_FALSE(g.moves[1].move.pillbugAssisted);
  CHECK(g.moves[2].move == SgfTurn{0, SgfTurnKind::Piece, "bQ", "N", 14, "\\wQ", true});
  CHECK(g.moves[3].move.pillbugAssisted);
}

TEST_CASE("sgf commands Pass, PassDone and NullMove are passes, Done alone by the player to move too") {
  auto g = one(kTwoQueens +
               "; P0[7 Pass]\n; P0[8 Done]\n; P1[9 PassDone]\n; P0[10 NullMove]\n"
               "; P0[11 Done]\n"    // not P0's turn: nothing
               "; P1[12 Done]\n");  // P1's turn: a pass
  CHECK(g.errors.empty());
  CHECK(kinds(g) == Kinds{{0, SgfTurnKind::Piece},
                          {1, SgfTurnKind::Piece},
                          {0, SgfTurnKind::Pass},
                          {1, SgfTurnKind::Pass},
                          {0, SgfTurnKind::Pass},
                          {1, SgfTurnKind::Pass}});
}

TEST_CASE("sgf commands Resign, OfferDraw, AcceptDraw and DeclineDraw are turns that do not use the move") {
  auto g = one(kTwoQueens +
               "; P0[7 OfferDraw]\n; P0[8 Done]\n; P1[9 DeclineDraw]\n; P1[10 Done]\n"
               "; P0[11 OfferDraw]\n; P0[12 Done]\n; P1[13 AcceptDraw]\n; P1[14 Done]\n"
               "; P0[15 Resign]\n; P0[16 Done]\n");
  CHECK(g.errors.empty());
  CHECK(kinds(g) == Kinds{{0, SgfTurnKind::Piece},
                          {1, SgfTurnKind::Piece},
                          {0, SgfTurnKind::OfferDraw},
                          {1, SgfTurnKind::DeclineDraw},
                          {0, SgfTurnKind::OfferDraw},
                          {1, SgfTurnKind::AcceptDraw},
                          {0, SgfTurnKind::Resign}});
}

TEST_CASE("sgf commands Reset and Undo drop the uncommitted turn") {
  CHECK(onlyPiece("; P0[1 Pick W 1 wA1]\n; P0[2 Dropb wA1 N 13 .]\n; P0[3 Reset]\n"
                  "; P0[4 Pick W 4 wS1]\n; P0[5 Dropb wS1 N 13 .]\n; P0[6 Undo]\n"
                  "; P0[7 Pick W 0 wQ]\n; P0[8 Dropb wQ N 13 .]\n; P0[9 Done]\n") == "wQ");
}

TEST_CASE("sgf commands PleaseUndo, DontUndo and AllowUndo change nothing in the record") {
  auto g = one(kTwoQueens +
               "; P0[7 PleaseUndo]\n; P1[8 DontUndo]\n; P0[9 PleaseUndo]\n; P1[10 AllowUndo]\n"
               "; P0[11 Pickb N 13 wQ]\n; P0[12 Dropb wQ N 14 .]\n; P0[13 Done]\n");
  CHECK(g.errors.empty());
  CHECK(kinds(g) == Kinds{{0, SgfTurnKind::Piece}, {1, SgfTurnKind::Piece}, {0, SgfTurnKind::Piece}});
}

TEST_CASE("sgf command Edit: an edit put back is no turn, an edit that moves a piece is an error") {
  auto undone = one(kTwoQueens +
                    "; P0[7 Edit]\n; P0[8 Pickb N 13 wQ]\n; P0[9 Dropb wQ M 13 .]\n"
                    "; P0[10 Pickb M 13 wQ]\n; P0[11 Dropb wQ N 13 .]\n; P0[12 Pick WS 1 wA1]\n"
                    "; P0[13 Drop WS 1 wA1]\n; P0[14 Done]\n; P0[15 Start P0]\n"
                    "; P0[16 Pickb N 13 wQ]\n; P0[17 Dropb wQ N 14 .]\n; P0[18 Done]\n");
  CHECK(undone.errors.empty());
  CHECK(kinds(undone) == Kinds{{0, SgfTurnKind::Piece}, {1, SgfTurnKind::Piece}, {0, SgfTurnKind::Piece}});

  auto edited = one(kTwoQueens +
                    "; P0[7 Edit]\n; P0[8 Pick W 1 wA1]\n; P0[9 Dropb wA1 M 13 .]\n"
                    "; P0[10 Start P0]\n");
  REQUIRE(edited.errors.size() == 1);
  CHECK(edited.errors[0].line == 13);
  CHECK_THAT(edited.errors[0].message, Catch::Contains("edited"));
  CHECK_THAT(edited.errors[0].message, Catch::Contains("wa1"));
}

TEST_CASE("sgf commands PlayWhite, PlayBlack and Swap give the colour of colourless pieces") {
  auto white = one("; P1[1 PlayWhite]\n; P1[2 dropb Q N 13 .]\n; P1[3 done]\n");
  REQUIRE(white.moves.size() == 1);
  CHECK(white.moves[0].move.piece == "wQ");
  auto black = one("; P0[1 PlayBlack]\n; P0[2 dropb Q N 13 .]\n; P0[3 done]\n");
  REQUIRE(black.moves.size() == 1);
  CHECK(black.moves[0].move.piece == "bQ");
  auto swapped = one("; P0[1 Swap]\n; P0[2 dropb Q N 13 .]\n; P0[3 done]\n");
  REQUIRE(swapped.moves.size() == 1);
  CHECK(swapped.moves[0].move.piece == "bQ");
}

TEST_CASE("sgf commands are read in any case, and an unknown one stays an error where it stands") {
  auto g = one("; P0[1 PICK w 0 WQ]\n; P0[2 DROPB WQ n 13 .]\n; P0[3 DONE]\n; P1[4 Teleport bQ O 13]\n");
  REQUIRE(g.moves.size() == 1);
  CHECK(g.moves[0].move.piece == "wQ");
  CHECK(g.moves[0].move.col == "N");
  REQUIRE(g.errors.size() == 1);
  CHECK(g.errors[0].line == 10);
  CHECK(g.errors[0].column == 3);
  CHECK_THAT(g.errors[0].message, Catch::Contains("unknown command 'teleport'"));
}

TEST_CASE("sgf commands with arguments out of their form are malformed") {
  for (const char* bad : {"; P0[1 Done now]\n", "; P0[1 Pick X 1 wA1]\n", "; P0[1 Drop W wA1]\n",
                          "; P0[1 Move Q wA1 N 13 .]\n", "; P0[1 WinOnTime P0]\n", "; P0[1 Pickb 13 N wA1]\n"}) {
    INFO(bad);
    auto g = one(bad);
    REQUIRE(g.errors.size() == 1);
    CHECK_THAT(g.errors[0].message, Catch::Contains("malformed"));
  }
}

TEST_CASE("sgf commands without a move number are still commands, not header entries") {
  auto g = one("; P0[Pick W 0 wQ]\n; P0[Dropb wQ N 13 .]\n; P0[Done]\n; P1[WinOnTime]\n");
  CHECK(g.errors.empty());
  CHECK(kinds(g) == Kinds{{0, SgfTurnKind::Piece}, {1, SgfTurnKind::WinOnTime}});
  CHECK_FALSE(g.tag("P0 Pick"));
}

TEST_CASE("sgf columns past Z and before A are a count and the end letter") {
  auto g = clean(
      "; P0[1 Pick W 0 wQ]\n; P0[2 Dropb wQ Z 13 .]\n; P0[3 Done]\n"
      "; P1[4 Move B bQ 1Z 13 wQ-]\n; P1[5 Done]\n"
      "; P0[6 Pickb Z 13 wQ]\n; P0[7 Dropb wQ 2z 14 \\\\bQ]\n; P0[8 Done]\n"
      "; P1[9 Pick B 4 bS1]\n; P1[10 Dropb bS1 3A 13 .]\n; P1[11 Done]\n",
      4);
  CHECK(g.moves[1].move.col == "1Z");
  CHECK(g.moves[2].move.col == "2Z");
  CHECK(g.moves[3].move.col == "3A");
  auto bad = one("; P0[1 Dropb wQ 2B 13 .]\n");  // only A and Z take a count
  REQUIRE(bad.errors.size() == 1);
  CHECK_THAT(bad.errors[0].message, Catch::Contains("malformed"));
}
