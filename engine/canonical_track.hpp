// The canonical position of a board that someone else plays, kept up to date move
// by move: told of each move just before the board plays it and just after, it
// updates what the move changes (at most two cells) instead of gathering every
// cell again: the moments that choose the symmetry (for both sides to move), the
// occupied cells' row bitsets under each pair of axes, and the sums of the position
// hash (position_hash.hpp), so that a position's hash and frame need no key
// written. The board it follows is passed to every call; CanonicalBoard owns one,
// ingest follows the replay's own board (engine/move_observer.hpp), so a game is
// walked once.
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

class CanonicalTrack {
 public:
  explicit CanonicalTrack(const Board& board);  // the board as it stands
  // A move the board accepts, around its play: `before` is the board before it,
  // `after` the same board once it is played.
  void beforeMove(const Board& before, const Move& m);
  void afterMove(const Board& after, const Move& m);
  // Always exactly canonicalize(board), for the board followed.
  CanonicalPosition canonical(const Board& board) const;
  // The key is written only when symmetries tie (symmetric positions) or the hive
  // spans 32 rows: the frame is otherwise the one candidate's and its first cell.
  HashedPosition hashed(const Board& board) const;

 private:
  canonical_detail::Grid gridOf(Symmetry s) const;
  // Adds (sign 1) or removes (-1) an occupied cell's content to both movers' moments.
  void count(const Board& board, Cell c, Axial at, int sign);
  // A cell becomes occupied or empty: its bits in the grids, and the window.
  void occupy(const Board& board, Axial at);
  void vacate(Axial at);
  // Everything but the moments, from the board: when a cell falls outside the
  // window, and after every move while the hive spans 32 or more rows (never in
  // play; canonical() then falls back to canonicalize()).
  void rebuild(const Board& board);

  std::array<canonical_detail::Moments, 2> moments_{};  // White to move, Black to move
  position_hash::SymmetrySums sums_;
  // grids_[k]: the rows of the pair of axes of symmetries 2k and 2k+1, by residue.
  std::array<std::array<uint32_t, 32>, kSymmetries / 2> grids_{};
  std::array<std::array<uint8_t, 32>, 3> cellsAt_{};  // occupied cells per residue of each axis
  std::array<uint32_t, 3> used_{};                    // the residues with cells, per axis
  std::array<int32_t, 3> low_{};                      // every value of axis a is in [low, low + 31]
  bool wide_ = false;
  // What beforeMove saw of the moving piece, for afterMove.
  Axial from_;
  int fromLevel_ = 0;
  bool landsOnEmpty_ = false;
};

}  // namespace apiary
