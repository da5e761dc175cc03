// The algebraic notation's syntax: columns, the seed's examples in every form, the
// compressed form's splitting, writers, files and errors.
#include "grammar/algebraic.hpp"

#include <catch2/catch.hpp>

#include "grammar/random_texts.hpp"

using namespace apiary::grammar;
using namespace apiary::grammar::algebraic;

namespace {

Move moveOf(std::string_view text) {
  auto m = parseMove(text);
  INFO(text);
  REQUIRE(m);
  return *m;
}

Cell cell(int q, int r) { return {q, r}; }
Cell column(int q) { return {q, std::nullopt}; }
Cell row(int r) { return {std::nullopt, r}; }
const Piece wA{'w', 'A'}, wG{'w', 'G'}, wB{'w', 'B'}, bB{'b', 'B'}, bM{'b', 'M'}, bG{'b', 'G'}, wP{'w', 'P'};
// Columns by name, for readable expectations.
int q(std::string_view name) { return columnToQ(name).value(); }

}  // namespace

TEST_CASE("column names and axial q") {
  CHECK(columnToQ("m") == 0);
  CHECK(columnToQ("n") == 1);
  CHECK(columnToQ("l") == -1);
  CHECK(columnToQ("z") == 13);
  CHECK(columnToQ("aa") == 14);
  CHECK(columnToQ("bb") == 15);
  CHECK(columnToQ("a") == -12);
  CHECK(columnToQ("zz") == -13);
  CHECK(columnToQ("yy") == -14);
  CHECK(columnToQ("mm") == 26);
  CHECK(columnToQ("nn") == -25);
  for (const char* bad : {"", "ab", "aaa", "A", "1", "m1", "-"}) CHECK_FALSE(columnToQ(bad));
  for (int v = -25; v <= 26; ++v) CHECK(columnToQ(qToColumn(v)) == v);
  // Past the range the names repeat every 52 columns.
  for (int v = -200; v <= 200; ++v) {
    const int back = *columnToQ(qToColumn(v));
    CHECK((v - back) % 52 == 0);
  }
  CHECK(qToColumn(40) == "a");
  CHECK(qToColumn(39) == "zz");
  CHECK(qToColumn(-38) == "aa");
}

TEST_CASE("the seed's examples") {
  SECTION("placements, with and without @") {
    const Move at = moveOf("wG @m0");
    CHECK(at.piece == wG);
    CHECK(at.placement);
    CHECK_FALSE(at.from);
    CHECK(at.to == cell(0, 0));
    const Move bare = moveOf("wG m0");
    CHECK_FALSE(bare.placement);
    CHECK(bare.to == cell(0, 0));
    CHECK(moveOf("wA @m-1").to == cell(0, -1));
    CHECK(moveOf("bG @o0").to == cell(2, 0));
    CHECK(moveOf("bG o0").piece == bG);
  }
  SECTION("move 7: long, short and compressed") {
    const Move full = moveOf("wA m-1 n+2");
    CHECK(full.piece == wA);
    CHECK(full.from == cell(0, -1));
    CHECK(full.to == cell(1, 2));
    CHECK(moveOf("wA m-1 n2") == full);
    const Move shortForm = moveOf("wA m n2");
    CHECK(shortForm.from == column(0));
    CHECK(shortForm.to == cell(1, 2));
    CHECK(moveOf("wAmn2") == shortForm);
    CHECK(moveOf("wAm-1n+2") == full);
  }
  SECTION("moves 15, 22 and 70") {
    CHECK(moveOf("wB o2 o1") == Move{false, wB, false, cell(2, 2), cell(2, 1), {}});
    CHECK(moveOf("wB o o1").from == column(2));
    CHECK(moveOf("bM o0 p0") == Move{false, bM, false, cell(2, 0), cell(3, 0), {}});
    CHECK(moveOf("bM p0") == Move{false, bM, false, std::nullopt, cell(3, 0), {}});
    CHECK(moveOf("bB m0 l0").from == cell(0, 0));
    CHECK(moveOf("bB m l0") == Move{false, bB, false, column(0), cell(-1, 0), {}});
    CHECK(moveOf("bB l0").to == cell(-1, 0));
  }
  SECTION("move 45: the Pillbug's power") {
    const Move full = moveOf("wG j3 k1 (wP)");
    CHECK(full.from == cell(-3, 3));
    CHECK(full.to == cell(-2, 1));
    REQUIRE(full.assist);
    CHECK(full.assist->piece == wP);
    CHECK_FALSE(full.assist->at);
    CHECK(moveOf("wG 3 k1 (wP)").from == row(3));
    const Move at = moveOf("wG 3 k1 (wP k2)");
    REQUIRE(at.assist);
    CHECK(at.assist->at == cell(-2, 2));
    CHECK(moveOf("wG3k1(wPk2)") == at);
    CHECK(moveOf("wG 3 k1(wP k2)") == at);
  }
  SECTION("colour may be left out; pass") {
    const Move a = moveOf("A m0");
    CHECK(a.piece == Piece{0, 'A'});
    CHECK(moveOf("G 3 k1 (P k2)").assist->piece == Piece{0, 'P'});
    CHECK(moveOf("pass").pass);
  }
}

