// Duplicate games: clusters of records that are the same game, or parts of it.
// Games are compared by their sequence of canonical positions (engine/canonical),
// so rotated, mirrored and colour-swapped records in any notation compare equal.
//
//   exact       the same sequence of canonical positions, ply for ply (so the same
//               length): the same game recorded twice.
//   prefix      a game's whole sequence is a strict prefix of another's: a record
//               that stops where another goes on (a truncated copy). Clusters are
//               the connected groups of such pairs.
//   transposed  the same final position after the same number of plies, by
//               different sequences: the moves in another order.
//
// Games shorter than minPlies are in no cluster (as the shorter game of a prefix
// pair, or at all for the other modes): short sequences are openings that many
// unrelated games share, and every game is an extension of the empty board. See
// query/README.md for the rule, bench/RESULTS.md for the measurements behind the
// default.
//
// Cost, for N games (see bench/RESULTS.md): one pass over the catalogue's plies,
// final position and sequence columns (exact, transposed); for prefix one ordered
// scan of RocksDB decoding only the final positions of games, and a replay of each
// game that passes a shorter game's final position at the same ply.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "index/database.hpp"
#include "index/game_query.hpp"

namespace apiary::query {

enum class DedupMode { Exact, Prefix, Transposed };

std::string_view dedupModeName(DedupMode mode);  // "exact", "prefix", "transposed"
std::optional<DedupMode> parseDedupMode(std::string_view name);

struct DedupOptions {
  bool exact = true, prefix = true, transposed = true;  // which modes to report
  index::GameQuery filter;                              // only games the filter keeps are compared
  uint32_t minPlies = 20;                               // shorter games are in no cluster
};

struct DuplicateGame {
  index::GameId id = 0;
  std::string source;       // the file, or "archive.zip/member"
  int64_t sourceIndex = 0;  // 0-based position of the game in it
  std::string notation;
  uint32_t plies = 0;
};

struct DuplicateCluster {
  DedupMode mode = DedupMode::Exact;
  std::string reason;                // why these games match, in words
  std::vector<DuplicateGame> games;  // by id
};

// Seconds, by phase.
struct DedupTimings {
  double catalogue = 0;     // every game's keys, and the filter
  double exact = 0;         // grouping, and reading the clusters' games
  double prefixScan = 0;    // postings of the games' final positions
  double prefixReplay = 0;  // replaying the candidates, grouping
  double transposed = 0;    // grouping, replaying the clusters' games
  double total = 0;
};

struct DedupReport {
  std::vector<DuplicateCluster> clusters;  // exact, then prefix, then transposed; by first id
  uint64_t games = 0;                      // games the filter kept
  uint64_t compared = 0;                   // of those, games of at least minPlies
  uint64_t prefixCandidates = 0;           // (shorter, longer) pairs checked by replay
  DedupTimings timings;
};

// Throws std::invalid_argument for a filter value that cannot mean anything.
DedupReport findDuplicates(const index::Database& db, const DedupOptions& options);

}  // namespace apiary::query
