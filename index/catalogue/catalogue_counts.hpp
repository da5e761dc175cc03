// What the catalogue counts of a database: its part of what `apiary info` prints
// (index/info.hpp adds the positions' and the disk's).
#pragma once
#include <cstdint>
#include <map>
#include <string>

namespace apiary::index {

struct CatalogueCounts {
  uint64_t games = 0;
  std::map<std::string, uint64_t> gamesByType;
  std::map<std::string, uint64_t> notations;  // games by the notation they were read in
  uint64_t rejected = 0;
  uint64_t sources = 0;
  uint64_t batches = 0;
  uint64_t repaired = 0;   // games read leniently, with at least one repair
  std::string newestDate;  // the latest game's date (ISO, maybe only yyyy[-mm]); empty when none is dated
};

}  // namespace apiary::index
