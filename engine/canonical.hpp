// The canonical position key: one exact byte string for all positions that are the
// same up to translation, the 12 rotations and reflections, and the colour swap.
// Colours are written as "mover's" and "opponent's", so the colour swap (with the
// side to move following the colours) costs nothing; the 12 geometric symmetries
// are chosen between by translation-invariant weighted moments, and by comparing
// encodings only when the moments tie (symmetric positions).
//
// Encoding (at most 55 bytes; the empty board is the empty string): the occupied
// cells in the canonical frame in row-major order (r, then q). Before every cell but
// the first, one byte (dr << 6) | (dq + 32) from the previous cell: a connected hive
// has no empty row, so dr is 0 or 1, and |dq| <= 27. Then the cell's stack bottom to
// top, one byte per piece: (more above << 7) | (opponent's << 3) | bug. Copy numbers,
// the game type and the Pillbug lock are not part of the key.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/board.hpp"

namespace apiary {

inline constexpr int kSymmetries = 12;

namespace canonical_detail {
class KeyWriter;
// Each symmetry as a linear map of axial coordinates, (q, r) -> (a q + b r, c q + d r),
// and as a map of the six directions: readers map cells and directions for every
// candidate of every move, so Symmetry's maps are inline lookups.
struct SymmetryMatrix {
  int32_t a, b, c, d;
};
extern const std::array<SymmetryMatrix, kSymmetries> kSymmetryMatrices;
extern const std::array<std::array<int8_t, kDirs>, kSymmetries> kSymmetryDirs;
}  // namespace canonical_detail

// One of the 12 symmetries of the hex grid, as a signed permutation of the cube
// coordinates (x, y, z) = (q, -q-r, r): index = perm * 2 + (sign < 0).
struct Symmetry {
  uint8_t index = 0;
  Axial apply(Axial a) const {
    const auto& m = canonical_detail::kSymmetryMatrices[index];
    return {m.a * a.q + m.b * a.r, m.c * a.q + m.d * a.r};
  }
  Symmetry inverse() const;
  int applyToDir(int dir) const { return canonical_detail::kSymmetryDirs[index][dir]; }
};

// Maps a position's true coordinates onto its canonical frame and back:
// canonical = symmetry(true) - offset. swapColors says whether the mover is Black.
struct CanonicalFrame {
  Symmetry symmetry;
  Axial offset;
  bool moverIsBlack = false;
  Axial toCanonical(Axial a) const { return symmetry.apply(a) - offset; }
  Axial fromCanonical(Axial a) const { return symmetry.inverse().apply(a + offset); }
};

class PositionKey {
 public:
  static constexpr std::size_t kMaxSize = 55;
  std::string_view bytes() const { return {reinterpret_cast<const char*>(data_.data()), size_}; }
  std::size_t size() const { return size_; }
  uint64_t hash() const;  // the position hash (position_hash.hpp), from the bytes
  std::string hex() const;
  static PositionKey fromBytes(std::string_view bytes);  // no validation beyond size
  bool operator==(const PositionKey& o) const { return bytes() == o.bytes(); }
  bool operator<(const PositionKey& o) const { return bytes() < o.bytes(); }

 private:
  friend class canonical_detail::KeyWriter;
  std::array<uint8_t, kMaxSize> data_{};
  uint8_t size_ = 0;
};

struct CanonicalPosition {
  PositionKey key;
  CanonicalFrame frame;
};

CanonicalPosition canonicalize(const Board& board);

// The same game rotated/reflected by s and, with swapColors, played by the other
// colours (so the other colour moves first). Every move is replayed and checked.
// nullopt if a transformed move is illegal, which would be an engine bug.
std::optional<Board> transformedGame(const Board& game, Symmetry s, bool swapColors);

// The position a key encodes, in the canonical frame, with the mover as White: for
// tests, position strings and diagrams. Copies are numbered in order of appearance.
// nullopt when the bytes are not a valid encoding.
std::optional<Board> decodeKey(const PositionKey& key, GameType type = GameType::all());

}  // namespace apiary
