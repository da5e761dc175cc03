// Position search: the games that reached a position, by any move order, in any
// orientation or colours (the index's postings of its canonical key), with the ply
// at which each first reached it. With `sameOrder`, only the games that opened with
// exactly the position's move list, up to symmetry: the games at each of the line's
// positions at the line's own ply. Pages are as `page` says: newest first by date
// unless asked otherwise.
#pragma once
#include <cstdint>
#include <vector>

#include "engine/board.hpp"
#include "index/database.hpp"
#include "query/filters/kept_games.hpp"
#include "query/paging.hpp"

namespace apiary::query {

struct SearchOptions {
  Paging page;
  bool sameOrder = false;       // needs a position given with its moves
  KeptGames* filter = nullptr;  // none: every game
};

struct SearchHit {
  index::GameRow game;  // with its tags
  uint32_t ply = 0;     // the first ply at which the game reached the position
};

struct SearchResult {
  index::PositionHash position = 0;
  uint64_t total = 0;
  std::vector<SearchHit> games;
};

// A page's postings alone (game and ply), for a caller that reads the rows one at a
// time: a page of a million rows held whole took gigabytes.
struct SearchPage {
  index::PositionHash position = 0;
  uint64_t total = 0;
  std::vector<index::Posting> hits;
};

// Both throw std::invalid_argument for sameOrder on a position without history.
SearchPage searchPage(const index::Database& db, const index::GameSearch& catalogue, const Board& position,
                      const SearchOptions& options);
SearchResult search(const index::Database& db, const index::GameSearch& catalogue, const Board& position,
                    const SearchOptions& options);

}  // namespace apiary::query