TEST_CASE("how the compressed form splits its letters") {
  // Glued: the origin's column as short as possible.
  CHECK(moveOf("wAmm2") == Move{false, wA, false, column(0), cell(0, 2), {}});
  CHECK(moveOf("wAmmm2") == Move{false, wA, false, column(0), cell(q("mm"), 2), {}});
  CHECK(moveOf("wAaam2") == Move{false, wA, false, column(q("aa")), cell(0, 2), {}});
  CHECK(moveOf("wAaaaa2") == Move{false, wA, false, column(q("aa")), cell(q("aa"), 2), {}});
  CHECK(moveOf("wA-1n2").from == row(-1));
  CHECK(moveOf("wAm0").to == cell(0, 0));
  CHECK(moveOf("wA@mm2").to == cell(q("mm"), 2));
  // With a blank after the piece the words stand as written.
  CHECK(moveOf("wA mm2") == Move{false, wA, false, std::nullopt, cell(q("mm"), 2), {}});
  CHECK(moveOf("wA m m2").from == column(0));
  // A word that is no cell is still read as compressed.
  CHECK(moveOf("wA mn2").from == column(0));
  CHECK(moveOf("wA m-1n2").from == cell(0, -1));
  CHECK(moveOf("wA ab2") == Move{false, wA, false, column(-12), cell(-11, 2), {}});
}

TEST_CASE("rows up to the farthest are read, either way") {
  CHECK(moveOf("wA m1000000").to == cell(0, kFarthestRow));
  CHECK(moveOf("wA m-1000000").to == cell(0, -kFarthestRow));
}

TEST_CASE("strings that are not one move are refused") {
  for (const char* bad :
       {"",       "wA",          "wA m",      "wA 2",        "wA m n",         "xA m0",           "wX m0",
        "wa m0",  "wA m0 n1 o2", "wA m0 (wP", "wA m0 ()",    "wAabb",          "wA @m",           "wA m0 (wP k)",
        "wA m0x", "pass m0",     "wA m+ n2",  "wA m1000001", "wA o-200000000", "wA m-2147483648", "wA 1000001 n2"}) {
    INFO(bad);
    CHECK_FALSE(parseMove(bad));
  }
}

TEST_CASE("the three writers") {
  const Move full = moveOf("wA m-1 n2");
  CHECK(writeMove(full, Form::Long) == "wA m-1 n+2");
  CHECK(writeMove(full, Form::Short) == "wA m-1 n2");
  CHECK(writeMove(full, Form::Compressed) == "wAm-1n2");
  const Move pill = moveOf("wG 3 k1 (wP k2)");
  CHECK(writeMove(pill, Form::Long) == "wG +3 k+1 (wP k+2)");
  CHECK(writeMove(pill, Form::Short) == "wG 3 k1 (wP k2)");
  CHECK(writeMove(pill, Form::Compressed) == "wG3k1(wPk2)");
  CHECK(writeMove(moveOf("wA @m-1"), Form::Long) == "wA @m-1");
  CHECK(writeMove(moveOf("wA @m-1"), Form::Compressed) == "wA@m-1");
  CHECK(writeMove(moveOf("bB m l0"), Form::Compressed) == "bBml0");
  CHECK(writeMove(moveOf("A m0"), Form::Long) == "A m0");
  CHECK(writeMove(moveOf("pass"), Form::Compressed) == "pass");
  // Glued, these would read back differently: the compressed writer spaces them.
  CHECK(writeMove(moveOf("wA mm2"), Form::Compressed) == "wA mm2");
  CHECK(writeMove(moveOf("wA mm m2"), Form::Compressed) == "wA mm m2");
}

