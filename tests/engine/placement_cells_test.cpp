// Placement cells kept move by move against those counted afresh: following
// generated games of every game type, PlacementTrack gives at every ply what
// placementCells gives on the board, and that is the number of empty cells some
// of whose neighbours hold the colour's tops and none the other's.
#include <catch2/catch.hpp>

#include "engine/placement_cells.hpp"
#include "engine_support.hpp"

using namespace apiary;

namespace {

// The definition, cell by cell over the whole board.
std::array<int, 2> placementCellsByDefinition(const Board& board) {
  std::array<int, 2> cells{};
  for (int c = 0; c < kCells; ++c) {
    if (board.occupied(Cell(c))) continue;
    bool colours[2] = {false, false};
    for (int d = 0; d < kDirs; ++d)
      if (const Cell n = neighbor(Cell(c), d); board.occupied(n)) colours[int(colorOf(board.top(n)))] = true;
    for (int colour = 0; colour < 2; ++colour) cells[std::size_t(colour)] += colours[colour] && !colours[1 - colour];
  }
  return cells;
}

}  // namespace

TEST_CASE("placement cells kept move by move equal those counted afresh at every ply", "[movegen]") {
  int positions = 0, stacked = 0;
  PlacementTrack track;
  test::forEachGeneratedPly(4000, 20, [&](const Board& board, const Move& m) {
    if (board.ply() == 1) track = PlacementTrack();
    const std::array<int, 2> kept = track.played(board, m);
    REQUIRE(kept == placementCells(board));
    REQUIRE(kept == placementCellsByDefinition(board));
    ++positions;
    stacked += !m.isPass() && board.under(m.piece) != kNoPiece;
  });
  CHECK(positions > 10000);
  CHECK(stacked > 100);  // moves onto the hive and off it change tops too
}
