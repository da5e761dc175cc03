// Why a move is not legal, in the words a player would use: the rule it breaks.
#pragma once
#include <string>

#include "engine/board.hpp"

namespace apiary {

// The first rule the move breaks, or "" when it is legal.
std::string whyIllegal(const Board& board, const Move& move);

}  // namespace apiary
