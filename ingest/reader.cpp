#include "ingest/reader.hpp"

#include "notation/notations.hpp"

namespace apiary::ingest {

grammar::Rejection fileRefused(const SourceChunk& chunk, std::string reason) {
  grammar::Rejection refused = grammar::because(std::move(reason));
  refused.file = chunk.path;
  refused.index = -1;
  return refused;
}

grammar::OrRejection<const notation::Notation*> sourceNotation(const SourceChunk& chunk,
                                                               std::span<const notation::Notation> table) {
  using Kind = SourceChunk::Kind;
  if (chunk.kind == Kind::UnusableFile || chunk.kind == Kind::NotGames) return {{}, fileRefused(chunk, chunk.reason)};
  if (chunk.notation) return {chunk.notation, {}};
  if (chunk.text.find_first_not_of(" \t\r\n") == std::string::npos)
    return {{}, fileRefused(chunk, "the file is empty")};
  const notation::Notation* detected = notation::detectNotation(chunk.text, chunk.path, table);
  if (!detected) return {{}, fileRefused(chunk, "not a Hive game file in any notation apiary reads")};
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
      if (!file->error) {
        file->error = grammar::rejectionAt(chunk.pos.line, chunk.pos.column, 0, chunk.reason);
        file->error->file = chunk.path;
        file->error->index = int64_t(file->games.size());
      }
    } else {
      const auto read = sourceNotation(chunk);
      file->notation = read ? *read.value : nullptr;
      if (!read) file->error = read.error;
      else
        notation::readGames(**read.value, chunk.text, [&](notation::ReplayedGame&& game) {
          placeInFile(game, chunk);
          game.index = int(file->games.size());
          file->games.push_back(std::move(game));
        });
    }
    if (chunk.lastOfFile) visit(std::move(*file));
  });
}

}  // namespace apiary::ingest
