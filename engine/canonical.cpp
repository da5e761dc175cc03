#include "engine/canonical.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>

#include "engine/canonical_core.hpp"
#include "engine/movegen.hpp"
#include "engine/position_hash.hpp"

namespace apiary {

namespace {

constexpr std::array<std::array<uint8_t, 3>, 6> kPerms = {
    {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {2, 1, 0}, {1, 0, 2}}};

using Cube = std::array<int64_t, 3>;
constexpr Cube toCube(Axial a) { return {a.q, -a.q - a.r, a.r}; }

constexpr Axial applyByCube(uint8_t index, Axial a) {
  const Cube c = toCube(a);
  const auto& p = kPerms[index >> 1];
  const int32_t sign = (index & 1) ? -1 : 1;
  return {int32_t(sign * c[p[0]]), int32_t(sign * c[p[2]])};
}

}  // namespace

namespace canonical_detail {

constexpr std::array<SymmetryMatrix, kSymmetries> kSymmetryMatrices = [] {
  std::array<SymmetryMatrix, kSymmetries> m{};
  for (uint8_t i = 0; i < kSymmetries; ++i) {
    const Axial x = applyByCube(i, Axial{1, 0}), y = applyByCube(i, Axial{0, 1});
    m[i] = {x.q, y.q, x.r, y.r};
  }
  return m;
}();

constexpr std::array<std::array<int8_t, kDirs>, kSymmetries> kSymmetryDirs = [] {
  std::array<std::array<int8_t, kDirs>, kSymmetries> t{};
  for (uint8_t i = 0; i < kSymmetries; ++i)
    for (int dir = 0; dir < kDirs; ++dir) {
      const Axial to = applyByCube(i, Axial{kDq[dir], kDr[dir]});
      for (int d = 0; d < kDirs; ++d)
        if (kDq[d] == to.q && kDr[d] == to.r) t[i][dir] = int8_t(d);
    }
  return t;
}();

}  // namespace canonical_detail

Symmetry Symmetry::inverse() const {
  for (uint8_t i = 0; i < kSymmetries; ++i) {
    const Symmetry s{i};
    if (s.apply(apply(Axial{1, 0})) == Axial{1, 0} && s.apply(apply(Axial{0, 1})) == Axial{0, 1}) return s;
  }
  return {};
}

uint64_t PositionKey::hash() const { return position_hash::ofKeyBytes(data_.data(), size_); }

std::string PositionKey::hex() const {
  std::string out;
  char buf[3];
  for (std::size_t i = 0; i < size_; ++i) {
    std::snprintf(buf, sizeof buf, "%02x", data_[i]);
    out += buf;
  }
  return out;
}

PositionKey PositionKey::fromBytes(std::string_view bytes) {
  PositionKey key;
  key.size_ = uint8_t(std::min(bytes.size(), kMaxSize));
  std::copy_n(bytes.begin(), key.size_, key.data_.begin());
  return key;
}

using namespace canonical_detail;

namespace {

static_assert(
    [] {
      for (uint8_t i = 0; i < kSymmetries; ++i)
        if (kColAxis[i] != kPerms[i >> 1][0] || kRowAxis[i] != kPerms[i >> 1][2]) return false;
      return true;
    }(),
    "the core's axes are the permutations' first and last");

// canonicalize() from scratch: the cells gathered once with their weights, the
// moments summed, and each candidate symmetry's grid built from the cells.
class Canonicalizer {
 public:
  explicit Canonicalizer(const Board& board);
  CanonicalPosition run() const;

 private:
  Axial encode(Symmetry s, PositionKey& out) const;
  // For positions spread over 32 or more rows or columns (never in play: only a
  // set-up position can be), the cells sorted instead of placed on a grid.
  Axial encodeSorted(Symmetry s, PositionKey& out) const;