TEST_CASE("every form reads back to the move it was written from") {
  const std::vector<std::optional<Cell>> origins = {std::nullopt, column(0),     column(-12),  column(14),
                                                    column(26),   row(-1),       row(0),       row(3),
                                                    cell(0, 0),   cell(-13, -2), cell(26, 10), cell(-25, 1)};
  const std::vector<Cell> destinations = {cell(0, 0), cell(0, 2), cell(1, -1), cell(26, 0), cell(-13, 5), cell(14, -1)};
  for (const auto& from : origins)
    for (const auto& to : destinations)
      for (const bool withAssist : {false, true}) {
        Move m{false, wG, false, from, to, {}};
        if (withAssist) m.assist = Assist{wP, cell(-2, 2)};
        for (const Form form : {Form::Long, Form::Short, Form::Compressed}) {
          const auto text = writeMove(m, form);
          INFO(text);
          CHECK(parseMove(text) == m);
        }
      }
}

TEST_CASE("algebraic files") {
  const std::string file =
      "[Event \"Example\"]\n"
      "[White \"A\"]\n"
      "1. wG m0 {first}\n"
      "2. bG n0 3. wA @l1 ; white's ant\n"
      "bA o-1 wA m n2\n"
      "6... bB n0 o-1 (wP) 7. pass\n"
      "\n"
      "[Event \"Second\"]\n"
      "wGm0 bGn0\n";
  const auto games = parseGames(file);
  REQUIRE(games.size() == 2);
  const auto& g = games[0];
  CHECK(g.errors.empty());
  CHECK(*g.tag("White") == "A");
  REQUIRE(g.moves.size() == 7);
  CHECK(g.moves[0].text == "wG m0");
  CHECK(g.moves[0].comment == "first");
  CHECK(g.moves[2].text == "wA @l1");
  CHECK(g.moves[2].pos.line == 4);
  CHECK(g.moves[2].pos.column == 13);
  CHECK(g.moves[2].comment == "white's ant");
  CHECK(g.moves[4].text == "wA m n2");
  CHECK(g.moves[4].move.from == column(0));
  CHECK(g.moves[5].text == "bB n0 o-1 (wP)");
  CHECK(g.moves[6].move.pass);
  CHECK(games[1].pos.line == 8);
  CHECK(games[1].moves.size() == 2);

  for (const Form form : {Form::Long, Form::Short, Form::Compressed}) {
    const auto written = writeGame(g, form);
    const auto again = parseGames(written);
    REQUIRE(again.size() == 1);
    CHECK(again[0].errors.empty());
    CHECK(again[0].tags.size() == 2);
    REQUIRE(again[0].moves.size() == g.moves.size());
    for (std::size_t i = 0; i < g.moves.size(); ++i) {
      CHECK(again[0].moves[i].move == g.moves[i].move);
      CHECK(again[0].moves[i].comment == g.moves[i].comment);
    }
    CHECK(writeGame(again[0], form) == written);
  }
  CHECK(writeGame(g, Form::Short).rfind("[Event \"Example\"]\n[White \"A\"]\n\n1. wG m0 {first}\n2. bG n0\n", 0) == 0);
}

TEST_CASE("a sink gets each game whole, in order, and a game starts with nothing of the one before") {
  // The sink reads each game without taking it, so the reader reuses its storage:
  // the second game must not see the first one's tags, comments or errors.
  const std::string text =
      "[Event \"One\"]\n"
      "[Round \"1\"]\n"
      "1. wG m0 {first}\n"
      "2. bG n0 3. wQ @zz\n"
      "[Event \"Two\"]\n"
      "1. wA m0\n"
      "2. bA n0 ; late\n"
      "3. wQ @l1\n";
  struct Seen {
    std::size_t tags, moves, errors;
    int line;
    std::vector<std::string> comments;
  };
  std::vector<Seen> seen;
  parseGames(text, [&](Game<Move>&& g) {
    Seen s{g.tags.size(), g.moves.size(), g.errors.size(), g.pos.line, {}};
    for (const auto& m : g.moves) s.comments.push_back(m.comment);
    seen.push_back(std::move(s));
  });
  REQUIRE(seen.size() == 2);
  CHECK(seen[0].tags == 2);
  CHECK(seen[0].moves == 2);
  CHECK(seen[0].errors == 1);
  CHECK(seen[0].comments == std::vector<std::string>{"first", ""});
  CHECK(seen[1].line == 5);
  CHECK(seen[1].tags == 1);
  CHECK(seen[1].moves == 3);
  CHECK(seen[1].errors == 0);
  CHECK(seen[1].comments == std::vector<std::string>{"", "late", ""});
  const auto games = parseGames(text);
  REQUIRE(games.size() == 2);
  CHECK(*games[1].tag("Event") == "Two");
  CHECK(games[1].moves[2].move.placement);
}

