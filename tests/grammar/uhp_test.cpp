// Standard notation: move strings, GameStrings, PGN-style files, writers.
#include <catch2/catch.hpp>
#include <filesystem>

#include "grammar/sgf.hpp"
#include "grammar/uhp.hpp"
#include "support.hpp"

using namespace apiary::grammar;
namespace fs = std::filesystem;

namespace {

UhpMove mv(std::string_view text) {
  auto r = parseMoveString(text);
  INFO(text << ": " << r.error.message);
  REQUIRE(r);
  return *r.value;
}

PieceName pc(char color, char bug, int number = 0) { return {color, bug, number}; }

struct Expected {
  std::string text;
  int line, column;
  std::string comment;
};
void checkMoves(const Game<UhpMove>& game, const std::vector<Expected>& expected) {
  REQUIRE(game.moves.size() == expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    INFO("move " << i + 1);
    CHECK(game.moves[i].text == expected[i].text);
    CHECK(game.moves[i].pos.line == expected[i].line);
    CHECK(game.moves[i].pos.column == expected[i].column);
    CHECK(game.moves[i].comment == expected[i].comment);
  }
}
void checkError(const Rejection& e, int line, int column, const std::string& message) {
  CHECK(e.line == line);
  CHECK(e.column == column);
  CHECK(e.message == message);
}

}  // namespace

TEST_CASE("piece names: canonical case, unique bugs lose their 1") {
  CHECK(parsePieceName("wA1") == pc('w', 'A', 1));
  CHECK(parsePieceName("bQ") == pc('b', 'Q'));
  CHECK(parsePieceName("wq") == pc('w', 'Q'));
  CHECK(parsePieceName("BQ") == pc('b', 'Q'));
  CHECK(parsePieceName("wP1") == pc('w', 'P'));
  CHECK(parsePieceName("bm1") == pc('b', 'M'));
  CHECK(parsePieceName("wS3") == pc('w', 'S', 3));  // hivegame's print.pgn writes it; rules reject it
  for (auto bad : {"", "w", "wX1", "xA1", "wA0", "wA4", "wQ2", "wA12", "wA1 ", "\xffQ"}) {
    INFO(bad);
    CHECK_FALSE(parsePieceName(bad));
  }
  CHECK(writePieceName(pc('w', 'P')) == "wP");
  CHECK(writePieceName(pc('b', 'B', 2)) == "bB2");
}

TEST_CASE("move strings: every reference side, first moves, special moves") {
  CHECK(mv("bG1 -wS1") == UhpMove{UhpMoveKind::Normal, pc('b', 'G', 1), UhpReference{pc('w', 'S', 1), UhpSide::W}});
  CHECK(mv("bG1 wS1-").reference->side == UhpSide::E);
  CHECK(mv("bG1 \\wS1").reference->side == UhpSide::NW);
  CHECK(mv("bG1 wS1/").reference->side == UhpSide::NE);
  CHECK(mv("bG1 /wS1").reference->side == UhpSide::SW);
  CHECK(mv("bG1 wS1\\").reference->side == UhpSide::SE);
  CHECK(mv("bB1 wQ").reference == UhpReference{pc('w', 'Q'), UhpSide::OnTop});
  CHECK(mv("wS1") == UhpMove{UhpMoveKind::Normal, pc('w', 'S', 1), std::nullopt});
  CHECK(mv("wS1 .") == mv("wS1"));
  CHECK(mv("  wq   bq1-  ") == mv("wQ bQ-"));
  CHECK(mv("pass").kind == UhpMoveKind::Pass);
  CHECK(mv("Pass").kind == UhpMoveKind::Pass);
  CHECK(mv("resign").kind == UhpMoveKind::Resign);
  CHECK(mv("offer-draw").kind == UhpMoveKind::OfferDraw);
  CHECK(mv("accept-draw").kind == UhpMoveKind::AcceptDraw);
  CHECK(mv("decline-draw").kind == UhpMoveKind::DeclineDraw);
}

