// Reads games from paths in any mix of notations: each file's notation is detected
// from its content (the extension is a hint) unless the caller names one.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "grammar/rejection.hpp"
#include "ingest/chunks.hpp"
#include "notation/game.hpp"

namespace apiary::ingest {

struct SourceGames {
  std::string path;
  const notation::Notation* notation = nullptr;
  std::vector<notation::ReplayedGame> games;  // rejected games carry their error
  // The file's refusal as a whole (index -1) when it is unusable, else the first
  // game refused before it could be read (a game past the caps).
  std::optional<grammar::Rejection> error;
};

// The refusal of a chunk's file as a whole: its path, index -1, no place in it.
grammar::Rejection fileRefused(const SourceChunk& chunk, std::string reason);

// The notation to read a chunk's games in, or the refusal of the file as a whole
// (its path, index -1) that says why it holds nothing to read (unusable, empty,
// binary, no notation apiary knows): the one decided for the file, else detected
// among `table`'s rows. Its games are then notation::readGames(**read.value, ...).
grammar::OrRejection<const notation::Notation*> sourceNotation(
    const SourceChunk& chunk, std::span<const notation::Notation> table = notation::notationTable());

// A game of a chunk whose line numbers count from the chunk's first line: now
// counted from the file's (its index is the caller's to set).
void placeInFile(notation::ReplayedGame& game, const SourceChunk& chunk);

// Every source's games at once, a file at a time, for callers that want them
// together (tests); error says why a file holds nothing, or the first refusal.
void readSources(const std::vector<std::string>& paths, const notation::Notation* named,
                 const std::function<void(SourceGames&&)>& visit);

}  // namespace apiary::ingest
