#include "notation/notations.hpp"

#include <utility>

#include "notation/notation_table.hpp"

namespace apiary::notation {

std::optional<WriteFormat> parseWriteFormat(std::string_view name) {
  const Notation* notation = findNotation(name, NotationUse::Write);
  return notation ? notation->writes : std::nullopt;
}

std::string_view writeFormatName(WriteFormat format) { return notationWriting(format).name; }

void readGames(grammar::Format format, std::string_view text, const GameSink& sink, ReadOptions options) {
  if (const Notation* notation = notationReading(format)) return notation->readGames(text, sink, options);
  ReplayedGame unknown;
  unknown.error = GameError{1, 1, 0, "the notation of this text was not recognised"};
  sink(std::move(unknown));
}

std::vector<ReplayedGame> readGames(grammar::Format format, std::string_view text, ReadOptions options) {
  std::vector<ReplayedGame> games;
  readGames(format, text, [&](ReplayedGame&& game) { games.push_back(std::move(game)); }, options);
  return games;
}

std::string writeGame(WriteFormat format, const ReplayedGame& game) {
  return notationWriting(format).writeGame(game);
}

std::string writeGames(WriteFormat format, const std::vector<ReplayedGame>& games) {
  std::string out;
  for (const auto& game : games) out += writeGame(format, game);
  return out;
}

// A file's notation, from its first 256 KiB (whole lines) when it is longer: the
// vote over every token costs about as much as parsing the games, and a notation
// shows long before the end of a big file. Only when the start decides nothing is
// the whole text asked.
grammar::Format detectNotation(std::string_view text, std::string_view path) {
  constexpr std::size_t kHead = 256 * 1024;
  if (text.size() > kHead) {
    if (const auto cut = text.rfind('\n', kHead); cut != std::string_view::npos) {
      const grammar::Format format = grammar::detectFormat(text.substr(0, cut + 1), path);
      if (format != grammar::Format::Unknown) return format;
    }
  }
  return grammar::detectFormat(text, path);
}

}  // namespace apiary::notation
