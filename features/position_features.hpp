// Numbers that describe a position for pattern search, each for one colour: how
// many neighbours its Queen has, how many of its pieces are pinned (alone in their
// cell and holding the hive together), in its hand, standing on the hive, and its
// legal moves.
#pragma once
#include "engine/board.hpp"

namespace apiary {

// Occupied cells around the colour's Queen; 0 while she is in hand.
int queenNeighbours(const Board& board, Color color);
// The colour's pieces that cannot move without breaking the hive, from a mask of
// pinned pieces (pinnedPieces(board), computed once for both colours).
int pinnedOf(uint32_t pinned, Color color);
// The colour's pieces of this game type not yet on the board.
int inHand(const Board& board, Color color);
// The colour's pieces standing on another piece.
int onTop(const Board& board, Color color);
// The colour's legal moves (a forced pass is one): for the side to move, its moves;
// for the other, the moves it would have were it its turn in this very position (no
// piece barred for having just moved). 0 for both once the game is over. Counted by
// the generator on a board set up again: the reference for countMobility
// (features/mobility.hpp), which pattern search and ingest use.
int mobility(const Board& board, Color color);

}  // namespace apiary
