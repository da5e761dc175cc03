// Movement without the two sliding rules: what BoardSpace's engine accepted and
// what lenient reading (notation/repair.hpp) falls back on once a written move fits
// no legal move. A piece may pass a gate too narrow for it, and a sliding piece may
// step along a cell whose two shared neighbours are empty; everything else holds
// (one hive, the Queen before moving, the last moved piece, each bug's own reach).
// Placements and Pillbug throws are never relaxed. Asked only for moves that
// failed, so it is written for clarity, not speed.
#pragma once
#include <cstdint>
#include <vector>

#include "engine/board.hpp"

namespace apiary {

// Whether `move` (a movement) is legal once the gate and contact rules are dropped.
bool isLegalIgnoringSlideRules(const Board& board, const Move& move);

// The movements of `pieces` (a pieceBit mask) legal without the two rules.
std::vector<Move> movementsIgnoringSlideRules(const Board& board, uint32_t pieces);

}  // namespace apiary
