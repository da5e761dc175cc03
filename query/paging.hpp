// Which page of a list of games, and in what order: what a position's search and
// the games list share (each one's options hold one, as `page`). Newest first by
// date unless it says otherwise, as every front end lists games.
#pragma once
#include <cstdint>

#include "index/game_query.hpp"

namespace apiary::query {

struct Paging {
  uint64_t offset = 0;
  uint64_t limit = 20;
  bool oldestFirst = false;
  index::GameOrder order = index::GameOrder::Date;
};

}  // namespace apiary::query
