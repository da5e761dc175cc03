#include "engine/piece.hpp"

#include <cctype>

namespace apiary {

std::string pieceName(PieceId p) {
  std::string name;
  name += colorOf(p) == Color::White ? 'w' : 'b';
  name += kBugLetters[int(bugOf(p))];
  if (kBugCopies[int(bugOf(p))] > 1) name += char('0' + copyOf(p));
  return name;
}

std::optional<PieceId> parsePieceName(std::string_view text) {
  if (text.size() < 2 || text.size() > 3) return std::nullopt;
  const char colour = char(std::tolower(static_cast<unsigned char>(text[0])));
  if (colour != 'w' && colour != 'b') return std::nullopt;
  const auto bugAt = kBugLetters.find(char(std::toupper(static_cast<unsigned char>(text[1]))));
  if (bugAt == std::string_view::npos) return std::nullopt;
  const Bug bug = Bug(bugAt);
  int copy = 1;
  if (text.size() == 3) {
    copy = text[2] - '0';
    if (copy < 1 || copy > kBugCopies[int(bug)]) return std::nullopt;
  } else if (kBugCopies[int(bug)] > 1) {
    return std::nullopt;  // Spiders, Beetles, Grasshoppers and Ants need their number
  }
  return pieceId(colour == 'w' ? Color::White : Color::Black, bug, copy);
}

uint32_t GameType::pieces() const {
  uint32_t mask = 0;
  for (PieceId p = 0; p < kPieces; ++p)
    if (has(bugOf(p))) mask |= pieceBit(p);
  return mask;
}

std::string GameType::name() const {
  std::string name = "Base";
  if (expansions) name += '+';
  if (expansions & kMosquito) name += 'M';
  if (expansions & kLadybug) name += 'L';
  if (expansions & kPillbug) name += 'P';
  return name;
}

std::optional<GameType> GameType::parse(std::string_view text) {
  if (text.size() < 4) return std::nullopt;
  for (int i = 0; i < 4; ++i)
    if (std::tolower(static_cast<unsigned char>(text[i])) != "base"[i]) return std::nullopt;
  text.remove_prefix(4);
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  GameType type;
  uint8_t last = 0;
  for (char ch : text) {
    uint8_t bit = 0;
    switch (std::toupper(static_cast<unsigned char>(ch))) {
      case 'M': bit = kMosquito; break;
      case 'L': bit = kLadybug; break;
      case 'P': bit = kPillbug; break;
      default: return std::nullopt;
    }
    if (bit <= last) return std::nullopt;  // each once, in the order M, L, P
    last = bit;
    type.expansions |= bit;
  }
  return type;
}

GameType GameType::containing(uint32_t pieceMask) {
  GameType type;
  for (PieceId p = 0; p < kPieces; ++p) {
    if (!(pieceMask & pieceBit(p))) continue;
    if (bugOf(p) == Bug::Mosquito) type.expansions |= kMosquito;
    if (bugOf(p) == Bug::Ladybug) type.expansions |= kLadybug;
    if (bugOf(p) == Bug::Pillbug) type.expansions |= kPillbug;
  }
  return type;
}

}  // namespace apiary
