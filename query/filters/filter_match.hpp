// The games a filter keeps, for commands that work on whole games (show, export),
// answered by the catalogue (index/game_query.hpp via kept_games.hpp).
#pragma once
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "index/database.hpp"
#include "index/game_query.hpp"

namespace apiary::query {

// The ids of the matching games, oldest (lowest id) first. Both throw QueryError for
// a filter whose fields mean nothing together (filter_fields.hpp, checkFilter).
std::vector<index::GameId> selectGames(const index::Database& db, const index::GameQuery& filter);

// The given ids the filter keeps, in their order (all of them, for an empty filter).
// Ids of no game are kept too: the caller says they do not exist.
std::vector<index::GameId> keptGames(const index::Database& db, const index::GameQuery& filter,
                                     std::span<const index::GameId> ids);

}  // namespace apiary::query
