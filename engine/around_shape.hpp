// What a cell's mask of occupied neighbours (Board::occupiedAround) tells of it,
// by table: whether they hold together without the cell (the pin tests) and what
// the cell adds to the hive's holes (pinned.cpp).
#pragma once
#include <array>
#include <bit>
#include <cstdint>

#include "engine/hex.hpp"

namespace apiary {

struct AroundShape {
  // Whether they form one unbroken arc. Then they stay connected through each
  // other when the middle piece leaves, so it cannot split the hive.
  bool oneArc;
  uint8_t arcs;
  uint8_t loneGaps;  // directions of empty neighbours between two occupied ones
  // How many holes (empty regions the hive encloses) the cell closes when it joins
  // the hive: contacts - touching pairs of neighbours - 1 by Euler's formula, so
  // arcs - 1, and -1 when it fills a hole; none for a first piece, alone.
  int8_t holesMade;
  // Twice the cell's share of the holes of a whole hive: holes = 1 - cells +
  // contacts - triangles of three touching cells, each cell counting half of its
  // contacts and the two triangles below it (with its E and SE neighbours, with SE
  // and SW).
  int8_t twiceHolesShare;
};

inline constexpr std::array<AroundShape, 64> kAroundShape = [] {
  std::array<AroundShape, 64> t{};
  const auto has = [](unsigned m, int d) { return (m >> ((d + kDirs) % kDirs)) & 1; };
  for (unsigned m = 0; m < 64; ++m) {
    int starts = 0, pairs = 0;  // starts: occupied neighbours whose counter-clockwise one is empty
    unsigned lone = 0;
    for (int d = 0; d < kDirs; ++d) {
      starts += has(m, d) && !has(m, d - 1);
      pairs += has(m, d) && has(m, d + 1);
      if (!has(m, d) && has(m, d - 1) && has(m, d + 1)) lone |= 1u << d;
    }
    const int made = m == 0 ? 0 : std::popcount(m) - pairs - 1;
    const int below = (has(m, E) && has(m, SE)) + (has(m, SE) && has(m, SW));
    t[m] = {m == 63 || starts <= 1, uint8_t(starts), uint8_t(lone), int8_t(made),
            int8_t(std::popcount(m) - 2 * below - 2)};
  }
  return t;
}();

}  // namespace apiary
