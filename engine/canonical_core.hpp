// Internals of the canonical key shared by canonicalize() and CanonicalBoard (not
// for other callers): the moments that choose the candidate symmetries, and writing
// a key (or finding only its first cell, the frame offset) from a grid of row
// bitsets. See canonical.hpp for the encoding.
#pragma once
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "engine/canonical.hpp"

namespace apiary::canonical_detail {

// The splitmix64 finaliser: a bijection of 64-bit words that spreads a small code
// (or a value below 2^61, the position hash) over all 64 bits.
constexpr uint64_t mix(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// A piece's byte in the key when White is to move: (opponent's << 3) | bug. The
// other mover's bytes differ in bit 3 ("flip").
inline constexpr std::array<uint8_t, kPieces> kPieceCode = [] {
  std::array<uint8_t, kPieces> codes{};
  for (PieceId p = 0; p < kPieces; ++p) codes[p] = uint8_t((colorOf(p) == Color::Black) << 3 | int(bugOf(p)));
  return codes;
}();

// A cell's content is its height << 28 | the codes of its stack, 4 bits a level from
// the bottom; its two weights are w = mix(content) and v = mix(content ^ kOtherWeight).
// Most cells hold one piece: their weights come from a table.
inline constexpr uint64_t kOtherWeight = 0xA5A5A5A5ull;
struct Weights {
  uint64_t w, v;
};
inline constexpr std::array<Weights, 16> kSingle = [] {
  std::array<Weights, 16> s{};
  for (uint32_t code = 0; code < 16; ++code)
    s[code] = {mix(uint64_t(1) << 28 | code), mix((uint64_t(1) << 28 | code) ^ kOtherWeight)};
  return s;
}();

inline Weights weightsOfContent(uint32_t content) { return {mix(content), mix(content ^ kOtherWeight)}; }

// A piece's code at its level of a cell's content, four bits a level. Stacks over
// eight high (set-ups only: play reaches seven) fold onto the low levels, where a
// shift past 31 would be undefined; the key and the incremental board agree.
constexpr uint32_t atLevel(uint32_t code, int level) { return code << (4 * (level & 7)); }

// The weights of an occupied cell's content, flip being 8 when Black is to move.
inline Weights weightsOf(const Board& board, Cell c, uint8_t flip) {
  const int h = board.height(c);
  PieceId p = board.top(c);
  if (h == 1) return kSingle[kPieceCode[p] ^ flip];
  uint32_t content = uint32_t(h) << 28;
  for (int level = h - 1; level >= 0; --level, p = board.under(p))
    content |= atLevel(uint32_t(kPieceCode[p] ^ flip), level);
  return weightsOfContent(content);
}

// Sums over the occupied cells of both weights and of the weights times the q and
// r coordinates, all modulo 2^64 (so the result does not depend on where the
// coordinates start: translation-invariant, see candidates()).
struct Moments {
  uint64_t W = 0, V = 0, wq = 0, wr = 0, vq = 0, vr = 0;
  void add(Weights x, int32_t q, int32_t r) {
    W += x.w;
    V += x.v;
    wq += x.w * uint64_t(int64_t(q));
    wr += x.w * uint64_t(int64_t(r));
    vq += x.v * uint64_t(int64_t(q));
    vr += x.v * uint64_t(int64_t(r));
  }
  void remove(Weights x, int32_t q, int32_t r) { add({uint64_t(0) - x.w, uint64_t(0) - x.v}, q, r); }
};

// Symmetry i writes cube axis kRowAxis[i] (x = q, y = -q-r, z = r) as its r and
// kColAxis[i] as its q, both negated when i is odd; symmetries 2k and 2k+1 share
// the pair of axes k.
inline constexpr std::array<uint8_t, kSymmetries> kColAxis = {0, 0, 1, 1, 2, 2, 0, 0, 2, 2, 1, 1};
inline constexpr std::array<uint8_t, kSymmetries> kRowAxis = {2, 2, 0, 0, 1, 1, 1, 1, 0, 0, 2, 2};

// The symmetries to encode, as a bit mask: translation-invariant moments
// A[axis] = V * sum(w x) - W * sum(v x); a symmetry permutes and negates the three
// axes, so it does the same to A, and the symmetries that put the largest values
// first (as the pair (A[col axis], A[row axis])) are the candidates. Only ties,
// in practice symmetric positions, leave more than one.
// A[axis] and -A[axis], as value[axis + 3 * negated].
inline std::array<uint64_t, 6> axisMoments(const Moments& m) {
  const uint64_t a0 = m.V * m.wq - m.W * m.vq, a2 = m.V * m.wr - m.W * m.vr;
  const uint64_t a1 = uint64_t(0) - a0 - a2;  // the y axis is -q-r
  return {a0, a1, a2, uint64_t(0) - a0, uint64_t(0) - a1, uint64_t(0) - a2};
}

// The largest of them: the symmetries only reorder the six values, translation and
// the colour swap (weights are the mover's) change none, so it is a property of the
// position, which the position hash uses for bits its field lacks.
inline uint64_t peakMoment(const std::array<uint64_t, 6>& value) {
  uint64_t best = value[0];
  for (int j = 1; j < 6; ++j) best = std::max(best, value[j]);
  return best;
}
inline uint64_t peakMoment(const Moments& m) { return peakMoment(axisMoments(m)); }

// From the six values and their largest (the position hash needs both: computed once).
inline uint32_t candidates(const std::array<uint64_t, 6>& value, uint64_t bestCol) {
  // Each value is the first of the pair for two symmetries.
  // The two symmetries that put value j first, and the value each puts second.
  constexpr auto firstOf = [] {
    std::array<std::array<uint8_t, 2>, 6> f{};
    std::array<int, 6> seen{};
    for (uint8_t i = 0; i < kSymmetries; ++i) {
      const int j = kColAxis[i] + 3 * (i & 1);
      f[j][seen[j]++] = i;
    }
    return f;
  }();
  uint64_t bestRow = 0;
  uint32_t mask = 0;
  for (int j = 0; j < 6; ++j) {
    if (value[j] != bestCol) continue;
    for (const uint8_t i : firstOf[j]) {
      const uint64_t row = value[kRowAxis[i] + 3 * (i & 1)];
      if (mask == 0 || row > bestRow) {
        bestRow = row;
        mask = 1u << i;
      } else if (row == bestRow) {
        mask |= 1u << i;
      }
    }
  }
  return mask;
}
inline uint32_t candidates(const Moments& m) {
  const std::array<uint64_t, 6> value = axisMoments(m);
  return candidates(value, peakMoment(value));
}

// The occupied cells under one pair of axes: bit (col & 31) of rows[row & 31] for
// each cell's (row axis, col axis) values, rowMask the rows in use, and the lowest
// values of each axis from which all of them lie within 32 (so that residues
// order them).
struct Grid {
  const uint32_t* rows;
  uint32_t rowMask;
  int32_t rowLow, colLow;
};

// A grid's values in the canonical row-major order of a symmetry: from the low
// values up, or from the high ones down when the symmetry negates (Down). The k-th
// value from the start is start + k * dir, and its bit in a word rotated by the
// low value is found by ctz (up) or clz (down).
template <bool Down>
struct GridOrder {
  static constexpr int32_t dir = Down ? -1 : 1;
  static int32_t start(int32_t low) { return Down ? low + 31 : low; }
  static int next(uint32_t& bits) {  // the rank of the next bit, removed
    if constexpr (Down) {
      const int rank = std::countl_zero(bits);
      bits ^= uint32_t(0x80000000) >> rank;
      return rank;
    } else {
      const int rank = std::countr_zero(bits);
      bits &= bits - 1;
      return rank;
    }
  }
  // The ranks of the first occupied cell's row and column, leaving the rows after
  // it in `rows` and the cells after it in its row in `cols`.
  static std::array<int, 2> first(const Grid& grid, uint32_t& rows, uint32_t& cols) {
    rows = std::rotr(grid.rowMask, grid.rowLow & 31);
    const int row = next(rows);
    cols = std::rotr(grid.rows[(start(grid.rowLow) + dir * row) & 31], grid.colLow & 31);
    return {row, next(cols)};
  }
  // The frame offset, symmetry(true coordinates) of the first cell: a symmetry
  // writes its column axis as q and its row axis as r, negated when it goes down.
  static Axial offset(const Grid& grid, int row, int col) {
    const int32_t rowValue = start(grid.rowLow) + dir * row, colValue = start(grid.colLow) + dir * col;
    return {dir * colValue, dir * rowValue};
  }
};

// The frame offset of symmetry s without writing its key: its first cell.
inline Axial firstCellOffset(Symmetry s, const Grid& grid) {
  uint32_t rows, cols;
  if (s.index & 1) {
    const auto [row, col] = GridOrder<true>::first(grid, rows, cols);
    return GridOrder<true>::offset(grid, row, col);
  }
  const auto [row, col] = GridOrder<false>::first(grid, rows, cols);
  return GridOrder<false>::offset(grid, row, col);
}

class KeyWriter {
 public:
  // Writes the key of the position under symmetry s from the grid of its pair of
  // axes (coordinates absolute, as the board's cells are); returns the frame offset.
  static Axial encode(const Board& board, uint8_t flip, Symmetry s, const Grid& grid, PositionKey& out) {
    return kWriters[s.index](board, flip, grid, out);
  }
  static void setBytes(PositionKey& key, const uint8_t* bytes, std::size_t size) {
    std::copy_n(bytes, PositionKey::kMaxSize, key.data_.begin());
    key.size_ = uint8_t(size);
  }

 private:
  // One function per symmetry, so that its axes, directions and strides are constants.
  template <uint8_t S>
  static Axial write(const Board& board, uint8_t flip, const Grid& grid, PositionKey& out);
  using Writer = Axial (*)(const Board&, uint8_t, const Grid&, PositionKey&);
  static constexpr std::array<Writer, kSymmetries> kWriters = {&write<0>, &write<1>, &write<2>,  &write<3>,
                                                               &write<4>, &write<5>, &write<6>,  &write<7>,
                                                               &write<8>, &write<9>, &write<10>, &write<11>};
};

// The key's bytes of one cell's stack, bottom to top: (more above << 7) | code.
inline std::size_t writeStack(const Board& board, Cell c, uint8_t flip, uint8_t* out) {
  const int h = board.height(c);
  PieceId p = board.top(c);
  out[h - 1] = kPieceCode[p] ^ flip;
  for (int level = h - 2; level >= 0; --level) {
    p = board.under(p);
    out[level] = uint8_t(0x80 | (kPieceCode[p] ^ flip));
  }
  return std::size_t(h);
}

template <uint8_t S>
Axial KeyWriter::write(const Board& board, uint8_t flip, const Grid& grid, PositionKey& out) {
  constexpr int rowAxis = kRowAxis[S], colAxis = kColAxis[S];
  using Order = GridOrder<(S & 1) != 0>;
  // The board's cell of (row value, col value) is q + 32 r modulo 1024, with q and r
  // linear in the two values (the third cube coordinate is minus their sum).
  constexpr auto unit = [](int axis, int other) {  // (q, r) when `axis` is 1 and `other` is 0
    std::array<int32_t, 3> v{};
    v[axis] = 1;
    v[3 - axis - other] = -1;
    return Axial{v[0], v[2]};
  };
  constexpr Axial rowUnit = unit(rowAxis, colAxis), colUnit = unit(colAxis, rowAxis);
  constexpr int32_t rowStep = Order::dir * (rowUnit.q + 32 * rowUnit.r);
  constexpr int32_t colStep = Order::dir * (colUnit.q + 32 * colUnit.r);
  const int32_t startCell = Order::start(grid.rowLow) * (rowUnit.q + 32 * rowUnit.r) +
                            Order::start(grid.colLow) * (colUnit.q + 32 * colUnit.r);
  const int colRotation = grid.colLow & 31;
  // The first cell has no step before it; every other is written as a step from the
  // previous one, then its stack.
  uint8_t* bytes = out.data_.data();
  std::size_t size = 0;
  int prevRow = 0, prevCol = 0;
  const auto writeRow = [&](int row, uint32_t cols) {
    const int32_t rowCell = startCell + row * rowStep;
    int down = (row - prevRow) << 6;  // only the row's first cell steps to a new row
    prevRow = row;
    while (cols) {
      const int col = Order::next(cols);
      const uint8_t step = uint8_t(down | (col - prevCol + 32));
      down = 0;
      prevCol = col;
      bytes[size++] = step;
      size += writeStack(board, Cell((rowCell + col * colStep) & (kCells - 1)), flip, &bytes[size]);
    }
  };
  uint32_t rows, cols;
  const auto [firstRow, firstCol] = Order::first(grid, rows, cols);
  size = writeStack(board, Cell((startCell + firstRow * rowStep + firstCol * colStep) & (kCells - 1)), flip, bytes);
  prevRow = firstRow;
  prevCol = firstCol;
  writeRow(firstRow, cols);
  while (rows) {
    const int row = Order::next(rows);
    writeRow(row, std::rotr(grid.rows[(Order::start(grid.rowLow) + Order::dir * row) & 31], colRotation));
  }
  out.size_ = uint8_t(size);
  return Order::offset(grid, firstRow, firstCol);
}

// Of the candidate symmetries, the one whose encoding is least (the first of
// equals); encode(symmetry, key) writes a key and returns its frame offset.
template <class Encode>
CanonicalPosition leastOf(uint32_t candidates, bool moverIsBlack, Encode&& encode) {
  CanonicalPosition result;
  result.frame.moverIsBlack = moverIsBlack;
  Symmetry s{uint8_t(std::countr_zero(candidates))};
  result.frame.symmetry = s;
  result.frame.offset = encode(s, result.key);
  for (candidates &= candidates - 1; candidates; candidates &= candidates - 1) {
    s = Symmetry{uint8_t(std::countr_zero(candidates))};
    PositionKey key;
    const Axial offset = encode(s, key);
    if (key < result.key) {
      result.key = key;
      result.frame.symmetry = s;
      result.frame.offset = offset;
    }
  }
  return result;
}

}  // namespace apiary::canonical_detail