TEST_CASE("move strings: malformed input is an error with its column, never a throw") {
  struct Case {
    std::string text;
    int column;
    std::string says;
  };
  const std::vector<Case> cases = {
      {"", 1, "empty"},
      {"   ", 4, "empty"},
      {"wX1 -wQ", 1, "unknown piece"},
      {"wA4", 1, "unknown piece"},
      {"wA1bQ", 1, "unknown piece"},
      {"wA1 xQ", 5, "bad reference"},
      {"wA1 -", 5, "bad reference"},
      {"wA1 -bQ-", 5, "bad reference"},
      {"wA1 bQ2/", 5, "unknown reference piece"},
      {"wA1 bQ junk", 8, "unexpected"},
      {"wA1 bQ/ \xff\xfe", 9, "unexpected"},
      {std::string("wA1\0bQ", 6), 4, "after the piece"},
      {"\x01\x02\x03", 1, "unknown piece"},
      {"passing", 1, "unknown piece"},
  };
  for (const auto& c : cases) {
    INFO(c.text);
    OrRejection<UhpMove> r;
    REQUIRE_NOTHROW(r = parseMoveString(c.text));
    CHECK_FALSE(r);
    CHECK(r.error.line == 1);
    CHECK(r.error.column == c.column);
    CHECK_THAT(r.error.message, Catch::Contains(c.says));
  }
}

TEST_CASE("move strings: write then parse gives the same move, for every piece and side") {
  const std::string bugs = "QSBGAMLP";
  std::vector<PieceName> pieces;
  for (char color : {'w', 'b'})
    for (char bug : bugs) {
      const bool unique = bug == 'Q' || bug == 'M' || bug == 'L' || bug == 'P';
      const int copies = unique ? 0 : (bug == 'S' || bug == 'B') ? 2 : 3;
      for (int n = unique ? 0 : 1; n <= copies; ++n) pieces.push_back(pc(color, bug, n));
    }
  int checked = 0;
  for (const auto& piece : pieces)
    for (auto side : {UhpSide::OnTop, UhpSide::W, UhpSide::E, UhpSide::NW, UhpSide::NE, UhpSide::SW, UhpSide::SE}) {
      UhpMove m{UhpMoveKind::Normal, piece, UhpReference{pieces[(checked * 7) % pieces.size()], side}};
      CHECK(mv(writeMove(m)) == m);
      ++checked;
    }
  for (auto kind : {UhpMoveKind::Pass, UhpMoveKind::Resign, UhpMoveKind::OfferDraw, UhpMoveKind::AcceptDraw,
                    UhpMoveKind::DeclineDraw})
    CHECK(mv(writeMove(UhpMove{kind, {}, {}})).kind == kind);
  CHECK(writeMove(mv("wS1 .")) == "wS1");
  CHECK(writeMove(mv("bp1 \\wm")) == "bP \\wM");
  CHECK(checked == 2 * 14 * 7);  // the 28 pieces of Base+MLP, 7 sides each
}

TEST_CASE("GameStrings: header tags, moves with columns, trailing semicolon") {
  auto g = parseGameString("Base+MLP;InProgress;White[3];wS1;bG1 -wS1;wQ /wS1;");
  CHECK(g.errors.empty());
  REQUIRE(g.tags.size() == 3);
  CHECK(*g.tag("GameType") == "Base+MLP");
  CHECK(*g.tag("GameState") == "InProgress");
  CHECK(*g.tag("Turn") == "White[3]");
  REQUIRE(g.moves.size() == 3);
  CHECK(g.moves[1].text == "bG1 -wS1");
  CHECK(g.moves[1].pos.line == 1);
  CHECK(g.moves[1].pos.column == 34);
  CHECK(g.moves[2].move == mv("wQ /wS1"));

  CHECK(parseGameString("BaseMLP;NotStarted;White[1]").errors.empty());
  CHECK(parseGameString("Base;Draw;Black[12];wS1").errors.empty());

  auto bad = parseGameString("Base+XY;Sleeping;Green[2];wS1;;bZ9 wS1-;bG1 -wS1");
  REQUIRE(bad.errors.size() == 5);
  CHECK(bad.errors[0].column == 1);   // GameType
  CHECK(bad.errors[1].column == 9);   // GameState
  CHECK(bad.errors[2].column == 18);  // Turn
  CHECK_THAT(bad.errors[3].message, Catch::Contains("empty move"));
  CHECK(bad.errors[4].column == 32);  // bZ9
  CHECK(bad.moves.size() == 2);       // parsing went on around them

  CHECK_FALSE(parseGameString("wS1;bG1 -wS1").errors.empty());
  CHECK_FALSE(parseGameString("").errors.empty());
}

