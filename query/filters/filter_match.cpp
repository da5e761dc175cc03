#include "query/filters/filter_match.hpp"

#include <limits>

#include "query/filters/filter_fields.hpp"
#include "query/filters/kept_games.hpp"

namespace apiary::query {

std::vector<index::GameId> selectGames(const index::Database& db, const index::GameQuery& filter) {
  checkFilter(filter);
  return index::GameSearch(db).page(filter, 0, std::numeric_limits<uint64_t>::max(), /*oldestFirst=*/true);
}

std::vector<index::GameId> keptGames(const index::Database& db, const index::GameQuery& filter,
                                     std::span<const index::GameId> ids) {
  checkFilter(filter);
  if (filter.empty()) return {ids.begin(), ids.end()};
  const KeptSet kept(index::GameSearch(db), filter);
  std::vector<index::GameId> out;
  for (index::GameId id : ids)
    if (kept.contains(id) || !db.game(id)) out.push_back(id);
  return out;
}

}  // namespace apiary::query
