// Reads games from paths in any mix of notations: each file's notation is detected
// from its content (the extension is a hint) unless the caller names one.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "grammar/detect.hpp"
#include "notation/game.hpp"
#include "ingest/sources.hpp"

namespace apiary::ingest {

struct SourceGames {
  std::string path;
  grammar::Format format = grammar::Format::Unknown;
  std::vector<notation::ReplayedGame> games;  // rejected games carry their error
  std::string error;                // set when the file itself is unusable
};

// The notation to read a source in, or why it holds nothing to read (unreadable,
// empty, no notation apiary knows): `forced` when the caller names one, else
// detected. Its games are then notation::readGames(format, source.text, sink).
struct SourceFormat {
  grammar::Format format = grammar::Format::Unknown;
  std::string error;
};
SourceFormat sourceFormat(const SourceText& source, std::optional<grammar::Format> forced);

// Every source's games at once, for callers that want them together.
void readSources(const std::vector<std::string>& paths, std::optional<grammar::Format> format,
                 const std::function<void(SourceGames&&)>& visit);

}  // namespace apiary::ingest
