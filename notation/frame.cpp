#include "notation/frame.hpp"

#include <optional>

namespace apiary::notation {

namespace {

bool preservesOrientation(Symmetry s) {
  const Axial x = s.apply({1, 0}), y = s.apply({0, 1});
  return x.q * y.r - x.r * y.q > 0;
}

}  // namespace

GameFrame::GameFrame(Symmetry s, Axial offset) : symmetry_(s), inverse_(s.inverse()), offset_(offset) {}

GameFrame GameFrame::translated(Axial offset) { return GameFrame(Symmetry{}, offset); }

GameFrame GameFrame::ofPosition(const Board& board) {
  GameFrame frame;
  for (PieceId p = 0; p < kPieces; ++p)
    if (board.onBoard(p) && board.axialOfPiece(p).r != 0) frame.mirrorOpen_ = false;
  return frame;
}

GameFrame GameFrame::ofGame(const Board& game) {
  Board replay(game.type(), game.rules(), game.firstMover());
  std::optional<Axial> axis;     // the second piece, next to the first at (0, 0)
  std::optional<Axial> offAxis;  // the first cell a piece reached off that axis
  for (const Move& m : game.history()) {
    if (!m.isPass()) {
      const Axial to = *replay.axialOf(m.to);
      if (replay.ply() == 1) axis = to;
      // Off the line through the origin along `axis`: not a multiple of it.
      if (axis && !offAxis && to.q * axis->r - to.r * axis->q != 0) offAxis = to;
    }
    if (offAxis) break;
    replay.play(m);
  }
  if (!axis) return GameFrame();
  for (uint8_t i = 0; i < kSymmetries; ++i) {
    const Symmetry s{i};
    if (s.apply(*axis) != Axial{1, 0}) continue;
    if (offAxis ? s.apply(*offAxis).r > 0 : preservesOrientation(s)) return GameFrame(s);
  }
  return GameFrame();  // unreachable: two symmetries take the axis to (1, 0)
}

void GameFrame::advance(const Board& before, const Move& m) {
  if (mirrorOpen_ && !m.isPass() && at(before, m.to).r != 0) mirrorOpen_ = false;
}

}  // namespace apiary::notation
