// Reads games from paths in any mix of notations: each file's notation is detected
// from its content (the extension is a hint) unless the caller names one.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ingest/chunks.hpp"
#include "notation/game.hpp"

namespace apiary::ingest {

struct SourceGames {
  std::string path;
  const notation::Notation* notation = nullptr;
  std::vector<notation::ReplayedGame> games;  // rejected games carry their error
  std::string error;                          // set when the file itself is unusable
};

// The notation to read a chunk's games in, or why the file holds nothing to read
// (unusable, empty, binary, no notation apiary knows): the one decided for the
// file, else detected among `table`'s rows. Its games are then
// notation::readGames(*notation, chunk.text, sink).
struct SourceNotation {
  const notation::Notation* notation = nullptr;  // set when error is empty
  std::string error;
};
SourceNotation sourceNotation(const SourceChunk& chunk,
                              std::span<const notation::Notation> table = notation::notationTable());

// A game of a chunk whose line numbers count from the chunk's first line: now
// counted from the file's (its index is the caller's to set).
void placeInFile(notation::ReplayedGame& game, const SourceChunk& chunk);

// Every source's games at once, a file at a time, for callers that want them
// together (tests); error says why a file holds nothing, or the first refusal.
void readSources(const std::vector<std::string>& paths, const notation::Notation* named,
                 const std::function<void(SourceGames&&)>& visit);

}  // namespace apiary::ingest