TEST_CASE("GameStrings: write then parse round trip, Turn recomputed") {
  auto g = parseGameString("Base+MLP;InProgress;White[3];wS1;bG1 -wS1;wQ /wS1;bA1 bG1\\;wB1 wQ;pass");
  const std::string written = writeGameString(g);
  CHECK(written == "Base+MLP;InProgress;White[4];wS1;bG1 -wS1;wQ /wS1;bA1 bG1\\;wB1 wQ;pass");
  auto again = parseGameString(written);
  REQUIRE(again.moves.size() == g.moves.size());
  for (std::size_t i = 0; i < g.moves.size(); ++i) CHECK(again.moves[i].move == g.moves[i].move);
  CHECK(writeGameString(Game<UhpMove>{}) == "Base;NotStarted;White[1]");
}

TEST_CASE("PGN-style files: games, comments, results, GameString lines, recovery") {
  const std::string text =
      "[GameType \"Base+MLP\"]\r\n"
      "[White \"a \\\"quoted\\\" name\"]\r\n"
      "\r\n"
      "1. wS1   \r\n"
      "2. bG1 -wS1 {a comment}\r\n"
      "3. wQ /wS1 {spanning\n"
      "two lines}\n"
      "4. bQ bG1\\ extra\n"
      "!!! not a move\n"
      "5. pass\n"
      "WhiteWins\n"
      "[GameType \"Base\"]\n"
      "1. wA1\n"
      "Base+M;InProgress;Black[1];wM\n"
      "\n";
  auto games = parseUhpFile(text);
  REQUIRE(games.size() == 3);
  const auto& g = games[0];
  CHECK(*g.tag("White") == "a \"quoted\" name");
  CHECK(*g.tag("Result") == "WhiteWins");  // taken from the result line
  REQUIRE(g.moves.size() == 4);
  CHECK(g.moves[0].text == "wS1");
  CHECK(g.moves[0].pos.line == 4);
  CHECK(g.moves[0].pos.column == 4);
  CHECK(g.moves[1].comment == "a comment");
  CHECK(g.moves[2].comment == "spanning\ntwo lines");
  CHECK(g.moves[3].move.kind == UhpMoveKind::Pass);
  REQUIRE(g.errors.size() == 2);
  CHECK(g.errors[0].line == 8);
  CHECK(g.errors[0].column == 12);
  CHECK(g.errors[1].line == 9);
  CHECK(g.errors[1].column == 1);
  CHECK(games[1].moves.size() == 1);
  CHECK(games[1].pos.line == 12);
  CHECK(*games[2].tag("GameType") == "Base+M");
  REQUIRE(games[2].moves.size() == 1);
  CHECK(games[2].moves[0].pos.line == 14);
  CHECK(games[2].moves[0].pos.column == 28);
}

