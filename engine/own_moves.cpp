#include "engine/own_moves.hpp"

#include <bit>

namespace apiary {

namespace {

// Reaches, a bit each, of the index difference (changed cell - piece's cell).
enum Reach : uint8_t { kAround = 1, kThreeSteps = 2, kLines = 4 };

inline constexpr std::array<uint8_t, kCells> kReachOf = [] {
  std::array<uint8_t, kCells> t{};
  for (int difference = 0; difference < kCells; ++difference) {
    const int steps = walks::kStepsApart[std::size_t(difference)];
    t[std::size_t(difference)] = uint8_t((steps <= 1 ? kAround | kLines : 0) | (steps <= 3 ? kThreeSteps : 0) |
                                         (walks::kHopDirs[std::size_t(difference)] ? kLines : 0));
  }
  return t;
}();

// By bug (Ants are never kept).
inline constexpr std::array<uint8_t, kBugs> kReachOfBug = [] {
  std::array<uint8_t, kBugs> t{};
  t[int(Bug::Queen)] = t[int(Bug::Pillbug)] = t[int(Bug::Beetle)] = kAround;
  t[int(Bug::Spider)] = t[int(Bug::Ladybug)] = kThreeSteps;
  t[int(Bug::Grasshopper)] = kLines;
  t[int(Bug::Mosquito)] = kThreeSteps | kLines;
  return t;
}();

// For each index difference, the steps along a line that lead there, as k * 8 +
// direction (1 <= k <= 28), a byte each: two along the torus's columns (k one way,
// 32 - k the other), 0 where none.
inline constexpr std::array<uint16_t, kCells> kLineSteps = [] {
  std::array<uint16_t, kCells> t{};
  for (int d = 0; d < kDirs; ++d)
    for (int k = 1; k <= kPieces; ++k) {
      uint16_t& entry = t[std::size_t((k * kDirOffset[d]) & (kCells - 1))];
      entry = uint16_t(entry << 8 | (k * 8 + d));
    }
  return t;
}();

// Whether a Grasshopper at `at` whose hops read `lines` read the cell `changed`.
bool hopsRead(uint32_t lines, Cell changed, Cell at) {
  const int difference = (changed - at) & (kCells - 1);
  if (difference == 0) return true;
  for (unsigned steps = kLineSteps[std::size_t(difference)]; steps; steps >>= 8) {
    const unsigned k = (steps & 0xFF) >> 3, d = steps & 7;
    if (k <= ((lines >> (OwnMovesMemo::kLineBits * d)) & 31)) return true;
  }
  return false;
}

}  // namespace

void OwnMovesMemo::played(const Board& after, const Move& m) {
  if (m.isPass()) return;
  known_ &= ~pieceBit(m.piece);
  throwsKnown_ &= ~pieceBit(m.piece);
  for (uint32_t left = throwsKnown_; left; left &= left - 1) {
    const PieceId p = PieceId(std::countr_zero(left));
    const Cell at = after.cellOf(p);
    if ((kReachOf[(m.to - at) & (kCells - 1)] & kAround) ||
        (m.from != kNoCell && (kReachOf[(m.from - at) & (kCells - 1)] & kAround)))
      throwsKnown_ &= ~pieceBit(p);
  }
  for (uint32_t left = known_; left; left &= left - 1) {
    const PieceId p = PieceId(std::countr_zero(left));
    const Cell at = after.cellOf(p);
    const uint8_t reach = kReachOfBug[int(bugOf(p))];
    bool touched = (kReachOf[(m.to - at) & (kCells - 1)] & reach) ||
                   (m.from != kNoCell && (kReachOf[(m.from - at) & (kCells - 1)] & reach));
    if (touched && bugOf(p) == Bug::Grasshopper)
      touched = hopsRead(moves_[p].lines, m.to, at) || (m.from != kNoCell && hopsRead(moves_[p].lines, m.from, at));
    if (touched) known_ &= ~pieceBit(p);
  }
}

}  // namespace apiary
