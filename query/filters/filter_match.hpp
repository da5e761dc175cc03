// The games a GameFilter (filter.hpp) keeps, for commands that work on whole games
// (show, export), answered by the catalogue (index/game_query.hpp via filter_set.hpp);
// and what a filter's values may be.
#pragma once
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "index/database.hpp"
#include "query/filters/filter.hpp"

namespace apiary::query {

// Throws std::invalid_argument naming the option when a value cannot mean anything:
// an unknown result or game type, a date that is not yyyy[-mm[-dd]].
void validateFilter(const GameFilter& filter);

// What a result filter asks for: white, black, draw, unknown (also 1-0, 0-1,
// 1/2-1/2, *, WhiteWins, BlackWins), any letter case. Unknown is InProgress, as in
// the catalogue. nullopt for anything else.
std::optional<GameState> resultFilterState(std::string_view text);

// The ids of the matching games, oldest (lowest id) first.
std::vector<index::GameId> selectGames(const index::Database& db, const GameFilter& filter);

// The given ids the filter keeps, in their order (all of them, for an empty filter).
// Ids of no game are kept too: the caller says they do not exist.
std::vector<index::GameId> keptGames(const index::Database& db, const GameFilter& filter,
                                     std::span<const index::GameId> ids);

}  // namespace apiary::query
