// Tag search: a page of the games a filter keeps, with their rows, newest (by date,
// then ingest order) first.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "index/database.hpp"
#include "index/game_query.hpp"
#include "query/paging.hpp"

namespace apiary::query {

struct GameListOptions {
  Paging page;
  bool count = false;  // also count every matching game (costs what the filter matches)
};

struct GameList {
  std::vector<index::GameRow> games;  // with tags
  bool more = false;                  // games past this page
  std::optional<uint64_t> total;      // when counted
};

// A page's game ids alone, for a caller that reads the rows one at a time: a page
// of a million rows held whole took gigabytes.
struct GameIdPage {
  std::vector<index::GameId> ids;
  bool more = false;
  std::optional<uint64_t> total;
};

// Both throw std::invalid_argument for an unusable filter value.
GameIdPage listGameIds(const index::GameSearch& catalogue, const index::GameQuery& filter,
                       const GameListOptions& options);
GameList listGames(const index::Database& db, const index::GameSearch& catalogue, const index::GameQuery& filter,
                   const GameListOptions& options = {});

}  // namespace apiary::query
