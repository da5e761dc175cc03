// Pieces, bugs, colours and game types. A piece is one of 28 fixed identities:
// colour * 14 + slot, the slots holding the Queen, two Spiders, two Beetles, three
// Grasshoppers, three Ants, the Mosquito, the Ladybug and the Pillbug. Copies of a
// bug enter play in order (S1 before S2), so the slot is the UHP number.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace apiary {

enum class Color : uint8_t { White, Black };
constexpr Color other(Color c) { return Color(1 - int(c)); }

enum class Bug : uint8_t { Queen, Spider, Beetle, Grasshopper, Ant, Mosquito, Ladybug, Pillbug };
inline constexpr int kBugs = 8;
inline constexpr std::string_view kBugLetters = "QSBGAMLP";

using PieceId = uint8_t;
inline constexpr int kSlots = 14;
inline constexpr int kPieces = 2 * kSlots;
inline constexpr PieceId kNoPiece = 0xFF;

inline constexpr std::array<Bug, kSlots> kSlotBug = {
    Bug::Queen,       Bug::Spider, Bug::Spider, Bug::Beetle, Bug::Beetle,   Bug::Grasshopper, Bug::Grasshopper,
    Bug::Grasshopper, Bug::Ant,    Bug::Ant,    Bug::Ant,    Bug::Mosquito, Bug::Ladybug,     Bug::Pillbug};
inline constexpr std::array<uint8_t, kBugs> kBugFirstSlot = {0, 1, 3, 5, 8, 11, 12, 13};
inline constexpr std::array<uint8_t, kBugs> kBugCopies = {1, 2, 2, 3, 3, 1, 1, 1};

constexpr PieceId pieceId(Color c, Bug b, int copy = 1) {
  return PieceId(int(c) * kSlots + kBugFirstSlot[int(b)] + copy - 1);
}
constexpr Color colorOf(PieceId p) { return Color(p / kSlots); }
constexpr Bug bugOf(PieceId p) { return kSlotBug[p % kSlots]; }
constexpr int copyOf(PieceId p) { return p % kSlots - kBugFirstSlot[int(bugOf(p))] + 1; }
constexpr uint32_t pieceBit(PieceId p) { return uint32_t(1) << p; }
constexpr uint32_t colorMask(Color c) { return ((uint32_t(1) << kSlots) - 1) << (int(c) * kSlots); }
// How many pieces a mask holds, counted in the register: a portable build assumes
// no POPCNT instruction, and std::popcount is then a library call.
constexpr int pieceCount(uint32_t mask) {
  mask -= (mask >> 1) & 0x55555555u;
  mask = (mask & 0x33333333u) + ((mask >> 2) & 0x33333333u);
  return int((((mask + (mask >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}

// "wA1", "bQ", "wP": the UHP name.
std::string pieceName(PieceId p);
// Parses a UHP piece name, also "wP1" and any letter case; nullopt when invalid.
std::optional<PieceId> parsePieceName(std::string_view text);

// Game types: Base plus any of the Mosquito, Ladybug and Pillbug expansions.
struct GameType {
  uint8_t expansions = 0;  // bit 0 Mosquito, 1 Ladybug, 2 Pillbug
  static constexpr uint8_t kMosquito = 1, kLadybug = 2, kPillbug = 4;
  static constexpr GameType all() { return GameType{7}; }

  bool has(Bug b) const {
    switch (b) {
      case Bug::Mosquito: return expansions & kMosquito;
      case Bug::Ladybug: return expansions & kLadybug;
      case Bug::Pillbug: return expansions & kPillbug;
      default: return true;
    }
  }
  bool operator==(const GameType&) const = default;
  // Pieces of both colours that exist in this game type.
  uint32_t pieces() const;
  std::string name() const;                                     // "Base", "Base+MLP"
  static std::optional<GameType> parse(std::string_view text);  // also "BaseMLP"
  // The smallest game type that contains every piece in the mask.
  static GameType containing(uint32_t pieceMask);
};
inline constexpr std::array<GameType, 8> kAllGameTypes = {GameType{0}, GameType{1}, GameType{2}, GameType{4},
                                                          GameType{3}, GameType{5}, GameType{6}, GameType{7}};

}  // namespace apiary
