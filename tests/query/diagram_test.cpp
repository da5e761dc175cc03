// The terminal diagram: golden files for its exact text (plain and coloured), and
// the properties those files should have, checked on their own: the hex geometry of
// offset rows, letter case by colour, stack heights, the last move's marks.
#include "query/drawing/diagram.hpp"

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <catch2/catch.hpp>
#include "positions.hpp"
#include "support.hpp"

using namespace apiary;

namespace {

// Set APIARY_UPDATE_GOLDEN=1 to rewrite the files after a deliberate change, then
// read the diff before committing it.
void checkGolden(const std::string& name, const std::string& actual) {
  const auto path = std::filesystem::path(APIARY_SOURCE_DIR) / "tests/query/golden" / name;
  if (std::getenv("APIARY_UPDATE_GOLDEN")) {
    std::ofstream(path, std::ios::binary) << actual;
    WARN("rewrote " << path);
    return;
  }
  INFO("golden file " << path);
  REQUIRE(std::filesystem::exists(path));
  CHECK(test::readFile(path) == actual);
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// Where a character stands in the board part of a plain diagram: {row, column}.
std::pair<int, int> find(const std::vector<std::string>& rows, char c) {
  std::pair<int, int> found{-1, -1};
  for (int r = 0; r < int(rows.size()); ++r)
    if (const auto col = rows[r].find(c); col != std::string::npos) {
      REQUIRE(found.first == -1);  // the letter is unique in the test's position
      found = {r, int(col)};
    }
  return found;
}

std::string withoutEscapes(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\x1b') i = text.find('m', i);
    else out += text[i];
  }
  return out;
}

query::Diagram diagramNamed(const std::string& name) {
  for (const auto& p : test::diagramPositions())
    if (p.name == name) return query::diagramOf(test::boardOf(p));
  FAIL("no position " << name);
  return {};
}

}  // namespace

TEST_CASE("plain diagrams match their golden files", "[diagram]") {
  for (const auto& p : test::diagramPositions()) {
    SECTION(p.name) { checkGolden(p.name + ".txt", query::drawText(query::diagramOf(test::boardOf(p)))); }
  }
}

TEST_CASE("coloured diagrams match their golden files", "[diagram]") {
  const auto text = query::drawText(diagramNamed("beetles"), {.color = true, .legend = true});
  CHECK(text.find("\x1b[") != std::string::npos);
  checkGolden("beetles.ansi.txt", text);
}

TEST_CASE("the six neighbours of a cell sit where offset rows put them", "[diagram]") {
  // The Queen at the origin, one piece on each side, every letter different.
  const std::vector<PlacedStack> stacks = {
      {{0, 0}, {pieceId(Color::White, Bug::Queen)}},
      {step({0, 0}, E), {pieceId(Color::White, Bug::Ant)}},
      {step({0, 0}, SE), {pieceId(Color::White, Bug::Grasshopper)}},
      {step({0, 0}, SW), {pieceId(Color::White, Bug::Spider)}},
      {step({0, 0}, W), {pieceId(Color::White, Bug::Beetle)}},
      {step({0, 0}, NW), {pieceId(Color::White, Bug::Mosquito)}},
      {step({0, 0}, NE), {pieceId(Color::White, Bug::Ladybug)}},
  };
  const Board board = Board::fromPosition(GameType::all(), {}, Color::Black, stacks);
  const auto rows = lines(query::drawText(query::diagramOf(board), {.legend = false}));
  const auto [qr, qc] = find(rows, 'Q');
  // Four columns between neighbours in a row, rows shifted by two: the doubled-width
  // layout of pointy-top hexes.
  CHECK(find(rows, 'A') == std::pair{qr, qc + 4});
  CHECK(find(rows, 'B') == std::pair{qr, qc - 4});
  CHECK(find(rows, 'G') == std::pair{qr + 1, qc + 2});
  CHECK(find(rows, 'S') == std::pair{qr + 1, qc - 2});
  CHECK(find(rows, 'M') == std::pair{qr - 1, qc - 2});
  CHECK(find(rows, 'L') == std::pair{qr - 1, qc + 2});
  // One ring of empty cells frames the hive: a row of dots above and below.
  CHECK(qr == 2);
  CHECK(rows.size() == 5);
  CHECK(rows.front().find_first_not_of(" .") == std::string::npos);
  CHECK(rows.back().find_first_not_of(" .") == std::string::npos);
}

