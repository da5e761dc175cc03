// The kept games of the last few filters a read session answered, so a filtered
// question asked again (the page's explorer, a client paging) costs what an
// unfiltered one does instead of reading the filter's games again. Least recently
// used first out; held sets answer for one catalogue only, so the owner clears the
// cache when its catalogue is made again.
#pragma once
#include <cstddef>
#include <list>
#include <memory>
#include <utility>

#include "index/game_query.hpp"
#include "query/filters/kept_games.hpp"

namespace apiary::query {

class KeptGamesCache {
 public:
  // A few filters: each holds at most a number per visible game.
  explicit KeptGamesCache(std::size_t capacity = 4) : capacity_(capacity) {}
  // The filter's kept games over `catalogue`, made when not held. Throws
  // QueryError for an unusable filter value (nothing is kept then).
  KeptGames& kept(const index::GameSearch& catalogue, const index::GameQuery& filter);
  void clear() { entries_.clear(); }
  std::size_t size() const { return entries_.size(); }

 private:
  std::size_t capacity_;
  std::list<std::pair<index::GameQuery, std::unique_ptr<KeptGames>>> entries_;  // most recent first
};

}  // namespace apiary::query
