// The position hash of a canonical key, defined algebraically so that it can be
// computed both from the key's bytes (PositionKey::hash()) and move by move from
// the true coordinates (CanonicalBoard::hashed()), without writing the key.
//
// In the field of p = 2^61 - 1, a key hashes to
//   H = sum over its pieces of z(bug, opponent's, level) * A^q * B^r
// with (q, r) the piece's cell in the canonical frame (the key's first cell at
// (0, 0); negative q uses A's inverse), level counted from the bottom of its stack,
// and z(bug, 1, level) = K * z(bug, 0, level). A, B, K and z are pseudo-random
// constants from fixed seeds. The position hash is mix(H | t << 61), t the low
// three bits of the position's peak moment (canonical_core.hpp): mix is a bijection
// of 64-bit words, so distinct (H, t) stay distinct, and the top 16 bits (the
// store's bucket) are uniform, which H's own (below 2^61) are not.
//
// Why this form: the canonical frame is a symmetry s, then a translation by
// -offset, which multiplies every term by A^-offset.q B^-offset.r. So the sums over
// the true coordinates mapped by each symmetry, one per colour (the mover's pieces
// weigh z, the opponent's K z), give H for either side to move once the frame is
// known; a move changes one piece's term, in each of the 12 sums of its colour.
//
// Distinct keys are distinct sets of (q, r, level, bug, opponent's), so H - H' is a
// nonzero polynomial in the constants (times powers of A and B), which random
// constants make zero with a chance of about its degree / p; t, from unrelated
// weights, agrees by chance one time in eight: two distinct positions share a hash
// about as often as two random 64-bit values do.
#pragma once
#include <array>
#include <cstdint>

#include "engine/canonical_core.hpp"

namespace apiary::position_hash {

inline constexpr uint64_t kP = (uint64_t(1) << 61) - 1;

// Sums of products are accumulated in 128 bits and reduced once: a product of two
// residues is below 2^122, so 64 of them fit.
using Wide = unsigned __int128;
constexpr Wide wideMul(uint64_t a, uint64_t b) { return static_cast<Wide>(a) * b; }
constexpr uint64_t reduce(Wide x) {
  // 2^61 = 1 modulo p: the bits above 61 fold onto the low ones.
  const Wide y = (x & kP) + (x >> 61);
  const uint64_t s = (uint64_t(y) & kP) + uint64_t(y >> 61);
  return s >= kP ? s - kP : s;
}
constexpr uint64_t mulMod(uint64_t a, uint64_t b) {
  const Wide x = wideMul(a, b);  // below 2^122: one fold leaves less than 2 p
  const uint64_t s = (uint64_t(x) & kP) + uint64_t(x >> 61);
  return s >= kP ? s - kP : s;
}
constexpr uint64_t powMod(uint64_t base, uint64_t e) {
  uint64_t result = 1;
  for (; e; e >>= 1, base = mulMod(base, base))
    if (e & 1) result = mulMod(result, base);
  return result;
}

// The constants: splitmix64 outputs of fixed seeds, reduced into [2, p - 1].
constexpr uint64_t constant(uint64_t seed) { return 2 + canonical_detail::mix(seed) % (kP - 2); }
inline constexpr uint64_t kA = constant(0x61706961727941ull), kB = constant(0x61706961727942ull);
inline constexpr uint64_t kK = constant(0x6170696172794Bull);

// z(bug, opponent's, level), by the key's code of a piece ((opponent's << 3) | bug);
// levels past 7 (in no key: a stack holds at most 7 pieces) wrap.
inline constexpr int kLevels = 8;
inline constexpr std::array<std::array<uint64_t, kLevels>, 2 * kBugs> kZ = [] {
  std::array<std::array<uint64_t, kLevels>, 2 * kBugs> z{};
  for (int bug = 0; bug < kBugs; ++bug)
    for (int level = 0; level < kLevels; ++level) {
      z[bug][level] = constant(0x7A00 + bug * kLevels + level);
      z[kBugs + bug][level] = mulMod(kK, z[bug][level]);
    }
  return z;
}();

// Powers base^v for v in [-kPowRange, kPowRange) by table: the canonical frame's
// coordinates and, in play, the true ones. Outside it (a hive that drifted far
// from where the game began), by exponentiation.
inline constexpr int32_t kPowRange = 128;
using PowTable = std::array<uint64_t, 2 * kPowRange>;
constexpr PowTable powTable(uint64_t base) {
  PowTable t{};
  const uint64_t inverse = powMod(base, kP - 2);
  t[kPowRange] = 1;
  for (int32_t v = 1; v <= kPowRange; ++v) {
    if (v < kPowRange) t[kPowRange + v] = mulMod(t[kPowRange + v - 1], base);
    t[kPowRange - v] = mulMod(t[kPowRange - v + 1], inverse);
  }
  return t;
}
inline constexpr PowTable kPowA = powTable(kA), kPowB = powTable(kB);

// base^v for any v: the field's multiplicative group has order p - 1.
uint64_t powFar(uint64_t base, int64_t v);
inline uint64_t powA(int32_t v) {
  return uint32_t(v + kPowRange) < uint32_t(2 * kPowRange) ? kPowA[v + kPowRange] : powFar(kA, v);
}
inline uint64_t powB(int32_t v) {
  return uint32_t(v + kPowRange) < uint32_t(2 * kPowRange) ? kPowB[v + kPowRange] : powFar(kB, v);
}

// H has 61 bits, so on its own two positions would share a hash eight times as
// often as two 64-bit values: the top three bits are taken from the position's
// peak moment (canonical_core.hpp), which is independent of H and, like it, the
// same for every transform of the position.
inline uint64_t finish(uint64_t h, uint64_t peak) { return canonical_detail::mix(h | peak << 61); }

// The hash of a key's bytes (any bytes: those that are no key hash to something).
uint64_t ofKeyBytes(const uint8_t* bytes, std::size_t size);

// The sums for CanonicalBoard: for each colour and symmetry s, the sum over that
// colour's pieces of z(bug, 0, level) * A^q * B^r with (q, r) = s(true coordinates).
class SymmetrySums {
 public:
  // A piece at true coordinates `at`, `level` pieces above the bottom, joins the sums.
  void add(PieceId p, int level, Axial at);
  // A piece moves from one cell and level to another: one pass over the sums.
  void move(PieceId p, int fromLevel, Axial from, int toLevel, Axial to);
  // The position hash with the side to move `mover` in the canonical frame
  // (symmetry, offset) of the position, whose peak moment is `peak`.
  uint64_t hash(Color mover, Symmetry s, Axial offset, uint64_t peak) const {
    const Wide sum = sums_[int(mover)][s.index] + wideMul(kK, reduce(sums_[1 - int(mover)][s.index]));
    return finish(mulMod(mulMod(reduce(sum), powA(-offset.q)), powB(-offset.r)), peak);
  }

 private:
  // Unreduced: every term added is a product below 2^122 (a piece leaving adds
  // those of p - z), and a colour's sums are reduced once they hold kTerms of them
  // (64 fit; a move adds two, hash() one more).
  static constexpr int kTerms = 32;
  void added(int color, int terms);
  std::array<std::array<Wide, kSymmetries>, 2> sums_{};
  std::array<int, 2> terms_{};
};

}  // namespace apiary::position_hash
