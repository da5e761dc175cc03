// The board a request is about: `position` read as the CLI reads its POSITION
// argument, then the UHP `moves` played on it, each checked against the rules.
#pragma once
#include "engine/board.hpp"
#include "server/params.hpp"

namespace apiary::server {

// Throws query::QueryError naming `position` or `moves` with the CLI's message.
Board requestedBoard(const Params& params);

}  // namespace apiary::server
