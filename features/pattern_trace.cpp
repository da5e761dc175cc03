#include "features/pattern_trace.hpp"

#include <bit>

#include "features/mobility.hpp"

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

PlyFeatures PlyFeatures::emptyBoard(GameType type) {
  static const std::array<PlyFeatures, 8> kByType = [] {
    std::array<PlyFeatures, 8> t{};
    for (uint8_t e = 0; e < 8; ++e) {
      const Board empty(GameType{e}, Rules{.tournament = false});
      for (Color c : {Color::White, Color::Black})
        t[e].set(mobilityField(c), uint32_t(countMobility(empty, c, 0, kMobilityCap)));
    }
    return t;
  }();
  return kByType[type.expansions & 7];
}

void PatternTrace::played(const Board& after, const Move& m) {
  if (!m.isPass()) {
    const bool climbed = after.under(m.piece) != kNoPiece;
    onTop_[int(colorOf(m.piece))] += int(climbed) - int(climbed_[m.piece]);
    climbed_[m.piece] = climbed;
    touch(after, after.cellOf(m.piece));
    if (!m.isPlacement()) touch(after, m.from);
  }
  PlyFeatures f;
  f.set(PlyFeatures::kPlacedField, m.isPlacement());
  const uint32_t pinned = pinned_.played(after, m);
  SharedMobility shared(after);  // one flood for both colours' Ants, one pass for their placements
  for (Color c : {Color::White, Color::Black}) {
    const PieceId queen = pieceId(c, Bug::Queen);  // position_features' queenNeighbours, inline
    if (after.onBoard(queen)) f.set(PlyFeatures::queenNeighboursField(c), after.occupiedNeighbors(after.cellOf(queen)));
    f.set(PlyFeatures::onTopField(c), onTop_[int(c)]);  // only Beetles and a Mosquito climb: at most 3
    f.set(PlyFeatures::pinnedField(c), pieceCount(pinned & colorMask(c)));
    f.set(PlyFeatures::mobilityField(c), countMobility(after, c, pinned, shared, PlyFeatures::kMobilityCap));
  }
  plies_.push_back(f);
}

}  // namespace apiary
