// What the fuzz targets share: the input as text, an invariant check that aborts
// (so libFuzzer keeps the input as a crash), and the read-write-read round trip.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "engine/canonical.hpp"
#include "notation/notations.hpp"

namespace apiary::fuzz {

inline std::string_view textOf(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

inline void require(bool holds, const char* what) {
  if (holds) return;
  std::fprintf(stderr, "invariant broken: %s\n", what);
  std::abort();
}

// The table's row of that name that serves `use`.
inline const notation::Notation& row(std::string_view name, notation::NotationUse use) {
  const notation::Notation* found = notation::findNotation(name, use);
  require(found != nullptr, "the notation table has the row a target names");
  return *found;
}

// Reads `text` as notation `read`, as a file would arrive; every game accepted,
// written as `write`, reads back as `writtenAs` to one accepted game of as many
// plies and the same position up to symmetry (direction notation writes
// orientation-free).
inline void readAndRoundTrip(std::string_view read, std::string_view text, std::string_view write,
                             std::string_view writtenAs) {
  using notation::NotationUse;
  const notation::Notation& writer = row(write, NotationUse::Write);
  const notation::Notation& reader = row(writtenAs, NotationUse::Read);
  notation::readGames(row(read, NotationUse::Read), text, [&](notation::ReplayedGame&& game) {
    if (!game.ok()) return;
    const std::string written = notation::writeGame(writer, game);
    const auto again = notation::readGames(reader, written);
    require(again.size() == 1 && again[0].ok(), "an accepted game, written, reads back");
    require(again[0].board.history().size() == game.board.history().size(), "read back with as many plies");
    require(canonicalize(again[0].board).key == canonicalize(game.board).key, "read back to the same position");
  });
}

inline void readAndRoundTrip(std::string_view notation, std::string_view text, std::string_view write) {
  readAndRoundTrip(notation, text, write, notation);
}

}  // namespace apiary::fuzz
