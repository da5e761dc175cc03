// A board whose canonical position is kept up to date move by move, for walking
// through every position of a game (ingest canonicalises every ply). A move changes
// at most two cells, so instead of gathering every cell again, the moments that
// choose the symmetry (for both sides to move) and the occupied cells' row bitsets
// under each pair of axes are updated, and so are the sums of the position hash
// (position_hash.hpp), so that a position's hash and frame need no key written.
// canonical() is always exactly canonicalize(board()), and hashed() its key's hash
// and frame.
#pragma once
#include <array>
#include <cstdint>

#include "engine/canonical_core.hpp"
#include "engine/position_hash.hpp"

namespace apiary {

struct HashedPosition {
  uint64_t hash = 0;  // PositionKey::hash() of the canonical key
  CanonicalFrame frame;
};

class CanonicalBoard {
 public:
  explicit CanonicalBoard(Board board);
  const Board& board() const { return board_; }
  // Plays a move the board accepts (Board::play trusts its move, and so does this).
  void play(const Move& m);
  CanonicalPosition canonical() const;
  // The key is written only when symmetries tie (symmetric positions) or the hive
  // spans 32 rows: the frame is otherwise the one candidate's and its first cell.
  HashedPosition hashed() const;

 private:
  canonical_detail::Grid gridOf(Symmetry s) const;
  // Adds (sign 1) or removes (-1) an occupied cell's content to both movers' moments.
  void count(Cell c, Axial at, int sign);
  // A cell becomes occupied or empty: its bits in the grids, and the window.
  void occupy(Axial at);
  void vacate(Axial at);
  // Everything but the moments, from the board: when a cell falls outside the
  // window, and after every move while the hive spans 32 or more rows (never in
  // play; canonical() then falls back to canonicalize()).
  void rebuild();

  Board board_;
  std::array<canonical_detail::Moments, 2> moments_{};  // White to move, Black to move
  position_hash::SymmetrySums sums_;
  // grids_[k]: the rows of the pair of axes of symmetries 2k and 2k+1, by residue.
  std::array<std::array<uint32_t, 32>, kSymmetries / 2> grids_{};
  std::array<std::array<uint8_t, 32>, 3> cellsAt_{};  // occupied cells per residue of each axis
  std::array<uint32_t, 3> used_{};                   // the residues with cells, per axis
  std::array<int32_t, 3> low_{};                     // every value of axis a is in [low, low + 31]
  bool wide_ = false;
};

}  // namespace apiary
