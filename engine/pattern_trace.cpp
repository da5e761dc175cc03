#include "engine/pattern_trace.hpp"

#include <bit>

namespace apiary {

// The contacts of the top of `cell` with its neighbours' tops and with the piece
// right under it: only the cells a move changed can bring new ones.
void PatternTrace::touch(const Board& board, Cell cell) {
  if (!board.occupied(cell)) return;
  const PieceId top = board.top(cell);
  for (unsigned around = board.occupiedAround(cell); around; around &= around - 1) {
    const PieceId other = board.top(neighbor(cell, std::countr_zero(around)));
    contacts_.add(Contacts::adjacentBit(bugOf(top), bugOf(other), colorOf(top) != colorOf(other)));
  }
  if (const PieceId below = board.under(top); below != kNoPiece)
    contacts_.add(Contacts::stackedBit(bugOf(top), bugOf(below), colorOf(top) != colorOf(below)));
}

void PatternTrace::played(const Board& after, const Move& m) {
  if (!m.isPass()) {
    const bool climbed = after.under(m.piece) != kNoPiece;
    onTop_[int(colorOf(m.piece))] += int(climbed) - int(climbed_[m.piece]);
    climbed_[m.piece] = climbed;
    touch(after, after.cellOf(m.piece));
    if (!m.isPlacement()) touch(after, m.from);
  }
  uint32_t bits = uint32_t(m.isPlacement()) << 10;
  const uint32_t pinned = pinned_.played(after, m);
  for (Color c : {Color::White, Color::Black}) {
    const PieceId queen = pieceId(c, Bug::Queen);  // position_features' queenNeighbours, inline
    if (after.onBoard(queen)) bits |= uint32_t(after.occupiedNeighbors(after.cellOf(queen))) << (3 * int(c));
    bits |= unsigned(onTop_[int(c)]) << (6 + 2 * int(c));  // only Beetles and a Mosquito climb: at most 3
    bits |= uint32_t(pieceCount(pinned & colorMask(c))) << (11 + 4 * int(c));
  }
  plies_.push_back({bits});
}

}  // namespace apiary
