#include "query/games/game_list.hpp"

#include "query/filters/filter_fields.hpp"

namespace apiary::query {

GameIdPage listGameIds(const index::GameSearch& catalogue, const index::GameQuery& filter, const GameListOptions& o) {
  checkFilter(filter);
  const index::GameQuery& query = filter;
  GameIdPage out;
  // One more than the page says whether there is a next one, without counting.
  out.ids = catalogue.page(query, o.offset, o.limit + 1, o.oldestFirst, o.order);
  out.more = out.ids.size() > o.limit;
  if (out.more) out.ids.pop_back();
  if (o.count) out.total = catalogue.count(query);
  return out;
}

GameList listGames(const index::Database& db, const index::GameSearch& catalogue, const index::GameQuery& filter,
                   const GameListOptions& o) {
  const GameIdPage page = listGameIds(catalogue, filter, o);
  GameList out{{}, page.more, page.total};
  for (index::GameId id : page.ids)
    if (auto g = db.game(id)) out.games.push_back(std::move(*g));
  return out;
}

}  // namespace apiary::query
