// `apiary check`: do RocksDB and the catalogue agree?
//
// Always: RocksDB's files against the sizes its MANIFEST records, the batch markers against the catalogue's batches
// (same games, no gap, nothing marked committed that RocksDB lacks). Sample (default): some games chosen at random are
// replayed from the catalogue; every position they pass through must list them at the right ply, and each such
// position's statistics (when it has at most recomputeLimit games) are recomputed
// from all its games in the catalogue and compared field by field.
// Full: every game is replayed and every record read with its postings apart; the
// digests of both sides (digest.hpp) must be equal, every record must hold its
// invariants, and every posting list apart must belong to a position.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "index/catalogue/catalogue.hpp"
#include "index/digest.hpp"
#include "index/positions/position_store.hpp"

namespace apiary::index {

struct CheckOptions {
  bool full = false;
  uint64_t sampleGames = 200;
  uint64_t recomputeLimit = 64;
};

struct CheckReport {
  static constexpr std::size_t kMaxListed = 50;
  std::vector<std::string> problems;  // the first kMaxListed, in words
  uint64_t problemCount = 0;
  uint64_t games = 0;             // visible in the catalogue
  uint64_t gamesChecked = 0;      // replayed
  uint64_t positionsChecked = 0;  // records read
  uint64_t positionsRecomputed = 0;
  Digest stored, recomputed;  // full only
  bool ok() const { return problemCount == 0; }
};

CheckReport runCheck(const PositionStore& store, const Catalogue& catalogue, GameId visible,
                     const CheckOptions& options);

}  // namespace apiary::index
