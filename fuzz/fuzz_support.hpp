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
#include "grammar/detect.hpp"
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

// Reads `text` as `format`, as a file would arrive; every game accepted, written as
// `write`, reads back as `writtenAs` to one accepted game of as many plies and the
// same position up to symmetry (direction notation writes orientation-free).
inline void readAndRoundTrip(grammar::Format format, std::string_view text, notation::WriteFormat write,
                             grammar::Format writtenAs) {
  notation::readGames(format, text, [&](notation::ReplayedGame&& game) {
    if (!game.ok()) return;
    const std::string written = notation::writeGame(write, game);
    const auto again = notation::readGames(writtenAs, written);
    require(again.size() == 1 && again[0].ok(), "an accepted game, written, reads back");
    require(again[0].board.history().size() == game.board.history().size(), "read back with as many plies");
    require(canonicalize(again[0].board).key == canonicalize(game.board).key, "read back to the same position");
  });
}

inline void readAndRoundTrip(grammar::Format format, std::string_view text, notation::WriteFormat write) {
  readAndRoundTrip(format, text, write, format);
}

}  // namespace apiary::fuzz
