#include "engine/canonical.hpp"

#include <xxhash.h>

#include <algorithm>
#include <cstdio>

#include "engine/movegen.hpp"

namespace apiary {

namespace {

constexpr std::array<std::array<uint8_t, 3>, 6> kPerms = {{
    {0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {2, 1, 0}, {1, 0, 2}}};

using Cube = std::array<int64_t, 3>;
constexpr Cube toCube(Axial a) { return {a.q, -a.q - a.r, a.r}; }

constexpr Axial applyByCube(uint8_t index, Axial a) {
  const Cube c = toCube(a);
  const auto& p = kPerms[index >> 1];
  const int32_t sign = (index & 1) ? -1 : 1;
  return {int32_t(sign * c[p[0]]), int32_t(sign * c[p[2]])};
}

// Each symmetry is linear in axial coordinates: (q, r) -> (a q + b r, c q + d r).
struct Matrix {
  int32_t a, b, c, d;
};
constexpr std::array<Matrix, kSymmetries> kMatrices = [] {
  std::array<Matrix, kSymmetries> m{};
  for (uint8_t i = 0; i < kSymmetries; ++i) {
    const Axial x = applyByCube(i, Axial{1, 0}), y = applyByCube(i, Axial{0, 1});
    m[i] = {x.q, y.q, x.r, y.r};
  }
  return m;
}();

uint64_t mix(uint64_t x) {  // splitmix64 finaliser: spreads a small code over 64 bits
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

}  // namespace

Axial Symmetry::apply(Axial a) const {
  const Matrix& m = kMatrices[index];
  return {m.a * a.q + m.b * a.r, m.c * a.q + m.d * a.r};
}

Symmetry Symmetry::inverse() const {
  for (uint8_t i = 0; i < kSymmetries; ++i) {
    const Symmetry s{i};
    if (s.apply(apply(Axial{1, 0})) == Axial{1, 0} && s.apply(apply(Axial{0, 1})) == Axial{0, 1})
      return s;
  }
  return {};
}

int Symmetry::applyToDir(int dir) const {
  const Axial to = apply(Axial{kDq[dir], kDr[dir]});
  for (int d = 0; d < kDirs; ++d)
    if (kDq[d] == to.q && kDr[d] == to.r) return d;
  return dir;
}

uint64_t PositionKey::hash() const { return XXH3_64bits(data_.data(), size_); }

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

class Canonicalizer {
 public:
  explicit Canonicalizer(const Board& board);
  CanonicalPosition run();

 private:
  // Encodes the position under symmetry s; returns the frame's offset.
  Axial encode(Symmetry s, PositionKey& out) const;

  int n_ = 0;
  std::array<Axial, kPieces> at_;         // relative to the first cell
  std::array<uint8_t, kPieces * 2> stack_;  // piece codes, bottom to top, per cell
  std::array<uint8_t, kPieces> stackStart_, stackSize_;
  std::array<uint32_t, kPieces> content_;
  Axial base_;
  bool moverIsBlack_ = false;
};

Canonicalizer::Canonicalizer(const Board& board) {
  const Color mover = board.toMove();
  moverIsBlack_ = mover == Color::Black;
  const uint32_t onBoard = board.piecesOnBoard();
  int used = 0;
  for (PieceId p = 0; p < kPieces; ++p) {
    if (!(onBoard & pieceBit(p)) || board.under(p) != kNoPiece) continue;
    const Cell c = board.cellOf(p);
    if (n_ == 0) base_ = board.axialOfPiece(p);
    at_[n_] = board.axialOfPiece(p) - base_;
    // Walk the stack from the top down, then reverse into bottom-to-top order.
    const int h = board.height(c);
    stackStart_[n_] = uint8_t(used);
    stackSize_[n_] = uint8_t(h);
    uint32_t content = uint32_t(h) << 28;
    PieceId q = board.top(c);
    for (int level = h - 1; level >= 0; --level, q = board.under(q)) {
      const uint8_t code = uint8_t((colorOf(q) != mover) << 3 | int(bugOf(q)));
      stack_[used + level] = code;
      content |= uint32_t(code) << (4 * level);
    }
    content_[n_] = content;
    used += h;
    ++n_;
  }
}

Axial Canonicalizer::encode(Symmetry s, PositionKey& out) const {
  std::array<uint32_t, kPieces> order;
  std::array<Axial, kPieces> moved;
  for (int i = 0; i < n_; ++i) {
    moved[i] = s.apply(at_[i]);
    order[i] = uint32_t((moved[i].r + 64) << 12 | (moved[i].q + 64) << 5 | i);
  }
  std::sort(order.begin(), order.begin() + n_);
  std::size_t size = 0;
  Axial prev{};
  for (int k = 0; k < n_; ++k) {
    const int i = order[k] & 31;
    if (k > 0)
      out.data_[size++] = uint8_t((moved[i].r - prev.r) << 6 | (moved[i].q - prev.q + 32));
    prev = moved[i];
    for (int level = 0; level < stackSize_[i]; ++level)
      out.data_[size++] = uint8_t((level + 1 < stackSize_[i]) << 7 | stack_[stackStart_[i] + level]);
  }
  out.size_ = uint8_t(size);
  if (n_ == 0) return Axial{};
  return s.apply(base_) + moved[order[0] & 31];
}

CanonicalPosition Canonicalizer::run() {
  // Translation-invariant moments A[axis] = V * sum(w x) - W * sum(v x) for two
  // content weights w and v. A symmetry permutes and negates the three axes, so it
  // does the same to A: the symmetries that put the largest values first are the
  // candidates, and only they are encoded.
  std::array<uint64_t, 3> wx{}, vx{};
  uint64_t W = 0, V = 0;
  for (int i = 0; i < n_; ++i) {
    const uint64_t w = mix(content_[i]), v = mix(content_[i] ^ 0xA5A5A5A5ull);
    W += w;
    V += v;
    const Cube c = toCube(at_[i]);
    for (int a = 0; a < 3; ++a) {
      wx[a] += w * uint64_t(c[a]);
      vx[a] += v * uint64_t(c[a]);
    }
  }
  std::array<uint64_t, 3> A;
  for (int a = 0; a < 3; ++a) A[a] = V * wx[a] - W * vx[a];

  std::array<std::pair<uint64_t, uint64_t>, kSymmetries> score;
  std::pair<uint64_t, uint64_t> best{0, 0};
  for (uint8_t i = 0; i < kSymmetries; ++i) {
    const auto& p = kPerms[i >> 1];
    const uint64_t sign = (i & 1) ? uint64_t(-1) : 1;
    score[i] = {sign * A[p[0]], sign * A[p[2]]};
    best = std::max(best, score[i]);
  }

  CanonicalPosition result;
  result.frame.moverIsBlack = moverIsBlack_;
  bool found = false;
  for (uint8_t i = 0; i < kSymmetries; ++i) {
    if (score[i] != best) continue;
    PositionKey candidate;
    const Axial offset = encode(Symmetry{i}, candidate);
    if (!found || candidate < result.key) {
      result.key = candidate;
      result.frame.symmetry = Symmetry{i};
      result.frame.offset = offset;
      found = true;
    }
  }
  return result;
}

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