TEST_CASE("PGN-style files: every position in a multi-game file with CRLF, comments and bad lines") {
  // Positions come from a cursor that walks the text once; a lone '\r' ends a line
  // for the grammar but not for line numbers (line 12 holds two moves).
  const std::string text =
      "[Event \"one\"]\r\n"                             // 1
      "[Site \"s\"]\r\n"                                // 2
      "\r\n"                                            // 3
      "1. wS1 {opening}\r\n"                            // 4
      "2. bG1 -wS1 {two\r\nlines}\r\n"                  // 5-6
      "3. wQ1 /wS1\r\n"                                 // 7
      "4294967295. bQ bG1\\ \r\n"                       // 8: the largest move number uint_ reads
      "4294967296. wA1 wQ-\r\n"                         // 9: one more is not a move number
      "5. wA1 wQ- {c} {d}\r\n"                          // 10
      "6. bA1 xQ\r\n"                                   // 11
      "7. bA1 bQ/\r8.\tpass\r\n"                        // 12
      "BlackWins\r\n"                                   // 13
      "Base+M;InProgress;White[2];wM;bM wM-;wQ junk\n"  // 14
      "[Event \"three\"]\n"                             // 15
      "  [Round \"2\"]\n"                               // 16
      "1. wG1\n"                                        // 17
      "2. bG1 wG1\\\n"                                  // 18
      "{after} 3. wQ -wG1 {q}\n";                       // 19
  auto games = parseUhpFile(text);
  REQUIRE(games.size() == 3);

  const auto& one = games[0];
  CHECK(one.pos.line == 1);
  CHECK(one.pos.column == 1);
  REQUIRE(one.tags.size() == 3);
  CHECK(one.tags[1].pos.line == 2);
  CHECK(one.tags[2].name == "Result");
  CHECK(one.tags[2].value == "BlackWins");
  CHECK(one.tags[2].pos.line == 13);
  checkMoves(one, {{"wS1", 4, 4, "opening"},
                   {"bG1 -wS1", 5, 4, "two\r\nlines"},
                   {"wQ1 /wS1", 7, 4, ""},
                   {"bQ bG1\\", 8, 13, ""},
                   {"wA1 wQ-", 10, 4, "c d"},
                   {"bA1 bQ/", 12, 4, ""},
                   {"pass", 12, 15, ""}});
  CHECK(one.moves[2].move == mv("wQ /wS1"));
  REQUIRE(one.errors.size() == 2);
  checkError(one.errors[0], 9, 1, "unrecognised text '4294967296. wA1 wQ-\\x0D\\x0A'");
  checkError(one.errors[1], 11, 8, "bad reference 'xQ'");

  const auto& two = games[1];  // the GameString line
  CHECK(two.pos.line == 14);
  REQUIRE(two.tags.size() == 3);
  CHECK(two.tags[2].pos.column == 19);
  checkMoves(two, {{"wM", 14, 28, ""}, {"bM wM-", 14, 31, ""}});
  REQUIRE(two.errors.size() == 1);
  checkError(two.errors[0], 14, 41, "bad reference 'junk'");

  const auto& three = games[2];
  CHECK(three.pos.line == 15);
  REQUIRE(three.tags.size() == 2);
  CHECK(three.tags[1].pos.line == 16);
  CHECK(three.tags[1].pos.column == 3);
  checkMoves(three, {{"wG1", 17, 4, ""}, {"bG1 wG1\\", 18, 4, "after"}, {"wQ -wG1", 19, 12, "q"}});
  CHECK(three.errors.empty());
}

TEST_CASE("LineCursor answers as LineIndex does, whatever order it is asked in") {
  const std::string text = "ab\r\n\ncd\n\n\nefg\rh\n";
  const LineIndex index(text);
  LineCursor cursor(text);
  std::vector<std::size_t> offsets;
  for (std::size_t i = 0; i <= text.size() + 2; ++i) offsets.push_back(i);              // forwards, past the end too
  for (std::size_t i = text.size(); i-- > 0;) offsets.push_back(i);                     // then backwards
  for (std::size_t i = 0; i < 40; ++i) offsets.push_back((i * 7) % (text.size() + 1));  // and jumping
  for (auto offset : offsets) {
    INFO("offset " << offset);
    CHECK(cursor.at(offset).line == index.at(offset).line);
    CHECK(cursor.at(offset).column == index.at(offset).column);
  }
  CHECK(cursor.at(text.size()).line == 7);  // after the last '\n': a line of its own
  CHECK(LineCursor("").at(0).line == 1);
}

TEST_CASE("files of GameStrings: one game per line") {
  auto games = parseUhpFile("Base;InProgress;White[2];wS1;bS1 wS1-;\nBase+P;InProgress;Black[1];wP\n");
  REQUIRE(games.size() == 2);
  CHECK(games[0].moves.size() == 2);
  CHECK(games[1].moves[0].pos.line == 2);
  CHECK(games[0].errors.empty());
  CHECK(games[1].errors.empty());
}

