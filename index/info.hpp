// What `apiary info` prints: what the database holds (its JSON: query/json.hpp).
#pragma once
#include <cstdint>
#include <vector>

#include "index/catalogue/catalogue_counts.hpp"
#include "index/catalogue/synced_files.hpp"

namespace apiary::index {

// The catalogue's counts (games, by type and notation, rejected, sources, ...),
// and what the positions and the disk add.
struct Info : CatalogueCounts {
  uint64_t positions = 0;  // distinct canonical positions
  uint64_t postings = 0;   // (game, position) pairs: the sum of every position's games
  uint64_t bytes = 0;      // on disk, everything in the database directory
  uint64_t catalogueBytes = 0;
  uint64_t positionBytes = 0;
  std::vector<SourceSync> synced;  // each source apiary sync has run on
};

}  // namespace apiary::index
