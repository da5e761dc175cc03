// Moves from one position written in the notation the user reads, in the user's
// orientation: the moves come from the user's own board, so only the spelling is
// chosen here. The direction-based and algebraic notations orient themselves by
// the game's first moves, so a position given with its history is written in the
// frame that history (and the move itself, when it is the one that fixes the
// mirror image) sets; a set-up position is written in its own coordinates.
#pragma once
#include <string>
#include <string_view>

#include "engine/board.hpp"
#include "notation/notation_table.hpp"

namespace apiary::notation {

class MoveNotation {
 public:
  // `position` is the user's board, with its history when it has one. A notation
  // that writes no single moves (fen) writes them in UHP, as the API's `uhp`
  // fields do.
  MoveNotation(const Notation& notation, const Board& position);
  // A move legal on `board`, which is `position` set up again (next_positions.hpp).
  std::string write(const Board& board, const Move& move) const;

 private:
  MoveWriter writer_;
  Board position_;
};

}  // namespace apiary::notation
