// The orientation a game fixes for itself, shared by the notations that have no
// fixed board: the direction-based notation (noon, then the turning sense) and the
// algebraic grid (the zero row, then the positive rows). Both say the same thing:
// the first two pieces lie on one axis, and the first piece to land off that axis
// picks the mirror image. In frame coordinates the first piece stands at (0, 0),
// the second at (1, 0), and that piece at r > 0. So frame directions E SE SW W NW
// NE are noon, afternoon, sunset, midnight, sunrise, forenoon, and frame axial
// (q, r) is the algebraic column and row.
//
// A writer computes the frame of a whole game (ofGame). A reader replays in frame
// coordinates (the identity): it puts the second piece at (1, 0) and, while the
// mirror is still open, keeps only the candidates at r >= 0, since a move and its
// mirror image are then the same written move.
#pragma once
#include "engine/board.hpp"
#include "engine/canonical.hpp"

namespace apiary::notation {

class GameFrame {
 public:
  GameFrame() = default;
  // The frame of a finished game: what its first moves fix.
  static GameFrame ofGame(const Board& game);
  // A reader's frame: true coordinates moved by `offset` (the grid cell the first
  // piece was written at).
  static GameFrame translated(Axial offset);
  // A position set up directly (no history) read in its own coordinates: the
  // mirror is open while every piece stands on the row r = 0.
  static GameFrame ofPosition(const Board& board);

  Axial toFrame(Axial a) const { return symmetry_.apply(a) + offset_; }
  Axial fromFrame(Axial f) const { return inverse_.apply(f - offset_); }
  // Frame coordinates of a cell that is occupied or next to the hive.
  Axial at(const Board& board, Cell c) const { return toFrame(*board.axialOf(c)); }
  int toFrameDir(int dir) const { return symmetry_.applyToDir(dir); }
  int fromFrameDir(int frameDir) const { return inverse_.applyToDir(frameDir); }

  // Every piece so far has stood on the axis: mirror images are one move.
  bool mirrorOpen() const { return mirrorOpen_; }
  // Call before `m` is played on `before`.
  void advance(const Board& before, const Move& m);

 private:
  explicit GameFrame(Symmetry s, Axial offset = {});
  Symmetry symmetry_{};
  Symmetry inverse_{};
  Axial offset_{};
  bool mirrorOpen_ = true;
};

}  // namespace apiary::notation
