// The 37 cells within three steps of a cell, one bit each of a 64-bit mask: a
// Spider's, a Ladybug's, a Beetle's, a thrown piece's destinations (and a
// Grasshopper's shorter hops) all lie there, so such a mask deduplicates them.
#pragma once
#include <array>
#include <cstdint>

#include "engine/walks.hpp"

namespace apiary {

// For each index difference (c - from) mod kCells, c's bit (0 beyond), and back
// from a bit to its difference.
struct NearCells {
  std::array<uint64_t, kCells> bit{};
  std::array<uint16_t, 64> difference{};
};
inline constexpr NearCells kNear = [] {
  NearCells t{};
  int next = 0;
  for (int difference = 0; difference < kCells; ++difference)
    if (walks::kStepsApart[std::size_t(difference)] <= 3) {
      t.bit[std::size_t(difference)] = uint64_t(1) << next;
      t.difference[std::size_t(next++)] = uint16_t(difference);
    }
  return t;
}();

inline uint64_t nearBit(Cell c, Cell from) { return kNear.bit[std::size_t((c - from) & (kCells - 1))]; }
inline Cell nearCell(int bit, Cell from) { return Cell((from + kNear.difference[std::size_t(bit)]) & (kCells - 1)); }

// The bits set in a mask of few: a portable build has no POPCNT instruction, and
// std::popcount is then a library call (and a branch-free count of all 64 bits
// costs more on these masks: tried).
inline int fewBits(uint64_t mask) {
  int n = 0;
  for (; mask; mask &= mask - 1) ++n;
  return n;
}

}  // namespace apiary
