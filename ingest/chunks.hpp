// Sources cut into chunks of whole games, so that memory follows one game and not
// one file: a file is read a block at a time and handed on in pieces of about
// caps::kChunkBytes, each cut where a game starts (a tag line, `[Name "value"]` or
// `Name: value`, after a line that is neither a tag nor a comment; or a GameString). A game over the caps, or holding a
// NUL byte, is refused on its own, with its line and column, and the rest of the file goes on.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "grammar/syntax.hpp"
#include "ingest/sources.hpp"
#include "notation/notation_table.hpp"

namespace apiary::ingest {

struct SourceChunk {
  enum class Kind {
    Games,         // text: whole games
    RefusedGame,   // one game refused before parsing: pos and reason
    UnusableFile,  // the file cannot be read: reason
    NotGames,      // the file holds no games (not a notation, binary, empty): reason
    EndOfPath,     // every source of `path`, a path the caller named, came before
  };
  Kind kind = Kind::Games;
  std::string path;
  bool named = false;  // the user named this file (then holding no games is an error)
  std::string text;
  int firstLine = 1;  // the file's line number of text's first line
  grammar::SourcePos pos;
  std::string reason;
  // Decided once for a file cut in several chunks (or forced); else the reader detects.
  const notation::Notation* notation = nullptr;
  bool firstOfFile = false, lastOfFile = false;
};

struct ChunkOptions {
  const notation::Notation* notation = nullptr;  // none: detected per file, among:
  std::span<const notation::Notation> notations = notation::notationTable();
  SourceOptions sources;
  std::size_t chunkBytes = 0;  // 0: caps::kChunkBytes
};

// Calls visit with each source's chunks in order (every file's first has
// firstOfFile, its last lastOfFile).
void forEachChunk(const std::vector<std::string>& paths, const ChunkOptions& options,
                  const std::function<void(SourceChunk&&)>& visit);
// The same over paths handed over one at a time, each one's chunks followed by an
// EndOfPath chunk.
void forEachChunk(const NextPath& next, const ChunkOptions& options, const std::function<void(SourceChunk&&)>& visit);

}  // namespace apiary::ingest
