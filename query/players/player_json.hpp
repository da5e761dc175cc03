// The JSON of `apiary player` and `apiary players`, one shape for every front end
// (the CLI's JSON, the server's /api/player and /api/players).
#pragma once
#include <nlohmann/json.hpp>

#include "index/game_query.hpp"
#include "query/players/player_stats.hpp"
#include "query/players/player_table.hpp"

namespace apiary::query {

// {"games", "wins", "draws", "losses", "unfinished", "score", "average_plies"}
nlohmann::json playerRecordJson(const PlayerRecord& r);
// {"name", <record>, "as_first", "as_second", "by_year": {"yyyy": <record>},
//  "repertoire": {"first": [{"plies", "moves": [...], <record>}], "second": [...]},
//  "opponents": [{"name", <record>}], "longest_winning_streak"}
nlohmann::json playerStatsJson(const PlayerStats& s);
// {"players": [{"name", <record>}], "total"}
nlohmann::json playerTableJson(const PlayerTable& t);
// Names by their start (suggestions as one types): {"players": [{"name", "games"}]}
nlohmann::json playerNamesJson(const std::vector<index::NameCount>& names);

}  // namespace apiary::query
