#include "notation/repair.hpp"

#include <array>
#include <bit>
#include <cctype>
#include <utility>

#include "engine/relaxed_movement.hpp"
#include "notation/uhp_text.hpp"

namespace apiary::notation {

namespace {

constexpr std::array<std::pair<RepairKind, std::string_view>, 3> kKindNames = {{
    {RepairKind::SlideRulesIgnored, "slide-rules"},
    {RepairKind::PieceColour, "piece-colour"},
    {RepairKind::ReferenceColour, "reference-colour"},
}};

bool isBugLetter(char c) { return std::string_view("QSBGAMLP").find(c) != std::string_view::npos; }

// Where the colour letters of a text are, the moved piece's first.
std::vector<std::size_t> colourLetters(std::string_view text, ColourLetters letters) {
  std::vector<std::size_t> at;
  if (letters == ColourLetters::None || text == "pass") return at;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (letters == ColourLetters::Case && isBugLetter(char(std::toupper(static_cast<unsigned char>(c)))))
      at.push_back(i);
    else if (letters == ColourLetters::Prefix && (c == 'w' || c == 'b') && i + 1 < text.size() &&
             isBugLetter(text[i + 1]))
      at.push_back(i);
  }
  return at;
}

char flippedLetter(char c, ColourLetters letters) {
  if (letters == ColourLetters::Prefix) return c == 'w' ? 'b' : 'w';
  const auto u = static_cast<unsigned char>(c);
  return char(std::isupper(u) ? std::tolower(u) : std::toupper(u));
}

}  // namespace

std::string_view repairKindName(RepairKind kind) {
  for (const auto& [k, name] : kKindNames)
    if (k == kind) return name;
  return "?";
}

std::optional<RepairKind> parseRepairKind(std::string_view name) {
  for (const auto& [k, text] : kKindNames)
    if (text == name) return k;
  return std::nullopt;
}

int colourLetterCount(std::string_view text, ColourLetters letters) { return int(colourLetters(text, letters).size()); }

std::vector<FlippedText> colourFlips(std::string_view text, ColourLetters letters, int flips) {
  const auto at = colourLetters(text, letters);
  std::vector<FlippedText> out;
  // A move names a handful of pieces; more letters than this is no move.
  if (at.size() > 16) return out;
  for (uint32_t subset = 1; subset < (uint32_t(1) << at.size()); ++subset) {
    if (std::popcount(subset) != flips) continue;
    FlippedText variant{std::string(text), subset};
    for (std::size_t i = 0; i < at.size(); ++i)
      if (subset >> i & 1) variant.text[at[i]] = flippedLetter(text[at[i]], letters);
    out.push_back(std::move(variant));
  }
  return out;
}

std::string repairMessage(const Board& board, std::string_view text, const Repaired& repair) {
  return "'" + grammar::printable(text) + "': repaired: " + repair.detail + " -> " + moveString(board, repair.move);
}

std::optional<Move> onlyMove(const std::vector<Move>& moves) {
  if (moves.empty()) return std::nullopt;
  for (const Move& m : moves)
    if (!(m == moves.front())) return std::nullopt;
  return moves.front();
}

std::vector<Move> relaxedExactMove(const Board& board, const Step& failed) {
  if (failed.move && isLegalIgnoringSlideRules(board, *failed.move)) return {*failed.move};
  return {};
}

}  // namespace apiary::notation
