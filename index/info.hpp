// What `apiary info` prints: what the database holds (its JSON: query/json.hpp).
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "index/catalogue/synced_files.hpp"

namespace apiary::index {

struct Info {
  uint64_t games = 0;
  uint64_t positions = 0;  // distinct canonical positions
  uint64_t postings = 0;   // (game, position) pairs: the sum of every position's games
  uint64_t bytes = 0;      // on disk, everything in the database directory
  uint64_t catalogueBytes = 0;
  uint64_t positionBytes = 0;
  uint64_t batches = 0;
  uint64_t sources = 0;
  uint64_t rejected = 0;
  uint64_t repaired = 0;  // games read leniently, with at least one repair
  std::map<std::string, uint64_t> gamesByType;
  std::map<std::string, uint64_t> notations;  // games by the notation they were read in
  std::string newestDate;          // the latest game's date (ISO, maybe only yyyy[-mm]); empty when none is dated
  std::vector<SourceSync> synced;  // each source apiary sync has run on
};

}  // namespace apiary::index
