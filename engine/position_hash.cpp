#include "engine/position_hash.hpp"

#include <utility>

namespace apiary::position_hash {

using canonical_detail::kColAxis;
using canonical_detail::kRowAxis;

uint64_t powFar(uint64_t base, int64_t v) {
  const int64_t order = int64_t(kP - 1);
  return powMod(base, uint64_t((v % order + order) % order));
}

uint64_t ofKeyBytes(const uint8_t* bytes, std::size_t size) {
  // The encoding is canonical.hpp's, read as decodeKey reads it, one byte at a time:
  // a step to the next cell, or a piece at `level` of the current cell. Cells come
  // row by row: a row's terms z * A^q are summed (at most 55 pieces in 55 bytes, so
  // 128 bits hold them), and the row's sum times B^r once. Each cell's content (its
  // codes are the key's) joins the moments that give the peak.
  Wide h = 0, row = 0;
  int32_t q = 0, r = 0;
  uint64_t at = 1;  // A^q
  int level = 0;    // of the next piece; -1: the next byte is a step
  uint32_t content = 0;
  canonical_detail::Moments moments;
  for (std::size_t i = 0; i < size; ++i) {
    const uint8_t byte = bytes[i];
    if (level >= 0) {
      row += wideMul(kZ[byte & 15][level & (kLevels - 1)], at);
      content |= canonical_detail::atLevel(byte & 15u, level);
      if (byte & 0x80) {
        ++level;
        continue;
      }
      moments.add(canonical_detail::weightsOfContent(content | uint32_t(level + 1) << 28), q, r);
      content = 0;
      level = -1;
      continue;
    }
    q += (byte & 63) - 32;
    if (byte >> 6) {
      h += wideMul(reduce(row), powB(r));
      row = 0;
      r += byte >> 6;
    }
    at = powA(q);
    level = 0;
  }
  return finish(reduce(h + wideMul(reduce(row), powB(r))), canonical_detail::peakMoment(moments));
}

namespace {

// z * A^v and B^v for the six signed cube coordinates v = (q, -q-r, r, -q, q+r, -r)
// of a cell: symmetry i puts cube axes (kColAxis[i], kRowAxis[i]) as its (q, r),
// negated when i is odd, so its term is za[kColAxis[i] + 3 (i & 1)] times
// b[kRowAxis[i] + 3 (i & 1)].
struct Powers {
  std::array<uint64_t, 6> za, b;
};

// z(bug, 0, 0) * A^v for v in [-kGroundRange, kGroundRange): most moves begin and
// end on the ground near where the game began, and their powers then need no
// product.
constexpr int32_t kGroundRange = 64;
constexpr auto kGroundZA = [] {
  std::array<std::array<uint64_t, 2 * kGroundRange>, kBugs> t{};
  for (int bug = 0; bug < kBugs; ++bug)
    for (int32_t v = -kGroundRange; v < kGroundRange; ++v)
      t[bug][v + kGroundRange] = mulMod(kZ[bug][0], kPowA[v + kPowRange]);
  return t;
}();

bool within(Axial at, int32_t range) {  // |q|, |r| and |q + r| below range
  const auto in = [&](int32_t c) { return uint32_t(c + range - 1) < uint32_t(2 * range - 1); };
  return in(at.q) && in(at.r) && in(at.q + at.r);
}

// The powers of a piece joining (or, leaving, of -z: p - z) the sums. Unrolled, so
// that the indexes are constants (GCC -O2 does not unroll the loops).
Powers powersOf(PieceId p, int level, bool leaving, Axial at) {
  const std::array<int32_t, 6> v = {at.q, -at.q - at.r, at.r, -at.q, at.q + at.r, -at.r};
  const int bug = int(bugOf(p));
  Powers x;
  const auto each = [&](auto&& power) {
    [&]<std::size_t... J>(std::index_sequence<J...>) { (power(J), ...); }
    (std::make_index_sequence<6>{});
  };
  if (level == 0 && within(at, kGroundRange)) [[likely]] {
    const auto& za = kGroundZA[bug];
    each([&](std::size_t j) {
      x.za[j] = leaving ? kP - za[v[j] + kGroundRange] : za[v[j] + kGroundRange];
      x.b[j] = kPowB[v[j] + kPowRange];
    });
    return x;
  }
  const uint64_t z = kZ[bug][level & (kLevels - 1)], signedZ = leaving ? kP - z : z;
  each([&](std::size_t j) {
    x.za[j] = mulMod(signedZ, powA(v[j]));
    x.b[j] = powB(v[j]);
  });
  return x;
}

template <std::size_t I>
Wide term(const Powers& x) {
  return wideMul(x.za[kColAxis[I] + 3 * (I & 1)], x.b[kRowAxis[I] + 3 * (I & 1)]);
}

}  // namespace

void SymmetrySums::add(PieceId p, int level, Axial at) {
  const Powers x = powersOf(p, level, false, at);
  auto& sums = sums_[int(colorOf(p))];
  [&]<std::size_t... I>(std::index_sequence<I...>) { ((sums[I] += term<I>(x)), ...); }
  (std::make_index_sequence<kSymmetries>{});
  added(int(colorOf(p)), 1);
}

void SymmetrySums::move(PieceId p, int fromLevel, Axial from, int toLevel, Axial to) {
  const Powers out = powersOf(p, fromLevel, true, from), in = powersOf(p, toLevel, false, to);
  auto& sums = sums_[int(colorOf(p))];
  [&]<std::size_t... I>(std::index_sequence<I...>) { ((sums[I] += term<I>(out) + term<I>(in)), ...); }
  (std::make_index_sequence<kSymmetries>{});
  added(int(colorOf(p)), 2);
}

void SymmetrySums::added(int color, int terms) {
  terms_[color] += terms;
  if (terms_[color] < kTerms) return;
  terms_[color] = 0;
  for (Wide& sum : sums_[color]) sum = reduce(sum);
}

}  // namespace apiary::position_hash
