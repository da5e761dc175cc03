#include "query/games/game_list.hpp"

#include "query/filters/filter_fields.hpp"

namespace apiary::query {

GameIdPage listGameIds(const index::GameSearch& catalogue, const index::GameQuery& filter, const GameListOptions& o) {
  checkFilter(filter);
  const index::GameQuery& query = filter;
  GameIdPage out;
  // One more than the page says whether there is a next one, without counting.
  out.ids = catalogue.page(query, o.page.offset, o.page.limit + 1, o.page.oldestFirst, o.page.order);
  out.more = out.ids.size() > o.page.limit;
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
