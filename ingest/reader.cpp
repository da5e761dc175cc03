#include "ingest/reader.hpp"

#include "ingest/notations.hpp"

namespace apiary::ingest {

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

SourceFormat sourceFormat(const SourceChunk& chunk) {
  using Kind = SourceChunk::Kind;
  if (chunk.kind == Kind::UnusableFile || chunk.kind == Kind::NotGames) return {grammar::Format::Unknown, chunk.reason};
  if (chunk.format) return {*chunk.format, {}};
  if (chunk.text.find_first_not_of(" \t\r\n") == std::string::npos) return {grammar::Format::Unknown, "the file is empty"};
  const grammar::Format format = detectNotation(chunk.text, chunk.path);
  if (format == grammar::Format::Unknown) return {format, "not a Hive game file in any notation apiary reads"};
  return {format, {}};
}

void placeInFile(ReplayedGame& game, const SourceChunk& chunk) {
  const int before = chunk.firstLine - 1;
  if (game.pos.line) game.pos.line += before;
  if (game.error && game.error->line) game.error->line += before;
}

void readSources(const std::vector<std::string>& paths, std::optional<grammar::Format> format,
                 const std::function<void(SourceGames&&)>& visit) {
  std::optional<SourceGames> file;
  ChunkOptions options;
  options.format = format;
  forEachChunk(paths, options, [&](SourceChunk&& chunk) {
    if (chunk.firstOfFile) file = SourceGames{chunk.path, grammar::Format::Unknown, {}, {}};
    if (chunk.kind == SourceChunk::Kind::RefusedGame) {
      if (file->error.empty()) file->error = chunk.reason;
    } else {
      const SourceFormat read = sourceFormat(chunk);
      file->format = read.format;
      if (!read.error.empty()) file->error = read.error;
      else readGames(read.format, chunk.text, [&](ReplayedGame&& game) {
        placeInFile(game, chunk);
        game.index = int(file->games.size());
        file->games.push_back(std::move(game));
      });
    }
    if (chunk.lastOfFile) visit(std::move(*file));
  });
}

std::string describeError(const std::string& path, const GameError& error) {
  std::string out = path + ":" + std::to_string(error.line) + ":" + std::to_string(error.column) + ": ";
  if (error.ply > 0) out += "ply " + std::to_string(error.ply) + ": ";
  return out + error.message;
}

}  // namespace apiary::ingest
