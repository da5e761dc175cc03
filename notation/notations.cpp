#include "notation/notations.hpp"

#include <array>
#include <utility>

namespace apiary::notation {

namespace {
constexpr std::array<std::pair<WriteFormat, std::string_view>, 7> kWriteFormats = {{
    {WriteFormat::Uhp, "uhp"},
    {WriteFormat::PgnLike, "pgn-like"},
    {WriteFormat::Direction, "direction"},
    {WriteFormat::AlgebraicShort, "algebraic"},
    {WriteFormat::AlgebraicLong, "algebraic-long"},
    {WriteFormat::AlgebraicCompressed, "algebraic-compressed"},
    {WriteFormat::PositionString, "fen"},
}};
}  // namespace

std::optional<WriteFormat> parseWriteFormat(std::string_view name) {
  for (const auto& [format, text] : kWriteFormats)
    if (text == name) return format;
  return std::nullopt;
}

std::string_view writeFormatName(WriteFormat format) {
  for (const auto& [f, text] : kWriteFormats)
    if (f == format) return text;
  return "?";
}

void readGames(grammar::Format format, std::string_view text, const GameSink& sink) {
  switch (format) {
    case grammar::Format::Uhp: return readUhp(text, sink);
    case grammar::Format::Sgf: return readSgf(text, sink);
    case grammar::Format::PgnLike: return readPgnLike(text, sink);
    case grammar::Format::Direction: return readDirection(text, sink);
    case grammar::Format::Algebraic: return readAlgebraic(text, sink);
    case grammar::Format::PositionString: return readPositions(text, sink);
    default: break;
  }
  ReplayedGame unknown;
  unknown.error = GameError{1, 1, 0, "the notation of this text was not recognised"};
  sink(std::move(unknown));
}

std::vector<ReplayedGame> readGames(grammar::Format format, std::string_view text) {
  std::vector<ReplayedGame> games;
  readGames(format, text, [&](ReplayedGame&& game) { games.push_back(std::move(game)); });
  return games;
}

std::string writeGame(WriteFormat format, const ReplayedGame& game) {
  switch (format) {
    case WriteFormat::Uhp: return writeUhp(game);
    case WriteFormat::PgnLike: return writePgnLike(game);
    case WriteFormat::Direction: return writeDirection(game);
    case WriteFormat::AlgebraicShort: return writeAlgebraic(game, grammar::algebraic::Form::Short);
    case WriteFormat::AlgebraicLong: return writeAlgebraic(game, grammar::algebraic::Form::Long);
    case WriteFormat::AlgebraicCompressed: return writeAlgebraic(game, grammar::algebraic::Form::Compressed);
    case WriteFormat::PositionString: return writePosition(game.board) + "\n";
  }
  return {};
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
