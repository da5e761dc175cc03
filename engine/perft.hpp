// Perft: the number of leaf positions of the legal-move tree, the standard proof
// that move generation is exact. The last ply is counted in bulk (moves are counted,
// not played), as the reference engines do.
#pragma once
#include <cstdint>

#include "engine/board.hpp"

namespace apiary {

uint64_t perft(Board& board, int depth);

}  // namespace apiary
