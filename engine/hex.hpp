// Cells of the hex grid. The board is a 32x32 torus indexed q + 32 r (mod 1024), so
// a neighbour is one addition and a mask. Two distinct cells of the same index are at
// least 32 steps apart, while a hive of 28 pieces and the cells around it span at
// most 29, so the torus never aliases. True axial coordinates are kept per piece by the
// board (Board::axialOf in board.hpp), never derived from the index alone.
#pragma once
#include <array>
#include <cstdint>

namespace apiary {

using Cell = uint16_t;
inline constexpr int kCellBits = 10;
inline constexpr int kCells = 1 << kCellBits;
inline constexpr Cell kNoCell = 0xFFFF;
inline constexpr Cell kOrigin = 0;  // where the first piece of every game goes

// Directions in clockwise order on screen (pointy-top hexes, r grows downwards).
enum Dir : uint8_t { E, SE, SW, W, NW, NE };
inline constexpr int kDirs = 6;
inline constexpr std::array<int, kDirs> kDq = {1, 0, -1, -1, 0, 1};
inline constexpr std::array<int, kDirs> kDr = {0, 1, 1, 0, -1, -1};
inline constexpr std::array<int, kDirs> kDirOffset = {1, 32, 31, -1, -32, -31};

constexpr Cell neighbor(Cell c, int dir) { return Cell((c + kDirOffset[dir]) & (kCells - 1)); }
constexpr int clockwise(int dir, int steps = 1) { return (dir + steps) % kDirs; }
constexpr int opposite(int dir) { return (dir + 3) % kDirs; }

// The direction of a step by its index difference (b - a) mod kCells, or -1 when a
// and b are not neighbours: directionTo in one lookup, for the hot paths.
inline constexpr std::array<int8_t, kCells> kDirOfStep = [] {
  std::array<int8_t, kCells> t{};
  t.fill(-1);
  for (int d = 0; d < kDirs; ++d) t[kDirOffset[d] & (kCells - 1)] = int8_t(d);
  return t;
}();

// The direction from a to its neighbour b, or -1 when they are not adjacent (or
// either is kNoCell).
constexpr int directionTo(Cell a, Cell b) {
  if (a >= kCells || b >= kCells) return -1;
  return kDirOfStep[(b - a) & (kCells - 1)];
}

// The cell at axial offset (dq, dr) from c.
constexpr Cell offsetCell(Cell c, int dq, int dr) { return Cell((c + dq + 32 * dr) & (kCells - 1)); }

// True axial coordinates relative to the first piece of the game (which stands at
// kOrigin): q to the right, r down-right. The torus index of (q, r) is offsetCell.
struct Axial {
  int32_t q = 0;
  int32_t r = 0;
  constexpr bool operator==(const Axial&) const = default;
  constexpr Axial operator+(const Axial& o) const { return {q + o.q, r + o.r}; }
  constexpr Axial operator-(const Axial& o) const { return {q - o.q, r - o.r}; }
};
constexpr Axial step(Axial a, int dir) { return {a.q + kDq[dir], a.r + kDr[dir]}; }
constexpr Cell cellAt(Axial a) { return offsetCell(kOrigin, a.q, a.r); }

// A set of cells: 1024 bits. Trivial on purpose (movegen keeps 28 of them and clears
// only those it uses), so write `CellSet s{}` for an empty set.
struct CellSet {
  std::array<uint64_t, kCells / 64> words;
  bool has(Cell c) const { return (words[c >> 6] >> (c & 63)) & 1; }
  void add(Cell c) { words[c >> 6] |= uint64_t(1) << (c & 63); }
  void remove(Cell c) { words[c >> 6] &= ~(uint64_t(1) << (c & 63)); }
  void clear() { words.fill(0); }
  int count() const;
  template <class F>
  void forEach(F&& f) const {
    for (int w = 0; w < int(words.size()); ++w)
      for (uint64_t bits = words[w]; bits; bits &= bits - 1) f(Cell(w * 64 + __builtin_ctzll(bits)));
  }
};

inline int CellSet::count() const {
  int n = 0;
  for (uint64_t w : words) n += __builtin_popcountll(w);
  return n;
}

}  // namespace apiary
