// The board a request is about: `position` read as the CLI reads its POSITION
// argument (or the stored `game` after `ply` plies, as --game and --ply), then the
// UHP `moves` played on it, each checked against the rules.
#pragma once
#include "engine/board.hpp"
#include "index/game_query.hpp"
#include "server/params.hpp"

namespace apiary::server {

// Throws query::QueryError naming `position`, `game`, `ply` or `moves` with the
// CLI's message. `catalogue` reads a `game`; without one a `game` is refused.
Board requestedBoard(const Params& params, const index::GameSearch* catalogue = nullptr);

}  // namespace apiary::server
