// Which move each game played from a position, for statistics over a subset of the
// games (a filter). The index keeps, per position, the games through it (postings:
// game, first ply) and summed counts per next position, but not which game went
// where; this recovers it through postings: a game at the position at ply p that is
// at a next position at ply p + 1 went there (postings keep the first ply); a game
// at a next position at any other ply may have come back or transposed, and is
// replayed from the catalogue, every visit of the position followed to the next
// position (a game that comes back and leaves by another move went to two). The
// cost is reading the next positions' postings, not replaying, so it scales to
// popular positions.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "engine/canonical.hpp"
#include "index/database.hpp"
#include "index/game_query.hpp"
#include "query/filters/kept_games.hpp"

namespace apiary::query {

// A game through the position: the first ply it was there, and its facts.
struct PositionGame {
  index::GameId id = 0;
  uint32_t ply = 0;
  index::Outcome outcome = index::Outcome::Unknown;
  uint32_t plies = 0;
};

struct GameEdges {
  std::vector<std::vector<uint32_t>> games;  // per next position: indexes into the games, ascending
  std::vector<uint64_t> reached;             // per next position: its games the filter keeps (by postings only)
};

// The hashes of the positions `game` reached right after each visit of `position`,
// which it first reached at `ply`; empty when the game does not replay to it.
std::vector<index::PositionHash> nextAfterVisits(const index::GameRow& game, index::PositionHash position,
                                                 uint32_t ply);

// `games` are the position's games the filter keeps, newest first (posting order);
// `next` the next positions, read with their postings in `reads` from `firstNext` on.
GameEdges edgesByPostings(const index::GameSearch& catalogue, index::PositionHash position,
                          std::span<const PositionGame> games, std::span<const index::PositionHash> next,
                          const index::PositionReads& reads, std::size_t firstNext, const KeptSet& filter);

}  // namespace apiary::query
