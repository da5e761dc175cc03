#include "features/placement_cells.hpp"

namespace apiary {

namespace {

constexpr int kWords = kCells / 64;

// Word i of the cells next to one of `s`: the six offsets (kDirOffset: 1, 32 and
// 31 each way) are under a word, so a cell moves within its word or into the next.
uint64_t aroundWord(const CellSet& s, int i) {
  static_assert(kDirOffset[0] == 1 && kDirOffset[1] == 32 && kDirOffset[2] == 31 && kDirOffset[3] == -1 &&
                kDirOffset[4] == -32 && kDirOffset[5] == -31);
  const uint64_t here = s.words[std::size_t(i)];
  const uint64_t before = s.words[std::size_t((i - 1) & (kWords - 1))];
  const uint64_t after = s.words[std::size_t((i + 1) & (kWords - 1))];
  const uint64_t up = here << 1 | before >> 63 | here << 32 | before >> 32 | here << 31 | before >> 33;
  const uint64_t down = here >> 1 | after << 63 | here >> 32 | after << 32 | here >> 31 | after << 33;
  return up | down;
}

// The bits set in a word of few: a portable build has no POPCNT instruction.
int fewBits(uint64_t w) {
  int n = 0;
  for (; w; w &= w - 1) ++n;
  return n;
}

}  // namespace

std::array<int, 2> placementCells(const Board& board) {
  std::array<CellSet, 2> tops{};
  for (uint32_t left = board.piecesOnBoard(); left; left &= left - 1) {
    const PieceId p = PieceId(std::countr_zero(left));
    if (board.isTop(p)) tops[std::size_t(colorOf(p))].add(board.cellOf(p));
  }
  // A neighbour is at most 33 cells away: only the words next to an occupied one.
  unsigned occupiedWords = 0;
  for (int i = 0; i < kWords; ++i) occupiedWords |= unsigned((tops[0].words[i] | tops[1].words[i]) != 0) << i;
  const unsigned near = (occupiedWords | occupiedWords << 1 | occupiedWords >> 1 | occupiedWords << (kWords - 1) |
                         occupiedWords >> (kWords - 1)) &
                        ((1u << kWords) - 1);
  std::array<int, 2> cells{};
  for (unsigned words = near; words; words &= words - 1) {
    const int i = std::countr_zero(words);
    const uint64_t empty = ~(tops[0].words[i] | tops[1].words[i]);
    const uint64_t white = aroundWord(tops[0], i), black = aroundWord(tops[1], i);
    cells[0] += fewBits(white & ~black & empty);
    cells[1] += fewBits(black & ~white & empty);
  }
  return cells;
}

}  // namespace apiary
