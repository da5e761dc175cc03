// The empty cells each colour may place a piece on (after the second ply): every
// occupied neighbour topped by that colour. Both colours at once, on cell sets:
// each colour's tops spread to their six neighbours, the other's taken away.
#pragma once
#include <array>

#include "engine/board.hpp"

namespace apiary {

// By colour (White first).
std::array<int, 2> placementCells(const Board& board);

}  // namespace apiary
