#include "engine/canonical_track.hpp"

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
  }
  (std::make_index_sequence<kSymmetries / 2>{});
  axis(0, v[0]);
  axis(1, v[1]);
  axis(2, v[2]);
}

}  // namespace

CanonicalTrack::CanonicalTrack(const Board& board) {
  for (uint32_t bits = board.piecesOnBoard(); bits; bits &= bits - 1) {
    const PieceId p = PieceId(std::countr_zero(bits));
    if (board.under(p) == kNoPiece) count(board, board.cellOf(p), board.axialOfPiece(p), 1);
    int level = 0;
    for (PieceId below = board.under(p); below != kNoPiece; below = board.under(below)) ++level;
    sums_.add(p, level, board.axialOfPiece(p));
  }
  rebuild(board);
}

void CanonicalTrack::count(const Board& board, Cell c, Axial at, int sign) {
  // The content as White to move sees it, and as Black does (bit 3 of every code).
  for (int mover = 0; mover < 2; ++mover) {
    const Weights w = weightsOf(board, c, uint8_t(mover << 3));
    if (sign > 0) moments_[mover].add(w, at.q, at.r);
    else moments_[mover].remove(w, at.q, at.r);
  }
}

void CanonicalTrack::occupy(const Board& board, Axial at) {
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
  if (outside) rebuild(board);
}

void CanonicalTrack::vacate(Axial at) {
  if (wide_) return;
  forAxes(
      cubeOf(at), [&](std::size_t k, int32_t row, uint32_t bit) { grids_[k][row] &= ~bit; },
      [&](int a, int32_t v) {
        if (--cellsAt_[a][v & 31] == 0) used_[a] &= ~(uint32_t(1) << (v & 31));
      });
}

void CanonicalTrack::rebuild(const Board& board) {
  std::array<int32_t, 3> lo{}, hi{};
  bool any = false;
  for (uint32_t bits = board.piecesOnBoard(); bits; bits &= bits - 1) {
    const auto v = cubeOf(board.axialOfPiece(PieceId(std::countr_zero(bits))));
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
  for (uint32_t bits = board.piecesOnBoard(); bits; bits &= bits - 1) {
    const PieceId p = PieceId(std::countr_zero(bits));
    if (board.under(p) == kNoPiece) occupy(board, board.axialOfPiece(p));
  }
}

void CanonicalTrack::beforeMove(const Board& before, const Move& m) {
  if (m.isPass()) return;
  // Both cells' contents leave the moments before the move and come back after it.
  const bool moving = !m.isPlacement();
  from_ = moving ? before.axialOfPiece(m.piece) : Axial{};
  if (moving) count(before, m.from, from_, -1);
  fromLevel_ = moving ? before.height(m.from) - 1 : 0;
  landsOnEmpty_ = !before.occupied(m.to);
  if (!landsOnEmpty_) count(before, m.to, before.axialOfPiece(before.top(m.to)), -1);
}

void CanonicalTrack::afterMove(const Board& after, const Move& m) {
  if (m.isPass()) return;
  const bool moving = !m.isPlacement();
  const Axial to = after.axialOfPiece(m.piece);
  // The piece leaves the top of one stack for the top of another: no other piece
  // changes level, so the hash's sums change by its terms alone.
  const int toLevel = after.height(m.to) - 1;
  if (moving) sums_.move(m.piece, fromLevel_, from_, toLevel, to);
  else sums_.add(m.piece, toLevel, to);
  if (moving) {
    if (after.occupied(m.from)) count(after, m.from, from_, 1);
    else vacate(from_);
  }
  count(after, m.to, to, 1);
  if (landsOnEmpty_) occupy(after, to);
  if (wide_) rebuild(after);
}

Grid CanonicalTrack::gridOf(Symmetry s) const {
  const int rowAxis = kRowAxis[s.index], colAxis = kColAxis[s.index];
  return {grids_[s.index >> 1].data(), used_[rowAxis], low_[rowAxis], low_[colAxis]};
}

CanonicalPosition CanonicalTrack::canonical(const Board& board) const {
  if (wide_) return canonicalize(board);
  const bool moverIsBlack = board.toMove() == Color::Black;
  if (board.piecesOnBoard() == 0) {
    CanonicalPosition empty;
    empty.frame.moverIsBlack = moverIsBlack;
    return empty;
  }
  const uint8_t flip = uint8_t(moverIsBlack << 3);
  return leastOf(candidates(moments_[moverIsBlack]), moverIsBlack,
                 [&](Symmetry s, PositionKey& key) { return KeyWriter::encode(board, flip, s, gridOf(s), key); });
}

HashedPosition CanonicalTrack::hashed(const Board& board) const {
  const Color mover = board.toMove();
  HashedPosition result;
  result.frame.moverIsBlack = mover == Color::Black;
  // An empty board's sums are zero: its hash is the empty key's in any frame.
  const std::array<uint64_t, 6> value = axisMoments(moments_[result.frame.moverIsBlack]);
  const uint64_t peak = peakMoment(value);
  if (board.piecesOnBoard() != 0) {
    const uint32_t mask = wide_ ? 0 : candidates(value, peak);
    // One candidate (mask a power of two), tested without std::has_single_bit: a
    // library call in a portable build.
    if (mask != 0 && (mask & (mask - 1)) == 0) {
      result.frame.symmetry = Symmetry{uint8_t(std::countr_zero(mask))};
      result.frame.offset = firstCellOffset(result.frame.symmetry, gridOf(result.frame.symmetry));
    } else {
      result.frame = canonical(board).frame;
    }
  }
  result.hash = sums_.hash(mover, result.frame.symmetry, result.frame.offset, peak);
  return result;
}

}  // namespace apiary
