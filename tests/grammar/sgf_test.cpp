// BoardSpace .sgf: the event log, turn assembly, and the real archive files
// compared with their PGN twins.
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>

#include "grammar/sgf.hpp"
#include "grammar/uhp.hpp"
#include "support.hpp"

using namespace apiary::grammar;
namespace fs = std::filesystem;

namespace {

const std::string kHeader = "(;\nGM[27]VV[1]\nSU[hive]\nP0[id \"alice\"]\nP1[id \"bob\"]\n; P0[0 Start P0]\n";

Game<SgfTurn> one(const std::string& body) {
  auto games = parseSgf(kHeader + body + ")\n");
  REQUIRE(games.size() == 1);
  return games[0];
}

std::vector<SgfTurn> played(const Game<SgfTurn>& g) {
  std::vector<SgfTurn> out;
  for (const auto& w : g.moves)
    if (w.move.kind == SgfTurnKind::Piece || w.move.kind == SgfTurnKind::Pass) out.push_back(w.move);
  return out;
}

Game<SgfTurn> loadSgf(const fs::path& path) {
  auto games = parseSgf(apiary::test::readFile(path));
  REQUIRE(games.size() == 1);
  return games[0];
}

}  // namespace

TEST_CASE("sgf: only the last drop before done counts, picks and Start are noise") {
  auto g =
      one("; P0[1 pick w 4 S1]\n; P0[2 dropb S1 N 13 .]\n; P0[3 pickb N 13 S1]\n; P0[4 dropb S1 M 13 .]\n"
          "; P0[5 done]TM[100]\n"
          "; P1[6 pick B 0 bQ]\n; P1[7 dropb bQ N 13 wS1-]\n; P1[8 done]\n");
  CHECK(g.errors.empty());
  REQUIRE(g.moves.size() == 2);
  CHECK(g.moves[0].move == SgfTurn{0, SgfTurnKind::Piece, "wS1", "M", 13, ".", false});
  CHECK(g.moves[0].text == "P0[4 dropb S1 M 13 .]");
  CHECK(g.moves[0].pos.line == 10);
  CHECK(g.moves[0].pos.column == 1);
  CHECK(g.moves[1].move == SgfTurn{1, SgfTurnKind::Piece, "bQ", "N", 13, "wS1-", false});
  CHECK(*g.tag("P0") == "alice");
  CHECK(*g.tag("SU") == "hive");
}

TEST_CASE("sgf: passes, draws, resignations and the player to move") {
  auto g =
      one("; P0[1 Move W wQ N 13 .]\n; P0[2 Done ]\n"
          "; P1[3 movedone B bQ O 13 wQ-]\n"
          "; P0[4 Done ]\n"                      // nothing played: a pass
          "; P1[5 offerdraw]\n; P1[6 done]\n"    // does not use up the turn
          "; P0[7 declinedraw]\n; P0[8 done]\n"  // answered out of turn: not a pass
          "; P1[9 pass]\n; P1[10 done]\n"
          "; P0[11 PassDone]\n"
          "; P1[12 resign]\n");
  CHECK(g.errors.empty());
  std::vector<std::pair<int, SgfTurnKind>> kinds;
  for (const auto& w : g.moves) kinds.emplace_back(w.move.player, w.move.kind);
  CHECK(kinds == std::vector<std::pair<int, SgfTurnKind>>{{0, SgfTurnKind::Piece},
                                                          {1, SgfTurnKind::Piece},
                                                          {0, SgfTurnKind::Pass},
                                                          {1, SgfTurnKind::OfferDraw},
                                                          {0, SgfTurnKind::DeclineDraw},
                                                          {1, SgfTurnKind::Pass},
                                                          {0, SgfTurnKind::Pass},
                                                          {1, SgfTurnKind::Resign}});
  CHECK(g.moves[2].pos.line == 10);  // the implicit pass sits at its `done`
}