TEST_CASE("malformed algebraic input gives positioned errors") {
  const auto games = parseGames(
      "1. wG m0\n"
      "2. bG n0 3. wQ @zz\n"
      "[Broken \"tag\"\n"
      "4. bQ o0 {unclosed\n"
      "5. wA l1\n");
  REQUIRE(games.size() == 1);
  const auto& errors = games[0].errors;
  REQUIRE(errors.size() == 3);
  CHECK(errors[0].line == 2);
  CHECK(errors[0].column == 13);
  CHECK(errors[0].message.find("wQ") != std::string::npos);
  CHECK(errors[1].line == 3);
  CHECK(errors[1].column == 1);
  CHECK(errors[2].line == 4);
  CHECK(errors[2].column == 10);
  REQUIRE(games[0].moves.size() == 4);
  CHECK(games[0].moves[3].text == "wA l1");
  for (const char* junk : {"(", "@", "wA (", "\xff\xfe", "1.", "99999999999 wA m0", "wA m99999999999"})
    CHECK_NOTHROW(parseGames(junk));
}

TEST_CASE("random text: no throw, positioned errors, every move reads back") {
  // Pieces and cells come often, so that many random texts hold moves.
  const std::vector<std::string> alphabet = {"wA", "bG",  "P",  " ",   " ",  " m0", " n-1", "m",    "n",
                                             "aa", "zz",  "mm", "0",   "-1", "+2",  "3",    "@",    "(",
                                             ")",  "1. ", "\n", "{c}", ";",  "[",   "]",    "pass", "\xff"};
  apiary::test::forRandomTexts(alphabet, 5, "", [](const std::string& text) {
    std::vector<Game<Move>> games;
    REQUIRE_NOTHROW(games = parseGames(text));
    for (const auto& g : games) {
      for (const auto& e : g.errors) CHECK((e.line >= 1 && e.column >= 1));
      for (const auto& m : g.moves)
        for (const Form form : {Form::Long, Form::Short, Form::Compressed})
          CHECK(parseMove(writeMove(m.move, form)) == m.move);
    }
  });
}

TEST_CASE("a numbered move line reads as the move alone does") {
  // The usual line `N. move` has its own fast reading (algebraic_usual.hpp); it
  // must give what the general grammar (parseMove) gives, and leave to the general
  // reading every line it does not take, with the same result.
  for (const std::string move :
       {"wG m0",    "wG @m0",  "wA @ m-1", "wA m-1 n+2", "wA m n2", "wA\tm\t n2",    "wAmn2",     "wAm-1n+2",
        "wA1n2",    "wA-1n2",  "wAmm2",    "wAmmm2",     "wA mm2",  "wA mmm2",       "wA m1n2",   "bQ aa0",
        "wB zz-13", "wBzzzz3", "Q m0",     "pass",       "bS nn+0", "wA m000000007", "wA m+0 n-0"}) {
    INFO(move);
    const Move alone = moveOf(move);
    for (const std::string& line : {"7. " + move, "7." + move + "  ", "  12... " + move, "123456789. " + move}) {
      INFO(line);
      const auto games = parseGames(line + "\n");
      REQUIRE(games.size() == 1);
      CHECK(games[0].errors.empty());
      REQUIRE(games[0].moves.size() == 1);
      CHECK(games[0].moves[0].move == alone);
      CHECK(games[0].moves[0].text == move);
      CHECK(games[0].moves[0].pos.column == static_cast<int>(line.find(move)) + 1);
    }
  }
  // Numbers and rows longer than the fast reading takes are the general grammar's:
  // a number uint_ cannot hold makes the line bad; so does a row past the farthest.
  const auto games =
      parseGames("1234567890. wA m0\n12345678901. wA m0\n1. wA m1000000\n2. wA m1000001\n3. wA m2147483648\n");
  REQUIRE(games.size() == 1);
  REQUIRE(games[0].moves.size() == 2);
  CHECK(games[0].moves[0].move.to.r == 0);
  CHECK(games[0].moves[1].move.to.r == kFarthestRow);
  REQUIRE(games[0].errors.size() == 3);
  CHECK(games[0].errors[0].line == 2);
  CHECK(games[0].errors[0].column == 1);
  for (int i : {1, 2}) {
    CHECK(games[0].errors[i].line == 3 + i);
    CHECK(games[0].errors[i].column == 4);
  }
}
