#include "features/slide_components.hpp"

#include <bit>

#include "engine/walks.hpp"

namespace apiary {

namespace {

// For each direction d, the directions from X's neighbour in d to the neighbours
// of X beside it (d - 1 and d + 1): those slides run along X, the rest lead away.
inline constexpr std::array<uint8_t, kDirs> kAlongX = [] {
  std::array<uint8_t, kDirs> t{};
  for (int d = 0; d < kDirs; ++d)
    for (const int side : {clockwise(d, 1), clockwise(d, 5)})
      t[std::size_t(d)] |= uint8_t(1u << kDirOfStep[(kDirOffset[side] - kDirOffset[d]) & (kCells - 1)]);
  return t;
}();

// The neighbours (a bit a direction) in the same part of the lifted board's slide
// graph as some of `seed`, joined by slides between neighbours: d and d + 1 are
// joined when both are empty and the other cell they share is occupied (X, their
// other shared cell, is empty once lifted).
unsigned alongRing(unsigned seed, unsigned joined) {
  for (unsigned grown = seed;; seed = grown) {
    const unsigned right = seed & joined, left = seed & (joined << 1 | joined >> 5);
    grown |= (right << 1 | right >> 5) | (left >> 1 | left << 5);
    grown &= Board::kAllAround;
    if (grown == seed) return seed;
  }
}

}  // namespace

uint16_t SlideComponents::componentOfEmpty(Cell c) {
  if (labelled_.has(c)) return label_[c];
  const uint16_t k = components_++;
  uint16_t size = 1;
  labelled_.add(c);
  label_[c] = k;
  walks::slideFlood(LiftedBoard(board_), c, labelled_, [&](Cell reached) {
    label_[reached] = k;
    ++size;
    return false;
  });
  size_[k] = size;
  return k;
}

std::optional<AntReach> SlideComponents::antFrom(Cell from) {
  if (board_.height(from) != 1) return std::nullopt;
  const unsigned around = board_.occupiedAround(from);
  const unsigned emptyRing = ~around & Board::kAllAround;
  unsigned joined = 0;  // bit d: d and d + 1 slide into each other
  for (unsigned both = emptyRing & (emptyRing >> 1 | emptyRing << 5); both; both &= both - 1) {
    const int d = std::countr_zero(both);
    joined |= unsigned(board_.occupied(neighbor(neighbor(from, d), clockwise(d, 1)))) << d;
  }
  AntReach out;
  out.from = from;
  out.components = this;
  out.ring = uint8_t(alongRing(walks::kGroundSlides[around], joined));
  out.count = std::popcount(unsigned(out.ring));
  // Per component of the neighbours: reached whole, not at all, or unknown.
  std::array<uint16_t, kDirs> labels;
  for (unsigned rest = emptyRing; rest; rest &= rest - 1) {
    const int d = std::countr_zero(rest);
    labels[std::size_t(d)] = componentOfEmpty(neighbor(from, d));
  }
  unsigned left = emptyRing;
  while (left) {
    const uint16_t k = labels[std::size_t(std::countr_zero(left))];
    unsigned members = 0, anchored = 0;
    for (unsigned rest = left; rest; rest &= rest - 1) {
      const int d = std::countr_zero(rest);
      if (labels[std::size_t(d)] != k) continue;
      members |= 1u << d;
      const Cell c = neighbor(from, d);
      if (walks::kGroundSlides[board_.occupiedAround(c)] & ~kAlongX[std::size_t(d)]) anchored |= 1u << d;
    }
    left &= ~members;
    if (!(anchored & out.ring)) continue;
    if (anchored & ~out.ring) return std::nullopt;
    out.full[std::size_t(out.fullCount++)] = k;
    out.count += size_[k] - std::popcount(members);
  }
  return out;
}

}  // namespace apiary
