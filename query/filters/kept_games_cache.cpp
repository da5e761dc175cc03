#include "query/filters/kept_games_cache.hpp"

#include <algorithm>

namespace apiary::query {

KeptGames& KeptGamesCache::kept(const index::GameSearch& catalogue, const index::GameQuery& filter) {
  const auto held = std::find_if(entries_.begin(), entries_.end(), [&](const auto& e) { return e.first == filter; });
  if (held != entries_.end()) {
    entries_.splice(entries_.begin(), entries_, held);
    return *entries_.front().second;
  }
  auto made = std::make_unique<KeptGames>(catalogue, filter);
  if (entries_.size() >= capacity_) entries_.pop_back();
  entries_.emplace_front(filter, std::move(made));
  return *entries_.front().second;
}

}  // namespace apiary::query
