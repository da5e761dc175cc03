// A colour's legal moves counted without listing them: the number countLegalMoves
// gives (a move is a distinct piece, from, to; a forced pass is one; none once the
// game is over), for either colour. For the side not to move it is the count it
// would have were it its turn in this very position: the turn number follows from
// the pieces on the board, and no piece is barred for having just moved (as a board
// set up with Board::fromPosition and that colour to move).
//
// The walks are walks.hpp's; what is saved is the lists: destinations that cannot
// repeat (slides, climbs, hops, the Ant's search) are counted as they come, a
// Spider's, a Ladybug's and thrown pieces' in a mask of the cells within three
// steps; placement cells on cell sets, both colours at once.
#pragma once
#include <array>
#include <climits>
#include <cstdint>

#include "engine/board.hpp"
#include "features/slide_components.hpp"

namespace apiary {

// `pinned` is pinnedPieces(board) (the same for both colours, so found once). The
// count stops once it reaches `cap`: the answer is min(moves, cap).
int countMobility(const Board& board, Color color, uint32_t pinned, int cap = INT_MAX);

// What the counts of both colours on one board share, each part found on first
// use: the slide components (every Ant's destinations), the cells each colour may
// place on, and whether any piece stands on another.
struct SharedMobility {
  explicit SharedMobility(const Board& board) : slides(board) {}
  SlideComponents slides;
  std::array<int, 2> placementCells{-1, -1};  // -1: not counted yet
  int flat = -1;                              // no stack on the board; -1: not looked at yet
};

// The same, sharing that work with the other colour's count (`shared` is of this
// board).
int countMobility(const Board& board, Color color, uint32_t pinned, SharedMobility& shared, int cap = INT_MAX);

}  // namespace apiary