TEST_CASE("letters are upper case for White and lower case for Black, with stack heights", "[diagram]") {
  const query::Diagram d = diagramNamed("beetles");
  const std::string text = query::drawText(d, {.legend = false});
  // wB1 on wS1 and bB1 on bQ: the tops with their heights; the last move in [ ].
  CHECK(text.find("B2") != std::string::npos);
  CHECK(text.find("[b2]") != std::string::npos);
  CHECK(text.find('Q') != std::string::npos);
  CHECK(text.find('g') != std::string::npos);
  CHECK(text.find('q') == std::string::npos);  // under the Beetle
  CHECK(text.find('S') == std::string::npos);  // under the Beetle
  // The legend says what the stacks hide.
  const std::string legend = query::drawText(d);
  CHECK(legend.find("stack wB1 on wS1\n") != std::string::npos);
  CHECK(legend.find("stack bB1 on bQ\n") != std::string::npos);
  CHECK(legend.find("ply 8, White to move; last move bB1 bQ\n") != std::string::npos);
}

TEST_CASE("the last move is marked where it went and where it came from", "[diagram]") {
  const query::Diagram moved = diagramNamed("pillbug-throw");
  REQUIRE(moved.lastTo);
  REQUIRE(moved.lastFrom);
  CHECK(moved.lastMove == "wP -bM");
  // The thrown Pillbug is White's: it stands at the destination.
  const query::DiagramStack* thrown = moved.stackAt(*moved.lastTo);
  REQUIRE(thrown);
  CHECK(pieceName(thrown->top()) == "wP");
  CHECK(moved.stackAt(*moved.lastFrom) == nullptr);
  const std::string text = query::drawText(moved, {.legend = false});
  CHECK(text.find("[P]") != std::string::npos);
  CHECK(text.find("(.)") != std::string::npos);

  // A placement has no origin; a position string knows only the piece.
  const query::Diagram placed = diagramNamed("first-move");
  CHECK(placed.lastTo);
  CHECK_FALSE(placed.lastFrom);
  CHECK(query::drawText(placed, {.legend = false}).find('(') == std::string::npos);
  const query::Diagram setUp = diagramNamed("set-up");
  REQUIRE(setUp.lastTo);
  CHECK(*setUp.lastTo == *moved.lastTo - moved.stacks.front().at + setUp.stacks.front().at);
  CHECK_FALSE(setUp.lastFrom);
  CHECK(setUp.lastMove.empty());
}

TEST_CASE("colour changes the inks, not the letters or where they stand", "[diagram]") {
  for (const auto& p : test::diagramPositions()) {
    const query::Diagram d = query::diagramOf(test::boardOf(p));
    const auto plain = lines(query::drawText(d, {.color = false, .legend = false}));
    const auto colored = lines(withoutEscapes(query::drawText(d, {.color = true, .legend = false})));
    REQUIRE(plain.size() == colored.size());
    for (std::size_t r = 0; r < plain.size(); ++r)
      for (std::size_t c = 0; c < plain[r].size(); ++c)
        if (std::isalnum(static_cast<unsigned char>(plain[r][c])) || plain[r][c] == '.') {
          INFO(p.name << " row " << r << " column " << c);
          REQUIRE(c < colored[r].size());
          CHECK(colored[r][c] == plain[r][c]);
        }
  }
}

TEST_CASE("an empty board says so", "[diagram]") {
  const query::Diagram d = diagramNamed("empty");
  CHECK(d.stacks.empty());
  CHECK(query::drawText(d, {.legend = false}) == "(empty board)\n");
}
