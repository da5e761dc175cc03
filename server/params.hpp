// A request's parameters as the answers take it: the position named
// (query/positions/position_request.hpp, filled as the CLI fills it), the notation, the
// filters, paging. They come in the query string, or as a form body (a whole game
// pasted is longer than a URL may be). Every value is checked and its length bounded here,
// before anything reads the database. A pure function of the text, so a fuzz target
// can call it.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "index/game_query.hpp"
#include "notation/notation_table.hpp"
#include "notation/notations.hpp"
#include "query/positions/position_request.hpp"

namespace apiary::server {

// A whole game's file, tags and comments; percent-encoded, it fits a form body of 64 KiB.
inline constexpr std::size_t kMaxPositionLength = 32768;
inline constexpr std::size_t kMaxValueLength = 256;     // names, dates, notations
inline constexpr std::size_t kMaxPatternLength = 1024;  // a formation or a --where condition
inline constexpr uint64_t kMaxLimit = 100;
inline constexpr uint64_t kMaxOffset = 100'000'000;
inline constexpr uint64_t kMaxPly = 100'000;

struct Params {
  // position, game, ply, moves; notation= and game_type= also say how its texts read.
  query::PositionRequest position;
  // A row that writes moves, or on the endpoints that write files (game export)
  // one that writes games.
  const notation::Notation* notation = &notation::uhpNotation();
  std::string notationName = "uhp";
  index::GameQuery filter;  // set through query/filters/filter_fields.hpp, as the CLI sets it
  uint64_t limit = 20, offset = 0;
  bool oldestFirst = false, sameOrder = false;
  std::string sort;            // players: games (the default) or score; games: date (the default), plies or id
  std::string prefix;          // player names: the start of a name
  uint64_t minGames = 1;       // players: leave out players with fewer games
  std::string pattern, where;  // pattern search: a formation, a condition on features
};

// The order `sort` names for a list of games (date when not given); throws
// query::QueryError for an order of players.
index::GameOrder gamesOrder(const Params& params);
// Whether `sort` asks players by score; throws for an order of games.
bool playersByScore(const Params& params);

// Throws query::QueryError (BadInput, naming the parameter) for an unknown
// parameter, a value out of range or too long, or one given twice. Names take `_`
// or `-` alike ("from_date", "from-date"), and a field's old name as its own
// ("format": notation). `formBody`: the parameters of a POST
// (application/x-www-form-urlencoded), taken as if they were in the query string.
// `notationUse`: what `notation` must name on the endpoint asked.
Params parseParams(std::string_view queryString, std::string_view formBody = {},
                   notation::NotationUse notationUse = notation::NotationUse::WriteMoves);

}  // namespace apiary::server
