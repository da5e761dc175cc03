// The limits that keep reading bounded whatever the input: memory in proportion to
// one game, never to a file, and an endless or hostile input refused rather than
// read to its end. Each is far above what real games need (the largest real game
// in ../shared is 8 KiB, its longest line 60 bytes).
#pragma once
#include <cstddef>

namespace apiary::ingest::caps {

// A game's text, tags and comments included: 30 times the largest real game, and
// small enough that the most expensive grammar on its worst text stays in tens of MiB.
inline constexpr std::size_t kGameBytes = 256 * 1024;
// One line: a GameString of a 1,000-ply game is ~10 KiB; grammars and error
// messages never see a longer one.
inline constexpr std::size_t kLineBytes = 64 * 1024;
// After a refused game, how far to look for the next one before giving up on the
// file: an endless stream (`/dev/zero` through a pipe) stops here.
inline constexpr std::size_t kSkipBytes = 16 * 1024 * 1024;
// Text handed to a worker at once: whole games, about this much. Big enough that a
// worker's fixed costs vanish, small enough that every file, however big, is cut
// into many and read by all cores with memory flat.
inline constexpr std::size_t kChunkBytes = 1024 * 1024;
// A zip entry's inflated size, and how much it may inflate: text compresses 4-10
// times; a bomb of repeated bytes 1,000 times. The ratio counts for entries past a
// MiB only, so small entries of any shape pass.
inline constexpr std::size_t kArchiveEntryBytes = std::size_t(4) * 1024 * 1024 * 1024;
inline constexpr std::size_t kArchiveRatio = 100;
inline constexpr std::size_t kArchiveRatioFrom = 1024 * 1024;
// What notation detection looks at when a file is cut into chunks.
inline constexpr std::size_t kDetectBytes = 256 * 1024;

}  // namespace apiary::ingest::caps
