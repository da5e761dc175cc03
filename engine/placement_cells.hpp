// The empty cells each colour may place a piece on (after the second ply): every
// occupied neighbour topped by that colour. Both colours at once, on cell sets:
// each colour's tops spread to their six neighbours, the other's taken away.
#pragma once
#include <array>

#include "engine/board.hpp"

namespace apiary {

// By colour (White first).
std::array<int, 2> placementCells(const Board& board);

// The same for a board someone else plays, kept move by move: a move changes the
// tops of its two cells only, so only they and their neighbours can change whose
// placement cell they are. Kept per cell: how many neighbours each colour tops.
class PlacementTrack {
 public:
  // `after`: the board once `m` is played. Returns placementCells(after).
  std::array<int, 2> played(const Board& after, const Move& m);

 private:
  void retopped(const Board& board, Cell c, int before, int now);
  void restate(const Board& board, Cell c);
  std::array<std::array<uint8_t, kCells>, 2> toppedAround_{};  // by colour
  std::array<uint8_t, kCells> placeable_{};                      // 1 White's, 2 Black's
  std::array<int, 2> cells_{};
};

}  // namespace apiary
