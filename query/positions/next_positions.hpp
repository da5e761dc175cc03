// The positions one move away from a position, as the index labels them: every
// legal move is played and the result's canonical hash taken (from CanonicalBoard,
// move by move, without writing keys: an explore asks for every legal move), and
// moves that lead to the same canonical position (moves to symmetric twins) are one
// next position, shown by the first of them. Moves are generated on the position
// with every expansion and no restriction that depends on how it was reached (game
// type, tournament opening rule, the piece that moved last), so that every move
// some game of the database played from it is among them.
#pragma once
#include <vector>

#include "engine/board.hpp"
#include "engine/canonical.hpp"
#include "index/keys.hpp"

namespace apiary::query {

struct NextPosition {
  Move move;                     // on NextPositions::board, in the position's own coordinates
  index::PositionHash hash = 0;  // of the canonical key
};

struct NextPositions {
  Board board;                     // the position, set up without restrictions
  index::PositionHash hash = 0;    // the position's own (its canonical key's)
  std::vector<NextPosition> next;  // in move generation order, a pass last
};

NextPositions nextPositions(const Board& position);

// The position set up again with every expansion, archive rules and no last-moved
// piece, in the same coordinates and piece identities.
Board unrestricted(const Board& position);

}  // namespace apiary::query
