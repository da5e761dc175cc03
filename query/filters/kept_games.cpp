#include "query/filters/kept_games.hpp"

#include <algorithm>

#include "query/filters/filter_fields.hpp"

namespace apiary::query {

KeptSet::KeptSet(const index::GameSearch& search, const index::GameQuery& filter) {
  checkFilter(filter);
  dense_.assign(std::size_t(search.visible()) + 1, 0);
  for (const index::GameFacts& g : search.facts(filter)) {
    dense_[g.id] = slotOf(g);
    ++size_;
  }
}

KeptSet::KeptSet(const index::GameSearch& search, const index::GameQuery& filter, std::span<const index::GameId> ids) {
  checkFilter(filter);
  std::vector<index::GameId> unique(ids.begin(), ids.end());
  std::sort(unique.begin(), unique.end());
  unique.erase(std::unique(unique.begin(), unique.end()), unique.end());
  for (const index::GameFacts& g : search.factsOf(filter, unique)) sparse_.emplace_back(g.id, slotOf(g));
  size_ = sparse_.size();
}

uint32_t KeptSet::slot(index::GameId id) const {
  if (!dense_.empty()) return id > 0 && uint64_t(id) < dense_.size() ? dense_[id] : 0;
  const auto it = std::lower_bound(sparse_.begin(), sparse_.end(), std::pair<index::GameId, uint32_t>(id, 0));
  return it != sparse_.end() && it->first == id ? it->second : 0;
}

KeptGames::KeptGames(const index::GameSearch& search, index::GameQuery filter, std::size_t byIdLimit)
    : search_(search), filter_(std::move(filter)), byIdLimit_(byIdLimit) {
  checkFilter(filter_);  // an unusable filter fails here, before any query
}

const KeptSet& KeptGames::all() {
  if (!all_) all_ = std::make_unique<KeptSet>(search_, filter_);
  return *all_;
}

const KeptSet& KeptGames::among(std::span<const index::GameId> ids) {
  if (all_ || ids.size() > byIdLimit_) return all();
  some_ = std::make_unique<KeptSet>(search_, filter_, ids);
  return *some_;
}

const KeptSet& KeptGames::through(const index::PositionReads& positions) {
  // Counting first (a record's first bytes) spares decoding a popular position's
  // postings only to find they are too many to look up one by one.
  uint64_t games = 0;
  for (std::size_t i = 0; i < positions.size(); ++i) games += positions.games(i);
  if (all_ || games > byIdLimit_) return all();
  std::vector<index::GameId> ids;
  for (std::size_t i = 0; i < positions.size(); ++i)
    for (const index::Posting& p : positions.postings(i)) ids.push_back(p.game);
  return among(ids);
}

}  // namespace apiary::query
