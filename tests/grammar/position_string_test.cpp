// Hive position strings: reading the real example, exact round trips, errors.
#include <catch2/catch.hpp>

#include "grammar/position_string.hpp"

using namespace apiary::grammar;

namespace {

const char* kExample = "7a3/6A4/5M=bGlgp=B=mS/4GL1q2s/2gG=B=bP6/1aQA:7/1as8/1g9/A10";

PositionString parsed(std::string_view text) {
  auto r = parsePositionString(text);
  INFO(text);
  REQUIRE(r);
  CHECK(r.errors.empty());
  return *r.position;
}

const PositionCell* cellAt(const PositionString& p, int col, int row) {
  for (const auto& c : p.cells)
    if (c.col == col && c.row == row) return &c;
  return nullptr;
}

PositionPiece w(char bug) { return {'w', bug}; }
PositionPiece b(char bug) { return {'b', bug}; }

}  // namespace

TEST_CASE("position string: the real example reads as an 11-wide parallelogram") {
  auto p = parsed(kExample);
  CHECK(p.rows.size() == 9);
  CHECK(p.rows[2] == "5M=bGlgp=B=mS");
  CHECK(p.cells.size() == 22);
  CHECK_FALSE(p.sideToMove);
  // `M=b` is a white Mosquito under a black Beetle; `G` is a separate cell.
  REQUIRE(cellAt(p, 5, 2));
  CHECK(cellAt(p, 5, 2)->stack == std::vector{w('M'), b('B')});
  CHECK(cellAt(p, 6, 2)->stack == std::vector{w('G')});
  CHECK(cellAt(p, 7, 2)->stack == std::vector{b('L')});
  CHECK(cellAt(p, 9, 2)->stack == std::vector{b('P'), w('B'), b('M')});
  CHECK(cellAt(p, 10, 2)->stack == std::vector{w('S')});
  CHECK(cellAt(p, 3, 4)->stack == std::vector{w('G'), w('B'), b('B')});
  CHECK(cellAt(p, 4, 4)->stack == std::vector{w('P')});
  CHECK(cellAt(p, 7, 0)->stack == std::vector{b('A')});
  CHECK(cellAt(p, 0, 8)->stack == std::vector{w('A')});  // `A10`: ten empty cells after it
  CHECK(cellAt(p, 10, 3)->stack == std::vector{b('S')});
  CHECK(p.lastMoved == PositionMark{3, 5, 0});
  CHECK(cellAt(p, 3, 5)->stack == std::vector{w('A')});
  // The piece counts of a legal position: 2 queens, and so on.
  int queens = 0, beetles = 0;
  for (const auto& c : p.cells)
    for (const auto& piece : c.stack) {
      queens += piece.bug == 'Q';
      beetles += piece.bug == 'B';
    }
  CHECK(queens == 2);
  CHECK(beetles == 4);
}

TEST_CASE("position string: canonical text round-trips exactly") {
  for (const char* text : {kExample, "7a3/6A4/5M=bGlgp=B=mS/4GL1q2s/2gG=B=bP6/1aQA:7/1as8/1g9/A10 w", "Q", "q b",
                           "Qq w", "Q1/1q", "1Q/q1", "A:=b", "A=b:", "G12g", "A12/12a", "B=b=B=b=M:3/1Q1q"}) {
    auto p = parsed(text);
    CHECK(writePositionString(p) == text);
  }
}

TEST_CASE("position string: the writer takes any coordinates and finds the parallelogram") {
  PositionString p;
  p.cells = {{-4, 7, {w('Q')}}, {-2, 8, {b('Q'), w('B')}}, {-3, 7, {}}};  // the empty stack is ignored
  p.lastMoved = PositionMark{-2, 8, 1};
  p.sideToMove = 'b';
  const std::string text = writePositionString(p);
  CHECK(text == "Q2/2q=B: b");
  auto back = parsed(text);
  CHECK(back.cells.size() == 2);
  CHECK(cellAt(back, 2, 1)->stack == std::vector{b('Q'), w('B')});
  CHECK(back.lastMoved == PositionMark{2, 1, 1});
  CHECK(writePositionString(PositionString{}) == "1");  // no piece: one empty cell
}

TEST_CASE("position string: errors carry a column, never a crash") {
  struct Case {
    std::string text;
    int column;
    std::string says;
    bool readable;
  };
  const std::vector<Case> cases = {
      {"", 1, "empty", false},
      {"Q1x", 3, "unexpected", false},
      {"A/", 2, "unexpected", false},
      {"A=", 2, "unexpected", false},
      {"A==B", 2, "unexpected", false},
      {"/A", 1, "expected", false},
      {"Q w b", 5, "unexpected", false},
      {"Q\xff\xfe", 2, "unexpected", false},
      {std::string("Q\0q", 3), 2, "unexpected", false},
      {"7a3/6A5", 5, "row 2 is 12 cells wide", true},
      {"A:=b:", 5, "more than one", true},
  };
  for (const auto& c : cases) {
    INFO(c.text);
    PositionParseResult r;
    REQUIRE_NOTHROW(r = parsePositionString(c.text));
    CHECK(static_cast<bool>(r) == c.readable);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].line == 1);
    CHECK(r.errors[0].column == c.column);
    CHECK_THAT(r.errors[0].message, Catch::Contains(c.says));
  }
  const std::string text = std::string(kExample) + " w";
  for (std::size_t n = 0; n <= text.size(); ++n) REQUIRE_NOTHROW(parsePositionString(text.substr(0, n)));
}

TEST_CASE("position string: a position with no piece is written as one empty cell and reads back") {
  // Found by fuzz_position_string: `6` (six empty cells) reads as a position with
  // no piece, which was written ` w`, a text that does not read.
  for (const char* text : {"6", "3 b", "1"}) {
    INFO(text);
    auto p = parsed(text);
    CHECK(p.cells.empty());
    const std::string written = writePositionString(p);
    CHECK(written.front() == '1');
    const auto again = parsePositionString(written);
    REQUIRE(again);
    CHECK(again.errors.empty());
    CHECK(again.position->cells.empty());
    CHECK(again.position->sideToMove == p.sideToMove);
  }
}

TEST_CASE("position string: a run of empty cells wider than any hive is refused where it stands") {
  // Found by fuzz_position_string (a timeout): this row is 388,888,897 cells wide,
  // and reading and writing it walked every cell.
  const std::string text = "6B4/3ag:6/2aQl6/2maspg2A1/1S3G1AMqA/B388888888bgG2LA1/41b60 w";
  const auto wide = parsePositionString(text);
  CHECK_FALSE(wide);
  REQUIRE(wide.errors.size() == 1);
  CHECK(wide.errors[0].column == 38);
  CHECK(wide.errors[0].message == "a row wider than 64 cells: no hive spans that many");
  CHECK_FALSE(parsePositionString("Q4294967295/q").position);  // no overflow either
  CHECK(parsePositionString("Q63/64").position);               // 64 wide is allowed
  CHECK_FALSE(parsePositionString("Q64/65").position);
}