TEST_CASE("files: malformed input gives errors with positions, never a crash") {
  // Empty and blank text: one game that says there is no game.
  for (std::string text : {"", "  \n\n"}) {
    auto games = parseUhpFile(text);
    REQUIRE(games.size() == 1);
    CHECK(games[0].moves.empty());
    CHECK(games[0].errors.size() == 1);
  }
  // Binary junk, truncated tags and comments, then a good line still read.
  std::string junk("\x00\xff\xfe[Result \"1-0\n{never closed\n12. wA1 ", 38);
  junk += "\n[Event";
  auto games = parseUhpFile(junk);
  std::size_t errors = 0, moves = 0;
  for (const auto& g : games) {
    errors += g.errors.size();
    moves += g.moves.size();
    for (const auto& e : g.errors) CHECK(e.line >= 1);
  }
  CHECK(errors == 3);
  CHECK(moves == 1);
  // Every prefix of a real-looking file parses without throwing.
  const std::string good = "[GameType \"Base\"]\n\n1. wS1\n2. bG1 -wS1 {c}\n3. wQ \\wS1\nDraw\n";
  for (std::size_t n = 0; n <= good.size(); ++n) REQUIRE_NOTHROW(parseUhpFile(good.substr(0, n)));
}

TEST_CASE("real files: every .pgn in ../shared parses cleanly", "[shared]") {
  auto dir = apiary::test::requireShared();
  if (dir.empty()) return;
  int files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(dir / "games")) {
    if (entry.path().extension() != ".pgn") continue;
    ++files;
    auto games = parseUhpFile(apiary::test::readFile(entry.path()));
    INFO(entry.path());
    REQUIRE(games.size() == 1);
    CHECK(games[0].errors.empty());
    CHECK(games[0].tag("GameType") != nullptr);
    // Line N of the moves is ply N: positions point at the move text.
    auto lines = apiary::test::readLines(entry.path());
    for (const auto& m : games[0].moves) CHECK(lines[m.pos.line - 1].substr(m.pos.column - 1, m.text.size()) == m.text);
  }
  CHECK(files == 48);
}

TEST_CASE("real files: counts and moves checked by hand", "[shared]") {
  auto dir = apiary::test::requireShared();
  if (dir.empty()) return;
  auto load = [&](const char* path) { return parseUhpFile(apiary::test::readFile(dir / "games" / path)).at(0); };

  auto kaur = load("uhp-pgn/HV-Dumbot-Kaur50-2023-01-17-0059.pgn");
  CHECK(kaur.moves.size() == 88);
  CHECK(*kaur.tag("White") == "Dumbot");
  CHECK(*kaur.tag("Result") == "BlackWins");
  CHECK(*kaur.tag("SgfGameName") == "HV-Dumbot-Kaur50-2023-01-17-0059");
  CHECK(kaur.moves[0].move == mv("wB1"));
  CHECK(kaur.moves[39].move == mv("bB2 bG1"));  // 40. climbs: bare reference
  CHECK(kaur.moves[86].move.kind == UhpMoveKind::Pass);
  CHECK(kaur.moves[87].move == mv("bB2 wQ/"));
  CHECK(kaur.moves[87].pos.line == 100);

  auto kearf = load("uhp-pgn/U!HV-kearf29-Dumbot-2013-04-20-0054.pgn");
  CHECK(kearf.moves.size() == 140);
  CHECK(*kearf.tag("GameType") == "Base+P");
  CHECK(kearf.moves[49].move == mv("wA2 bS2/"));  // black's Pillbug moves a white Ant

  auto mWithPass = load("hivegame-fixtures/valid/m_with_pass.pgn");
  CHECK(mWithPass.moves.size() == 104);
  CHECK(mWithPass.moves[10].move == mv("wM wS1/"));  // written `wM1`
  CHECK(mWithPass.moves[76].move.kind == UhpMoveKind::Pass);

  auto dup = load("hivegame-fixtures/invalid/duplicated_move.pgn");
  CHECK(dup.moves.size() == 50);  // `9.` twice is for the rules to reject, not the syntax
  CHECK(dup.moves[8].move == dup.moves[9].move);

  auto print = load("hivegame-fixtures/print/print.pgn");
  CHECK(print.moves.size() == 15);
  CHECK(print.moves[7].text == "bG2 /bG1");  // trailing space dropped
  CHECK(print.moves[14].move == mv("wS3 wS2/"));

  auto hg = load("hivegame-fixtures/valid/piece_as_destination.pgn");
  CHECK(*hg.tag("Date") == "20-Jan-2024_14:53:24");
  CHECK(hg.moves.size() == 29);
}

