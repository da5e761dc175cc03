// The opening explorer: the games through a position and every move played from
// it, with results, average game length, and how many games reached each next
// position by this move (continuations) or by another route (transpositions).
//
// Unfiltered, the counts are the index's own aggregates (the position's statistics
// and one games count per move played, none of their postings decoded); average
// lengths come with them (the index sums the games' lengths). With a filter they
// are recomputed over the games it keeps: the position's postings intersected with
// the kept games (which carry their lengths), and each kept game's move found
// through the next positions' postings (game_edges.hpp).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/board.hpp"
#include "index/counts.hpp"
#include "index/database.hpp"
#include "index/game_query.hpp"
#include "notation/notations.hpp"
#include "query/filters/kept_games.hpp"

namespace apiary::query {

struct MoveStats {
  Move move;         // on Exploration::board, in the user's coordinates
  std::string text;  // in the chosen notation
  index::PositionHash next = 0;
  // Continuations: the games that played the move here; mover = the player making it.
  index::Counts counts;
  uint64_t transpositions = 0;         // games that reached the next position by another route
  std::optional<double> averagePlies;  // of the continuations
};

struct Exploration {
  Board board;  // the position, set up without restrictions (next_positions.hpp)
  index::PositionHash position = 0;
  index::Counts counts;  // games through the position; mover = the side to move here
  std::optional<double> averagePlies;
  std::vector<MoveStats> moves;  // most games first
  uint64_t unlisted = 0;         // next positions of the index no legal move reaches (0 unless corrupt)
};

struct ExploreOptions {
  const notation::Notation* notation = &notation::uhpNotation();  // a row that writes moves
  KeptGames* filter = nullptr;                                    // none: every game
};

Exploration explore(const index::Database& db, const index::GameSearch& catalogue, const Board& position,
                    const ExploreOptions& options = {});

}  // namespace apiary::query
