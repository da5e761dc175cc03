#include "notation/move_notation.hpp"

#include "notation/notation_table.hpp"

namespace apiary::notation {

MoveNotation::MoveNotation(const Notation& notation, const Board& position)
    : writer_(notation.writeMove ? notation.writeMove : uhpNotation().writeMove), position_(position) {}

std::string MoveNotation::write(const Board& board, const Move& move) const { return writer_(position_, board, move); }

}  // namespace apiary::notation
