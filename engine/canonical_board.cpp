#include "engine/canonical_board.hpp"

#include <algorithm>
#include <bit>
#include <utility>

namespace apiary {

using namespace canonical_detail;

namespace {

std::array<int32_t, 3> cubeOf(Axial a) { return {a.q, -a.q - a.r, a.r}; }

// The grid and axis updates of a cell, unrolled so that the axes are constants.
template <class Grids, class Axis>
void forAxes(const std::array<int32_t, 3>& v, Grids&& grid, Axis&& axis) {
  [&]<std::size_t... K>(std::index_sequence<K...>) {
    (grid(K, v[kRowAxis[2 * K]] & 31, uint32_t(1) << (v[kColAxis[2 * K]] & 31)), ...);
  }(std::make_index_sequence<kSymmetries / 2>{});
  axis(0, v[0]);
  axis(1, v[1]);
  axis(2, v[2]);
}

}  // namespace

CanonicalBoard::CanonicalBoard(Board board) : board_(std::move(board)) {
  for (uint32_t bits = board_.piecesOnBoard(); bits; bits &= bits - 1) {
    const PieceId p = PieceId(std::countr_zero(bits));
    if (board_.under(p) == kNoPiece) count(board_.cellOf(p), board_.axialOfPiece(p), 1);
    int level = 0;
    for (PieceId below = board_.under(p); below != kNoPiece; below = board_.under(below)) ++level;
    sums_.add(p, level, board_.axialOfPiece(p));
  }
  rebuild();
}

void CanonicalBoard::count(Cell c, Axial at, int sign) {
  // The content as White to move sees it, and as Black does (bit 3 of every code).
  for (int mover = 0; mover < 2; ++mover) {
    const Weights w = weightsOf(board_, c, uint8_t(mover << 3));
    if (sign > 0) moments_[mover].add(w, at.q, at.r);
    else moments_[mover].remove(w, at.q, at.r);
  }
}

void CanonicalBoard::occupy(Axial at) {
  if (wide_) return;
  bool outside = false;
  forAxes(
      cubeOf(at), [&](std::size_t k, int32_t row, uint32_t bit) { grids_[k][row] |= bit; },
      [&](int a, int32_t v) {
        outside |= uint32_t(v - low_[a]) > 31;
        ++cellsAt_[a][v & 31];
        used_[a] |= uint32_t(1) << (v & 31);
      });
  // Residues order the values only within a window of 32: move it, or give up.
  if (outside) rebuild();
}

void CanonicalBoard::vacate(Axial at) {
  if (wide_) return;
  forAxes(
      cubeOf(at), [&](std::size_t k, int32_t row, uint32_t bit) { grids_[k][row] &= ~bit; },
      [&](int a, int32_t v) {
        if (--cellsAt_[a][v & 31] == 0) used_[a] &= ~(uint32_t(1) << (v & 31));
      });
}

void CanonicalBoard::rebuild() {
  std::array<int32_t, 3> lo{}, hi{};
  bool any = false;
  for (uint32_t bits = board_.piecesOnBoard(); bits; bits &= bits - 1) {
    const auto v = cubeOf(board_.axialOfPiece(PieceId(std::countr_zero(bits))));
    for (int a = 0; a < 3; ++a) {
      lo[a] = any ? std::min(lo[a], v[a]) : v[a];
      hi[a] = any ? std::max(hi[a], v[a]) : v[a];
    }
    any = true;
  }
  wide_ = false;
  for (int a = 0; a < 3; ++a) {
    wide_ |= hi[a] - lo[a] >= 32;
    low_[a] = lo[a] - (31 - (hi[a] - lo[a])) / 2;  // centred: the hive may grow either way
  }
  grids_ = {};
  cellsAt_ = {};
  used_ = {};
  if (wide_) return;
  for (uint32_t bits = board_.piecesOnBoard(); bits; bits &= bits - 1) {
    const PieceId p = PieceId(std::countr_zero(bits));
    if (board_.under(p) == kNoPiece) occupy(board_.axialOfPiece(p));
  }
}

void CanonicalBoard::play(const Move& m) {
  if (m.isPass()) {
    board_.play(m);
    return;
  }
  // Both cells' contents leave the moments before the move and come back after it.
  const bool moving = !m.isPlacement();
  const Axial from = moving ? board_.axialOfPiece(m.piece) : Axial{};
  if (moving) count(m.from, from, -1);
  const int fromLevel = moving ? board_.height(m.from) - 1 : 0;
  const bool landsOnEmpty = !board_.occupied(m.to);
  if (!landsOnEmpty) count(m.to, board_.axialOfPiece(board_.top(m.to)), -1);
  board_.play(m);
  const Axial to = board_.axialOfPiece(m.piece);
  // The piece leaves the top of one stack for the top of another: no other piece
  // changes level, so the hash's sums change by its terms alone.
  const int toLevel = board_.height(m.to) - 1;
  if (moving) sums_.move(m.piece, fromLevel, from, toLevel, to);
  else sums_.add(m.piece, toLevel, to);
  if (moving) {
    if (board_.occupied(m.from)) count(m.from, from, 1);
    else vacate(from);
  }
  count(m.to, to, 1);
  if (landsOnEmpty) occupy(to);
  if (wide_) rebuild();
}

Grid CanonicalBoard::gridOf(Symmetry s) const {
  const int rowAxis = kRowAxis[s.index], colAxis = kColAxis[s.index];
  return {grids_[s.index >> 1].data(), used_[rowAxis], low_[rowAxis], low_[colAxis]};
}

CanonicalPosition CanonicalBoard::canonical() const {
  if (wide_) return canonicalize(board_);
  const bool moverIsBlack = board_.toMove() == Color::Black;
  if (board_.piecesOnBoard() == 0) {
    CanonicalPosition empty;
    empty.frame.moverIsBlack = moverIsBlack;
    return empty;
  }
  const uint8_t flip = uint8_t(moverIsBlack << 3);
  return leastOf(candidates(moments_[moverIsBlack]), moverIsBlack, [&](Symmetry s, PositionKey& key) {
    return KeyWriter::encode(board_, flip, s, gridOf(s), key);
  });
}

HashedPosition CanonicalBoard::hashed() const {
  const Color mover = board_.toMove();
  HashedPosition result;
  result.frame.moverIsBlack = mover == Color::Black;
  // An empty board's sums are zero: its hash is the empty key's in any frame.
  if (board_.piecesOnBoard() != 0) {
    const uint32_t mask = wide_ ? 0 : candidates(moments_[result.frame.moverIsBlack]);
    if (std::has_single_bit(mask)) {
      result.frame.symmetry = Symmetry{uint8_t(std::countr_zero(mask))};
      result.frame.offset = firstCellOffset(result.frame.symmetry, gridOf(result.frame.symmetry));
    } else {
      result.frame = canonical().frame;
    }
  }
  result.hash = sums_.hash(mover, result.frame.symmetry, result.frame.offset,
                           peakMoment(moments_[result.frame.moverIsBlack]));
  return result;
}

}  // namespace apiary