TEST_CASE("real files: writePgn reproduces the uhp-pgn exports byte for byte", "[shared]") {
  auto dir = apiary::test::requireShared();
  if (dir.empty()) return;
  int files = 0;
  for (const auto& entry : fs::directory_iterator(dir / "games" / "uhp-pgn")) {
    const std::string text = apiary::test::readFile(entry.path());
    auto games = parseUhpFile(text);
    INFO(entry.path());
    CHECK(writePgn(games.at(0)) == text);
    ++files;
  }
  CHECK(files == 8);
}

TEST_CASE("real files: write then parse keeps every game of ../shared", "[shared]") {
  auto dir = apiary::test::requireShared();
  if (dir.empty()) return;
  for (const auto& entry : fs::recursive_directory_iterator(dir / "games")) {
    if (entry.path().extension() != ".pgn") continue;
    auto game = parseUhpFile(apiary::test::readFile(entry.path())).at(0);
    INFO(entry.path());
    auto again = parseUhpFile(writePgn(game)).at(0);
    CHECK(again.errors.empty());
    REQUIRE(again.moves.size() == game.moves.size());
    for (std::size_t i = 0; i < game.moves.size(); ++i) CHECK(again.moves[i].move == game.moves[i].move);
    auto viaGameString = parseGameString(writeGameString(game));
    CHECK(viaGameString.errors.empty());
    CHECK(viaGameString.moves.size() == game.moves.size());
  }
}

TEST_CASE("PGN-style files: move lines in every layout the one-pass move line reads or leaves to scanMove") {
  // The common move line (number, '.', piece, reference) is read in one pass; any
  // other line goes through the general path. Both must give the same records,
  // positions and errors, and the line count must see every '\n' (in an escaped
  // tag value, a comment, a bad line).
  const std::string text =
      "[Event \"a\\\n b\"]\n"       // 1-2: an escaped line break in a tag value
      "1. wS1 {first}\n"            // 3: a trailing comment
      "2.\tbG1\t-wS1\t\n"           // 4: tabs, a trailing tab
      "3.wQ wS1/\r\n"               // 5: no blank after the number, CRLF
      "4. wA1 bG1\\{glued}\r\n"     // 6: a comment glued to the reference
      "5. bA1 wQ/x\n"               // 7: text glued to the reference
      "6. wA4 bG1\n"                // 8: a bad piece after a good number
      "7. wS1 .\n"                  // 9: a first move written with its dot
      "8. bp1 \\wm {two\nlines}\n"  // 10-11: lower case, a comment over two lines
      "9. bQ -wQ {open\n"           // 12: a comment never closed
      "10. wB1 wQ-";                // 13: no line break at the end
  auto games = parseUhpFile(text);
  REQUIRE(games.size() == 1);
  const auto& g = games[0];
  REQUIRE(g.tags.size() == 1);
  CHECK(g.tags[0].value == "a\n b");
  checkMoves(g, {{"wS1", 3, 4, "first"},
                 {"bG1\t-wS1", 4, 4, ""},
                 {"wQ wS1/", 5, 3, ""},
                 {"wA1 bG1\\", 6, 4, "glued"},
                 {"wS1 .", 9, 4, ""},
                 {"bp1 \\wm", 10, 4, "two\nlines"},
                 {"bQ -wQ", 12, 4, "open\n10. wB1 wQ-"},  // an open comment takes the rest of the text...
                 {"wB1 wQ-", 13, 5, ""}});                // ... and its line is read again
  const std::vector<UhpMove> moves = {
      mv("wS1"),     mv("bG1 -wS1"),
      mv("wQ wS1/"), mv("wA1 bG1\\"),
      mv("wS1"),     UhpMove{UhpMoveKind::Normal, pc('b', 'P'), UhpReference{pc('w', 'M'), UhpSide::NW}},
      mv("bQ -wQ"),  mv("wB1 wQ-")};
  for (std::size_t i = 0; i < moves.size(); ++i) CHECK(g.moves[i].move == moves[i]);
  REQUIRE(g.errors.size() == 3);
  checkError(g.errors[0], 7, 8, "bad reference 'wQ/x'");
  checkError(g.errors[1], 8, 4, "unknown piece 'wA4'");
  checkError(g.errors[2], 12, 11, "unrecognised text '{open\\x0A'");
}

