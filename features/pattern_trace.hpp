// What a game's positions tell pattern search without a replay, kept as the game
// is played: per ply the features (Queen neighbours, pieces on top, pinned pieces
// and legal moves up to a cap per colour, whether the ply placed a piece, from
// which pieces in hand follow), and
// for the whole game its contacts: which pairs of bugs (same colour or not) ever
// stood on top of adjacent cells, and which ever stood one right on another. A
// formation can only hold in a game whose contacts include the pairs it needs
// (Formation::requiredContacts).
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "engine/board.hpp"
#include "engine/pinned.hpp"

namespace apiary {

// One position's features in 35 bits: Queen neighbours of White (bits 0-2) and
// Black (3-5), pieces on top of White (6-7) and Black (8-9), bit 10 set when the
// ply that reached it placed a piece, pinned pieces of White (11-14) and Black
// (15-18; a colour has at most 14 pieces), legal moves of White (19-26) and Black
// (27-34) up to kMobilityCap (features/mobility.hpp): the cap means that many or
// more, since counting stops there. Few generated games' counts reach
// it, so a threshold above it replays only those plies; and the tests' games
// still do, so that replay stays checked.
struct PlyFeatures {
  uint64_t bits = 0;

  static constexpr int kBytes = 5;  // as stored, little-endian
  static constexpr int kMobilityCap = 191;

  // Where a feature lies in `bits`: the layout above, written only here.
  struct Field {
    uint8_t shift;
    uint32_t mask;
  };
  static constexpr Field queenNeighboursField(Color c) { return {uint8_t(3 * int(c)), 7}; }
  static constexpr Field onTopField(Color c) { return {uint8_t(6 + 2 * int(c)), 3}; }
  static constexpr Field kPlacedField{10, 1};
  static constexpr Field pinnedField(Color c) { return {uint8_t(11 + 4 * int(c)), 15}; }
  static constexpr Field mobilityField(Color c) { return {uint8_t(19 + 8 * int(c)), 0xFF}; }

  int get(Field f) const { return int(bits >> f.shift & f.mask); }
  void set(Field f, uint32_t value) {
    bits |= uint64_t(value) << f.shift;
  }  // into a field still 0, value within its mask
  int queenNeighbours(Color c) const { return get(queenNeighboursField(c)); }
  int onTop(Color c) const { return get(onTopField(c)); }
  bool placed() const { return get(kPlacedField); }
  int pinned(Color c) const { return get(pinnedField(c)); }
  int mobility(Color c) const { return get(mobilityField(c)); }

  // The empty board's (ply 0, which traces do not keep): all 0 but the legal moves,
  // one a bug of the game type (the archives' rules: a Queen may open).
  static PlyFeatures emptyBoard(GameType type);
};

// A set of contacts: bits 0-127 adjacency of two tops (the lower bug first, the
// higher, other colour), bits 128-255 stacking (upper, the piece right under it,
// other colour).
struct Contacts {
  std::array<uint64_t, 4> words{};

  static int adjacentBit(Bug a, Bug b, bool otherColour) {
    return (int(std::min(a, b)) * kBugs + int(std::max(a, b))) * 2 + otherColour;
  }
  static int stackedBit(Bug upper, Bug lower, bool otherColour) {
    return 128 + (int(upper) * kBugs + int(lower)) * 2 + otherColour;
  }
  void add(int bit) { words[std::size_t(bit >> 6)] |= uint64_t(1) << (bit & 63); }
  bool intersects(const Contacts& o) const {
    return (words[0] & o.words[0]) | (words[1] & o.words[1]) | (words[2] & o.words[2]) | (words[3] & o.words[3]);
  }
  bool empty() const { return !(words[0] | words[1] | words[2] | words[3]); }
};

// Follows one game from its empty board: call played() after each move.
class PatternTrace {
 public:
  explicit PatternTrace(std::size_t plies = 0) { plies_.reserve(plies); }
  // `after` is the board once `m` is played.
  void played(const Board& after, const Move& m);
  const std::vector<PlyFeatures>& plies() const { return plies_; }  // ply 1, 2, ...
  const Contacts& contacts() const { return contacts_; }

 private:
  void touch(const Board& board, Cell cell);
  std::vector<PlyFeatures> plies_;
  Contacts contacts_;
  // Pieces on top, kept by move: only the moved piece climbs or comes down (the
  // same counts as position_features' onTop, which looks at every piece).
  std::array<bool, kPieces> climbed_{};
  int onTop_[2] = {0, 0};
  PinnedTrack pinned_;
};

}  // namespace apiary
