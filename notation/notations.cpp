#include "notation/notations.hpp"

#include <optional>
#include <vector>

#include "notation/white_first.hpp"

namespace apiary::notation {

void readGames(const Notation& notation, std::string_view text, const GameSink& sink, ReadOptions options) {
  notation.readGames(text, sink, options);
}

std::vector<ReplayedGame> readGames(const Notation& notation, std::string_view text, ReadOptions options) {
  std::vector<ReplayedGame> games;
  readGames(
      notation, text, [&](ReplayedGame&& game) { games.push_back(std::move(game)); }, options);
  return games;
}

// The one place a game Black began meets a notation where White moves first.
std::string writeGame(const Notation& notation, const ReplayedGame& game) {
  if (notation.whiteFirst)
    if (const std::optional<ReplayedGame> swapped = whiteFirst(game)) return notation.writeGame(*swapped);
  return notation.writeGame(game);
}

std::string writeGames(const Notation& notation, const std::vector<ReplayedGame>& games) {
  std::string out;
  for (const auto& game : games) out += writeGame(notation, game);
  return out;
}

namespace {

// The row a tie falls to: the one whose sniffer lists the hint's extension, else
// the reading row the hint names (the words convert reads).
const Notation* hinted(std::string_view hint, std::span<const Notation* const> rows, std::span<const Notation> table) {
  const auto dot = hint.find_last_of('.');
  const auto slash = hint.find_last_of("/\\");
  if (dot != std::string_view::npos && (slash == std::string_view::npos || dot > slash)) hint = hint.substr(dot + 1);
  std::string word(hint);
  for (char& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const Notation* row : rows)
    for (std::string_view extension : row->sniffer->extensions)
      if (!extension.empty() && extension == word) return row;
  return word.empty() ? nullptr : findNotation(word, NotationUse::Read, table);
}

}  // namespace

// A file's notation, from its first 256 KiB (whole lines) when it is longer: the
// vote over every token costs about as much as parsing the games, and a notation
// shows long before the end of a big file. Only when the start decides nothing is
// the whole text asked.
const Notation* detectNotation(std::string_view text, std::string_view path, std::span<const Notation> table) {
  std::vector<const Notation*> rows;
  std::vector<const grammar::Sniffer*> sniffers;
  for (const Notation& n : table) {
    if (!n.sniffer || !n.readGames) continue;
    rows.push_back(&n);
    sniffers.push_back(n.sniffer);
  }
  auto detect = [&](std::string_view part) -> const Notation* {
    const grammar::Sniffed sniffed = grammar::sniff(part, sniffers);
    if (sniffed.verdict == grammar::Sniffed::Verdict::Decided) return rows[sniffed.which];
    if (sniffed.verdict == grammar::Sniffed::Verdict::Undecided) return hinted(path, rows, table);
    return nullptr;
  };
  constexpr std::size_t kHead = 256 * 1024;
  if (text.size() > kHead) {
    if (const auto cut = text.rfind('\n', kHead); cut != std::string_view::npos)
      if (const Notation* notation = detect(text.substr(0, cut + 1))) return notation;
  }
  return detect(text);
}

}  // namespace apiary::notation