TEST_CASE("PGN-style files: lone CR, comments before a move, and a move number past an unsigned") {
  // A lone '\r' ends a line for the grammar but not for positions; a comment
  // before a move belongs to the move before it.
  auto games = parseUhpFile(
      "12345678901. wA1\n1. wA1 bQ\r2. bA1 wA1-\r\n3. wA2 bA1- \n4. wA3 -bA1 {x} {y}\n"
      "{z} 5. wG1 wA1\\\n");
  REQUIRE(games.size() == 1);
  const auto& g = games[0];
  REQUIRE(g.moves.size() == 5);
  CHECK(g.moves[0].text == "wA1 bQ");
  CHECK(g.moves[1].pos.line == 2);
  CHECK(g.moves[1].pos.column == 14);
  CHECK(g.moves[2].text == "wA2 bA1-");  // the trailing blank is not the move's
  CHECK(g.moves[2].pos.line == 3);
  CHECK(g.moves[3].comment == "x y z");
  CHECK(g.moves[4].pos.line == 5);
  CHECK(g.moves[4].pos.column == 8);
  CHECK(g.moves[4].move == mv("wG1 wA1\\"));
  REQUIRE(g.errors.size() == 1);
  checkError(g.errors[0], 1, 1, "unrecognised text '12345678901. wA1\\x0A'");
}

TEST_CASE("a tag value holding line breaks is written on one line, and the file reads back") {
  // Found by fuzz_sgf: a BoardSpace property spanning lines became a tag whose
  // written PGN no longer read (the line break ended the tag).
  const std::string sgf =
      "(;\nGM[27]SU[hive]GN[first\r\nsecond]\nP0[id \"a\"]\nP1[id \"b\"]\n"
      "; P0[0 Start P0]\n; P0[1 dropb wS1 N 13 .]\n; P0[2 done]\n)\n";
  const auto boardspace = parseSgf(sgf);
  REQUIRE(boardspace.size() == 1);
  REQUIRE(boardspace[0].tag("GN"));
  REQUIRE(*boardspace[0].tag("GN") == "first\r\nsecond");
  Game<UhpMove> game;
  game.tags = boardspace[0].tags;
  game.moves.push_back({mv("wS1"), "wS1", {}, {}});
  const std::string written = writePgn(game);
  CHECK(written.find("[GN \"first second\"]\n") != std::string::npos);
  const auto again = parseUhpFile(written);
  REQUIRE(again.size() == 1);
  CHECK(again[0].errors.empty());
  CHECK(again[0].tags.size() == game.tags.size());
  CHECK(again[0].moves.size() == 1);
}

TEST_CASE("a tag name starting with a digit is written and read back") {
  // Found by fuzz_sgf: a property named `0P` became a tag the UHP file grammar
  // refused (it wanted a letter first, while every other tag reader takes a digit),
  // so the written game did not read.
  const std::string sgf =
      "(;\nGM[27]SU[hive]\nP0[id \"a\"]\nP1[id \"b\"]\n0P[25 pickb J 9 wB1]\n"
      "; P0[0 Start P0]\n; P0[1 dropb wS1 N 13 .]\n; P0[2 done]\n)\n";
  const auto boardspace = parseSgf(sgf);
  REQUIRE(boardspace.size() == 1);
  Game<UhpMove> game;
  game.tags = boardspace[0].tags;
  game.moves.push_back({mv("wS1"), "wS1", {}, {}});
  const std::string written = writePgn(game);
  CHECK(written.find("[0P \"25 pickb J 9 wB1\"]\n") != std::string::npos);
  const auto again = parseUhpFile(written);
  REQUIRE(again.size() == 1);
  CHECK(again[0].errors.empty());
  CHECK(again[0].tags.size() == game.tags.size());
  CHECK(again[0].moves.size() == 1);
}
