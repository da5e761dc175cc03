#include "engine/placement_cells.hpp"

#include "engine/near_cells.hpp"

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
                         occupiedWords >> (kWords - 1)) & ((1u << kWords) - 1);
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

// Whose placement cell c is now, against what was kept.
void PlacementTrack::restate(const Board& board, Cell c) {
  const bool white = toppedAround_[0][c], black = toppedAround_[1][c];
  const uint8_t now = board.occupied(c) ? 0 : uint8_t(white != black ? 1 + black : 0);
  const uint8_t was = placeable_[c];
  if (now == was) return;
  if (was) --cells_[was - 1u];
  if (now) ++cells_[now - 1u];
  placeable_[c] = now;
}

// The top of c was of colour `before` and is of `now` (-1: none).
void PlacementTrack::retopped(const Board& board, Cell c, int before, int now) {
  restate(board, c);
  if (before == now) return;
  for (int d = 0; d < kDirs; ++d) {
    const Cell n = neighbor(c, d);
    if (before >= 0) --toppedAround_[std::size_t(before)][n];
    if (now >= 0) ++toppedAround_[std::size_t(now)][n];
    restate(board, n);
  }
}

std::array<int, 2> PlacementTrack::played(const Board& after, const Move& m) {
  if (m.isPass()) return cells_;
  const auto colourOf = [](PieceId p) { return p == kNoPiece ? -1 : int(colorOf(p)); };
  if (m.from != kNoCell) retopped(after, m.from, colourOf(m.piece), colourOf(after.top(m.from)));
  retopped(after, m.to, colourOf(after.under(m.piece)), colourOf(m.piece));
  return cells_;
}

}  // namespace apiary
