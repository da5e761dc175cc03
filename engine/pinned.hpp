// Pinned pieces: those alone in their cell whose lifting would split the hive.
// A hive without holes (empty regions it encloses) is pinned exactly at the pieces
// whose occupied neighbours are not one arc: two arcs joined without the piece
// would close a ring around one of the empty cells between them. Holes are
// counted by Euler's formula; a hive with holes asks more (pinned.cpp).
#pragma once
#include <cstdint>

#include "engine/board.hpp"

namespace apiary {

// The pinned pieces of a position.
uint32_t pinnedPieces(const Board& board);

// The pinned pieces of a board someone else plays from its empty start, kept move
// by move: a move changes the neighbour masks of the cells next to the two it
// touches only, and the holes by what those cells close or open.
class PinnedTrack {
 public:
  // `after` is the board once `m` is played; its pinned pieces.
  uint32_t played(const Board& after, const Move& m);

 private:
  void refresh(const Board& after, Cell c);  // the bit of the top of c, when occupied
  uint32_t severalArcs_ = 0;                 // pieces alone in their cell whose neighbours are not one arc
  int holes_ = 0;
  uint32_t pinned_ = 0;
};

}  // namespace apiary
