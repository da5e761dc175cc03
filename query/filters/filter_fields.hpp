// The one reader of a filter's fields as users write them: the CLI's filter flags
// and the API's filter parameters both set an index::GameQuery through
// setFilterField, so the same words give the same filter and the same errors
// (QueryError, BadInput, naming the field; each front end words the field its way).
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "engine/board.hpp"
#include "index/game_query.hpp"
#include "query/error.hpp"

namespace apiary::query {

// The largest minimum rating: no rating system comes near it.
inline constexpr int64_t kMaxRating = 1'000'000;

// Every field a filter takes, in the order the CLI lists them.
std::span<const Field> filterFields();
bool isFilterField(Field field);

// Sets `field` of `query` from a user's text:
// - player, white, black (exact names), event, site (contains): the text;
// - color: first or second (with player: the seat that player had);
// - from_date, to_date: yyyy-mm-dd, yyyy-mm or yyyy, of a date that exists;
// - result: as resultFilterState reads it; game_type: Base, Base+M, ..., Base+MLP;
// - strict_only, repaired, humans, no_guests, tournament: 1, true or nothing for
//   yes, 0 or false for no; strict_only and repaired set `repaired` (false, true),
//   and repaired outranks strict_only whichever comes first;
// - min_rating: a number from 0 to kMaxRating.
// Throws QueryError (BadInput, `field`) for a value that cannot mean anything, and
// std::logic_error for a field that is not a filter's.
void setFilterField(index::GameQuery& query, Field field, std::string_view text);

// Throws QueryError for fields that mean nothing together: a colour without a
// player. Checked when the filter is used, since a command may name the player
// itself (apiary player NAME).
void checkFilter(const index::GameQuery& query);

// What a result filter asks for: white, black, draw, unknown (also 1-0, 0-1,
// 1/2-1/2, *, WhiteWins, BlackWins), any letter case. Unknown is InProgress, as in
// the catalogue. nullopt for anything else.
std::optional<GameState> resultFilterState(std::string_view text);

}  // namespace apiary::query