  const Board& board_;
  int n_ = 0;
  // Cube coordinates (q, -q-r, r) of each occupied cell relative to the first.
  std::array<std::array<int32_t, kPieces>, 3> cube_;
  std::array<Cell, kPieces> cell_;
  std::array<Weights, kPieces> weights_;
  uint32_t spread_ = 0;  // the bits of every coordinate + 16: < 32 when all are in [-16, 15]
  Axial base_;
  uint8_t flip_ = 0;
};

Canonicalizer::Canonicalizer(const Board& board) : board_(board) {
  flip_ = uint8_t((board.toMove() == Color::Black) << 3);
  // Accumulated in locals: members would be reloaded after every read of the board,
  // which might alias them.
  int n = 0;
  uint32_t spread = 0;
  // Coordinates are taken relative to the lowest bottom piece's cell.
  uint32_t bits = board.piecesOnBoard();
  while (bits && board.under(PieceId(std::countr_zero(bits))) != kNoPiece) bits &= bits - 1;
  if (bits) base_ = board.axialOfPiece(PieceId(std::countr_zero(bits)));
  for (; bits; bits &= bits - 1) {
    const PieceId p = PieceId(std::countr_zero(bits));
    if (board.under(p) != kNoPiece) continue;  // one cell per bottom piece
    const Axial at = board.axialOfPiece(p) - base_;
    const int32_t y = -at.q - at.r;
    cube_[0][n] = at.q;
    cube_[1][n] = y;
    cube_[2][n] = at.r;
    spread |= uint32_t(at.q + 16) | uint32_t(y + 16) | uint32_t(at.r + 16);
    cell_[n] = board.cellOf(p);
    weights_[n] = weightsOf(board, cell_[n], flip_);
    ++n;
  }
  n_ = n;
  spread_ = spread;
}

CanonicalPosition Canonicalizer::run() const {
  if (n_ == 0) {
    CanonicalPosition empty;
    empty.frame.moverIsBlack = flip_ != 0;
    return empty;
  }
  Moments moments;
  for (int i = 0; i < n_; ++i) moments.add(weights_[i], cube_[0][i], cube_[2][i]);
  return leastOf(candidates(moments), flip_ != 0, [&](Symmetry s, PositionKey& key) { return encode(s, key); });
}

Axial Canonicalizer::encode(Symmetry s, PositionKey& out) const {
  if (spread_ >= 32) return encodeSorted(s, out);
  const int rowAxis = kRowAxis[s.index], colAxis = kColAxis[s.index];
  const std::array<int32_t, 3> base = {base_.q, -base_.q - base_.r, base_.r};
  std::array<uint32_t, 32> rows{};
  uint32_t rowMask = 0;
  for (int i = 0; i < n_; ++i) {
    const int32_t row = (base[rowAxis] + cube_[rowAxis][i]) & 31, col = (base[colAxis] + cube_[colAxis][i]) & 31;
    rows[row] |= uint32_t(1) << col;
    rowMask |= uint32_t(1) << row;
  }
  const Grid grid{rows.data(), rowMask, base[rowAxis] - 16, base[colAxis] - 16};
  return KeyWriter::encode(board_, flip_, s, grid, out);
}

Axial Canonicalizer::encodeSorted(Symmetry s, PositionKey& out) const {
  // Zeroed only to quiet GCC: run() never asks this of an empty board (n_ > 0).
  std::array<uint32_t, kPieces> order{};
  std::array<Axial, kPieces> moved;
  for (int i = 0; i < n_; ++i) {
    moved[i] = s.apply(Axial{cube_[0][i], cube_[2][i]});
    order[i] = uint32_t((moved[i].r + 64) << 12 | (moved[i].q + 64) << 5 | i);
  }
  std::sort(order.begin(), order.begin() + n_);
  std::array<uint8_t, 2 * kPieces + 8> bytes{};
  std::size_t size = 0;
  Axial prev{};
  for (int k = 0; k < n_; ++k) {
    const int i = order[k] & 31;
    if (k > 0) bytes[size++] = uint8_t((moved[i].r - prev.r) << 6 | (moved[i].q - prev.q + 32));
    prev = moved[i];
    size += writeStack(board_, cell_[i], flip_, &bytes[size]);
  }
  KeyWriter::setBytes(out, bytes.data(), size);
  return s.apply(base_) + moved[order[0] & 31];
}

}  // namespace

CanonicalPosition canonicalize(const Board& board) { return Canonicalizer(board).run(); }

std::optional<Board> transformedGame(const Board& game, Symmetry s, bool swapColors) {
  const Color first = swapColors ? other(game.firstMover()) : game.firstMover();
  Board original(game.type(), game.rules(), game.firstMover());
  Board result(game.type(), game.rules(), first);
  const auto carry = [&](Cell c) { return cellAt(s.apply(*original.axialOf(c))); };
  for (const Move& m : game.history()) {
    Move t = m;
    if (!m.isPass()) {
      t.piece = swapColors ? PieceId((m.piece + kSlots) % kPieces) : m.piece;
      t.from = m.isPlacement() ? kNoCell : carry(m.from);
      t.to = carry(m.to);
    }
    if (!isLegal(result, t)) return std::nullopt;
    original.play(m);
    result.play(t);
  }
  return result;
}

std::optional<Board> decodeKey(const PositionKey& key, GameType type) {
  const std::string_view bytes = key.bytes();
  std::vector<PlacedStack> stacks;
  std::array<int, 2 * kBugs> copies{};
  Axial at{};
  std::size_t i = 0;
  while (i < bytes.size()) {
    if (!stacks.empty()) {
      const uint8_t step = uint8_t(bytes[i++]);
      at = at + Axial{(step & 63) - 32, step >> 6};
      if (i >= bytes.size()) return std::nullopt;
    }
    PlacedStack stack{at, {}};
    bool more = true;
    while (more) {
      if (i >= bytes.size()) return std::nullopt;
      const uint8_t code = uint8_t(bytes[i++]);
      more = code & 0x80;
      const Color color = (code & 8) ? Color::Black : Color::White;
      const Bug bug = Bug(code & 7);
      int& copy = copies[int(color) * kBugs + int(bug)];
      if (++copy > kBugCopies[int(bug)] || !type.has(bug)) return std::nullopt;
      stack.pieces.push_back(pieceId(color, bug, copy));
    }
    stacks.push_back(std::move(stack));
  }
  return Board::fromPosition(type, Rules{}, Color::White, stacks);
}

}  // namespace apiary