TEST_CASE("sgf: colourless pieces, Pillbug moves, comments and escapes") {
  auto g =
      one("; P0[1 pick w 3 B1]\n; P0[2 dropb b1 N 13 .]\n; P0[3 done]\n"  // b1 = Beetle 1
          "; P1[4 move B S1 M 13 -wB1]      # a comment\n; P1[5 done]\n"
          "; P0[6 pickb M 13 bs1]\n; P0[7 pdropb bs1 O 13 wB1\\\\]\n; P0[8 done]\n"
          "; P1[9 pmove W B1 N 14 \\\\bS1]\n; P1[10 done]\n"
          "; P0[11 pickb N 14 b1]\n; P0[12 dropb b1 O 13 bS1]\n; P0[13 done]\n"  // player's colour
          "; P-1[Pop P0\\[0 Start P0\\]]\n");
  CHECK(g.errors.empty());
  auto t = played(g);
  REQUIRE(t.size() == 5);
  CHECK(t[0].piece == "wB1");
  CHECK(t[1].piece == "bS1");
  CHECK(t[2].piece == "bS1");
  CHECK(t[2].hint == "wB1\\");
  CHECK(t[2].pillbugAssisted);
  CHECK(t[3] == SgfTurn{1, SgfTurnKind::Piece, "wB1", "N", 14, "\\bS1", true});
  CHECK(t[4].piece == "wB1");
  CHECK_FALSE(t[4].pillbugAssisted);
}

TEST_CASE("sgf: UI take-backs (drop to the reserve, reset) leave no trace") {
  auto g =
      one("; P0[1 pick w 1 A1]\n; P0[2 drop w 1 A1]\n; P0[3 pick w 0 Q]\n; P0[4 dropb Q N 13 .]\n; P0[5 done]\n"
          "; P1[6 pick b 0 Q]\n; P1[7 dropb Q O 13 wQ-]\n; P1[8 reset]\n"
          "; P1[9 pick b 4 S1]\n; P1[10 dropb S1 M 13 -wQ]\n; P1[11 done]\n");
  CHECK(g.errors.empty());
  auto t = played(g);
  REQUIRE(t.size() == 2);
  CHECK(t[0].piece == "wQ");
  CHECK(t[1].piece == "bS1");
}

TEST_CASE("sgf: a game started by P1 gives P1 white") {
  auto games = parseSgf("(;GM[27]\n; P1[0 Start P1]\n; P1[1 dropb Q N 13 .]\n; P1[2 done]\n; P0[3 done]\n)");
  REQUIRE(games.size() == 1);
  REQUIRE(games[0].moves.size() == 2);
  CHECK(games[0].moves[0].move.piece == "wQ");
  CHECK(games[0].moves[1].move.kind == SgfTurnKind::Pass);
  CHECK(games[0].moves[1].move.player == 0);
}

TEST_CASE("sgf: malformed input gives errors with positions and keeps what it can") {
  // Truncated inside a node: the turns before the cut survive.
  auto cut = parseSgf(kHeader + "; P0[1 dropb wQ N 13 .]\n; P0[2 done]\n; P1[3 dropb bQ O 1");
  REQUIRE(cut.size() == 1);
  CHECK(cut[0].moves.size() == 1);
  REQUIRE(cut[0].errors.size() == 2);
  CHECK(cut[0].errors[0].line == 9);
  CHECK_THAT(cut[0].errors[0].message, Catch::Contains("unterminated"));
  CHECK_THAT(cut[0].errors[1].message, Catch::Contains("truncated"));

  // Bad commands, unknown pieces, binary junk between nodes.
  auto bad = parseSgf(kHeader +
                      "; P0[1 frobnicate]\n"
                      "; P0[2 dropb wX1 N 13 .]\n"
                      "; P0[3 dropb wQ2 N 13 .]\n"
                      "\x01\xff\xfe junk\n"
                      "; P0[4 dropb wQ N 13 .]\n; P0[5 done]\n)");
  REQUIRE(bad.size() == 1);
  CHECK(bad[0].moves.size() == 1);
  REQUIRE(bad[0].errors.size() == 4);
  CHECK(bad[0].errors[0].line == 7);
  CHECK(bad[0].errors[0].column == 3);
  CHECK_THAT(bad[0].errors[0].message, Catch::Contains("unknown command"));
  CHECK_THAT(bad[0].errors[1].message, Catch::Contains("malformed"));
  CHECK_THAT(bad[0].errors[2].message, Catch::Contains("unknown piece"));
  CHECK(bad[0].errors[3].line == 10);

  for (std::string text : {std::string(), std::string("\x00\x01 garbage", 10), std::string("((;;;)))")}) {
    std::vector<Game<SgfTurn>> games;
    REQUIRE_NOTHROW(games = parseSgf(text));
    REQUIRE(!games.empty());
    CHECK(!games[0].errors.empty());
  }
  const std::string full = kHeader + "; P0[1 dropb wQ N 13 \\\\bS1]\n; P0[2 done]\n)";
  for (std::size_t n = 0; n <= full.size(); ++n) REQUIRE_NOTHROW(parseSgf(full.substr(0, n)));
}

