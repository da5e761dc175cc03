// The empty cells around the hive that slide into each other, in components: one
// flood of the board answers every Ant (and Mosquito copying one) of both colours.
//
// Lifting an Ant from X changes the slide graph only between X's six neighbours
// and X (a slide whose flank or end is X): the rest stays as the flood found it.
// Cutting those edges can split a component, but every piece keeps a neighbour of
// X; a neighbour with a slide outward ("anchored") is in a piece with cells beyond
// the neighbourhood, one without is a piece alone. So the Ant reaches the
// neighbours linked to X by the slides of the lifted board, plus every component
// all of whose anchored neighbours of X it reaches. When it reaches some of a
// component's anchored neighbours and not others, whether their pieces still join
// is not known locally: the caller searches instead.
#pragma once
#include <array>
#include <cstdint>
#include <optional>

#include "engine/board.hpp"

namespace apiary {

// Where an Ant lifted from `from` slides to.
struct AntReach {
  Cell from = kNoCell;
  int count = 0;                       // destinations
  uint8_t ring = 0;                    // the neighbours of `from` it reaches, a bit a direction
  std::array<uint16_t, kDirs> full{};  // the components it reaches whole (their labels)
  int fullCount = 0;
  const class SlideComponents* components = nullptr;

  bool has(Cell c) const;
};

class SlideComponents {
 public:
  explicit SlideComponents(const Board& board) : board_(board) {}

  // The Ant's destinations from `from` (its piece alone in the cell), or nothing
  // when the neighbourhood cannot tell them (search instead). Floods the
  // components around `from` not flooded yet.
  std::optional<AntReach> antFrom(Cell from);

  // The component of an empty cell touching the hive, once flooded (kNone: not
  // flooded, or not such a cell).
  static constexpr uint16_t kNone = 0xFFFF;
  uint16_t componentOf(Cell c) const { return labelled_.has(c) ? label_[c] : kNone; }

 private:
  uint16_t componentOfEmpty(Cell c);  // flooded now if not yet

  const Board& board_;
  uint16_t components_ = 0;
  CellSet labelled_{};
  std::array<uint16_t, kCells> label_;  // read only where labelled_
  std::array<uint16_t, kCells> size_;   // by component
};

inline bool AntReach::has(Cell c) const {
  if (c == from) return false;
  if (const int d = kDirOfStep[(c - from) & (kCells - 1)]; d >= 0) return (ring >> d) & 1;
  const uint16_t k = components->componentOf(c);
  for (int i = 0; i < fullCount; ++i)
    if (full[std::size_t(i)] == k) return true;
  return false;
}

}  // namespace apiary
