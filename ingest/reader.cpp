#include "ingest/reader.hpp"

#include "notation/notations.hpp"

namespace apiary::ingest {

SourceNotation sourceNotation(const SourceChunk& chunk, std::span<const notation::Notation> table) {
  using Kind = SourceChunk::Kind;
  if (chunk.kind == Kind::UnusableFile || chunk.kind == Kind::NotGames) return {nullptr, chunk.reason};
  if (chunk.notation) return {chunk.notation, {}};
  if (chunk.text.find_first_not_of(" \t\r\n") == std::string::npos) return {nullptr, "the file is empty"};
  const notation::Notation* detected = notation::detectNotation(chunk.text, chunk.path, table);
  if (!detected) return {nullptr, "not a Hive game file in any notation apiary reads"};
  return {detected, {}};
}

void placeInFile(notation::ReplayedGame& game, const SourceChunk& chunk) {
  const int before = chunk.firstLine - 1;
  if (game.pos.line) game.pos.line += before;
  if (game.error && game.error->line) game.error->line += before;
  for (auto& repair : game.repairs)
    if (repair.where.line) repair.where.line += before;
}

void readSources(const std::vector<std::string>& paths, const notation::Notation* named,
                 const std::function<void(SourceGames&&)>& visit) {
  std::optional<SourceGames> file;
  ChunkOptions options;
  options.notation = named;
  forEachChunk(paths, options, [&](SourceChunk&& chunk) {
    if (chunk.firstOfFile) file = SourceGames{chunk.path, nullptr, {}, {}};
    if (chunk.kind == SourceChunk::Kind::RefusedGame) {
      if (file->error.empty()) file->error = chunk.reason;
    } else {
      const SourceNotation read = sourceNotation(chunk);
      file->notation = read.notation;
      if (!read.error.empty()) file->error = read.error;
      else
        notation::readGames(*read.notation, chunk.text, [&](notation::ReplayedGame&& game) {
          placeInFile(game, chunk);
          game.index = int(file->games.size());
          file->games.push_back(std::move(game));
        });
    }
    if (chunk.lastOfFile) visit(std::move(*file));
  });
}

}  // namespace apiary::ingest