TEST_CASE("sgf: variant names") {
  CHECK(sgfVariant("Hive-PLM") == "hive-plm");
  CHECK(sgfVariant("hive-plm 2 0 101") == "hive-plm");
  CHECK(sgfVariant(" hive ") == "hive");
}

TEST_CASE("sgf real files: every file parses, turns counted by hand", "[shared]") {
  auto dir = apiary::test::requireShared();
  if (dir.empty()) return;
  // Turns include draw offers and answers (guest: offer + decline; T!HV: offer + accept).
  const std::map<std::string, std::size_t> turns = {{"HV-Abbo69-WeakBot-2018-10-28-2007.sgf", 31},
                                                    {"HV-Dumbot-Kaur50-2023-01-17-0059.sgf", 88},
                                                    {"HV-Dumbot-guest-2018-10-31-1402.sgf", 96},
                                                    {"HV-Quodlibet-Jewdoka-2018-10-10-0140.sgf", 49},
                                                    {"HV-aaronheit-jdokakill-2019-06-22-1750.sgf", 58},
                                                    {"HV-blue1224-Dumbot-2016-04-02-1915.sgf", 39},
                                                    {"T!HV-Jewdoka-Quodlibet-2020-12-08-2330.sgf", 68},
                                                    {"U!HV-kearf29-Dumbot-2013-04-20-0054.sgf", 140},
                                                    {"hive-viewer-2013.sgf", 50},
                                                    {"lambda-hive-2006-a.sgf", 61},
                                                    {"lambda-hive-2016.sgf", 26}};
  int files = 0;
  for (const auto& entry : fs::directory_iterator(dir / "games" / "boardspace-sgf")) {
    INFO(entry.path());
    auto games = parseSgf(apiary::test::readFile(entry.path()));
    REQUIRE(games.size() == 1);  // aaronheit's second, noisy copy of the game is dropped
    CHECK(games[0].errors.empty());
    CHECK(*games[0].tag("GM") == "27");
    CHECK(games[0].moves.size() == turns.at(entry.path().filename().string()));
    for (const auto& w : games[0].moves) CHECK(w.text.find("P-1") == std::string::npos);
    ++files;
  }
  CHECK(files == 11);
}

TEST_CASE("sgf real files: dialects read as verified by eye", "[shared]") {
  auto dir = apiary::test::requireShared();
  if (dir.empty()) return;
  const auto sgf = dir / "games" / "boardspace-sgf";

  auto lambda2006 = loadSgf(sgf / "lambda-hive-2006-a.sgf");  // colourless pieces
  CHECK(*lambda2006.tag("P0") == "ahchong");
  CHECK(lambda2006.moves[0].move == SgfTurn{0, SgfTurnKind::Piece, "wQ", "N", 13, ".", false});
  CHECK(lambda2006.moves[0].pos.line == 10);
  CHECK(lambda2006.moves[1].move == SgfTurn{1, SgfTurnKind::Piece, "bG1", "O", 13, "wQ-", false});
  CHECK(lambda2006.moves[4].move == SgfTurn{0, SgfTurnKind::Piece, "wS2", "N", 14, "\\wQ", false});
  CHECK(lambda2006.moves[24].move == SgfTurn{0, SgfTurnKind::Piece, "wB1", "O", 12, "bB1", false});  // climbs

  auto kearf = loadSgf(sgf / "U!HV-kearf29-Dumbot-2013-04-20-0054.sgf");
  int pillbug = 0;
  for (const auto& w : kearf.moves) pillbug += w.move.pillbugAssisted;
  CHECK(pillbug == 10);  // 6 pmove + 4 pdropb
  CHECK(kearf.moves[49].move == SgfTurn{1, SgfTurnKind::Piece, "wA2", "K", 14, "bS2/", true});
  CHECK(kearf.moves[94].move == SgfTurn{0, SgfTurnKind::Piece, "bG1", "O", 12, "wP/", true});
  CHECK(*kearf.tag("P0 ranking") == "1500");

  auto viewer = loadSgf(sgf / "hive-viewer-2013.sgf");  // pdropb for every drop
  for (const auto& w : viewer.moves) CHECK_FALSE(w.move.pillbugAssisted);
  CHECK(viewer.moves[0].move.piece == "wS1");
  CHECK(viewer.moves[25].move == SgfTurn{1, SgfTurnKind::Piece, "bB2", "N", 13, "wS1", false});

  auto kaur = loadSgf(sgf / "HV-Dumbot-Kaur50-2023-01-17-0059.sgf");  // Capitalised, implicit passes
  CHECK(kaur.moves[1].move.piece == "bP");                            // written bP1
  CHECK(kaur.moves[44].move == SgfTurn{0, SgfTurnKind::Piece, "wQ", "K", 12, "/bG1", true});
  CHECK(kaur.moves[62].move.kind == SgfTurnKind::Pass);
  CHECK(kaur.moves[62].text == "P0[156 Done ]");
  CHECK(kaur.moves[62].pos.line == 167);
  CHECK(*kaur.tag("SU") == "Hive-PLM");
  CHECK(sgfVariant(*kaur.tag("SU")) == "hive-plm");

  auto guest = loadSgf(sgf / "HV-Dumbot-guest-2018-10-31-1402.sgf");
  const auto n = guest.moves.size();
  CHECK(guest.moves[n - 3].move.kind == SgfTurnKind::OfferDraw);
  CHECK(guest.moves[n - 3].move.player == 1);
  CHECK(guest.moves[n - 2].move.kind == SgfTurnKind::DeclineDraw);
  CHECK(guest.moves[n - 1].move.kind == SgfTurnKind::Pass);
  CHECK(guest.moves[n - 1].move.player == 1);

  auto tourney = loadSgf(sgf / "T!HV-Jewdoka-Quodlibet-2020-12-08-2330.sgf");
  CHECK(tourney.moves.back().move.kind == SgfTurnKind::AcceptDraw);
  CHECK(*tourney.tag("RE") == "The game is a draw");
}

TEST_CASE("sgf real files: same turns as the PGN twins, piece and reference", "[shared]") {
  auto dir = apiary::test::requireShared();
  if (dir.empty()) return;
  int pairs = 0;
  for (const auto& entry : fs::directory_iterator(dir / "games" / "uhp-pgn")) {
    auto twin = dir / "games" / "boardspace-sgf" / entry.path().filename().replace_extension(".sgf");
    INFO(twin);
    auto pgn = parseUhpFile(apiary::test::readFile(entry.path())).at(0);
    auto turns = played(loadSgf(twin));
    REQUIRE(turns.size() == pgn.moves.size());
    int climbs = 0;
    for (std::size_t i = 0; i < turns.size(); ++i) {
      const auto& t = turns[i];
      const auto& expected = pgn.moves[i].move;
      INFO("turn " << i + 1 << ": " << t.piece << " " << t.hint);
      if (t.kind == SgfTurnKind::Pass) {
        CHECK(expected.kind == UhpMoveKind::Pass);
        continue;
      }
      CHECK(t.player == static_cast<int>(i % 2));
      if (i > 0 && t.hint == ".") {  // newer files: `.` climbs where the PGN names the covered piece
        ++climbs;
        REQUIRE(expected.reference);
        CHECK(expected.reference->side == UhpSide::OnTop);
        CHECK(writePieceName(expected.piece) == t.piece);
        continue;
      }
      auto asUhp = parseMoveString(t.piece + " " + t.hint);
      REQUIRE(asUhp);
      CHECK(*asUhp.value == expected);
    }
    CHECK(climbs <= 19);
    ++pairs;
  }
  CHECK(pairs == 8);
}

TEST_CASE("sgf real files: col/row neighbour offsets documented in sgf.hpp hold", "[shared]") {
  auto dir = apiary::test::requireShared();
  if (dir.empty()) return;
  const std::map<UhpSide, std::pair<int, int>> offsets = {
      {UhpSide::OnTop, {0, 0}}, {UhpSide::E, {1, 0}},   {UhpSide::W, {-1, 0}},  {UhpSide::NE, {1, 1}},
      {UhpSide::NW, {0, 1}},    {UhpSide::SE, {0, -1}}, {UhpSide::SW, {-1, -1}}};
  int checked = 0;
  for (const auto& entry : fs::directory_iterator(dir / "games" / "boardspace-sgf")) {
    INFO(entry.path());
    std::map<std::string, std::pair<int, int>> at;  // piece -> (col, row)
    for (const auto& t : played(loadSgf(entry.path()))) {
      if (t.kind != SgfTurnKind::Piece) continue;
      const int col = t.col.size() == 1 ? t.col[0] - 'A' : -1;
      REQUIRE(col >= 0);
      auto m = parseMoveString(t.piece + " " + t.hint);
      if (m && m.value->reference && at.count(writePieceName(m.value->reference->piece))) {
        auto [rc, rr] = at[writePieceName(m.value->reference->piece)];
        CHECK(std::make_pair(col - rc, t.row - rr) == offsets.at(m.value->reference->side));
        ++checked;
      }
      at[t.piece] = {col, t.row};
    }
  }
  CHECK(checked > 600);
}
