// A stored game's position wherever a position is taken (--game ID --ply N): the
// catalogue's moves replayed. notation/ reads positions from text and knows no
// database, so the reading that needs the catalogue is here.
#pragma once
#include <cstdint>
#include <optional>

#include "engine/board.hpp"
#include "index/game_query.hpp"
#include "notation/position_input.hpp"

namespace apiary::query {

// The game's position after `ply` plies (default: its end). Throws QueryError:
// NotFound naming `game` for no such game, BadInput naming `ply` past its end.
Board positionFromGame(const index::GameSearch& catalogue, index::GameId id, std::optional<uint32_t> ply);
// notation::positionFromInput, or the stored game the input names.
Board readPosition(const notation::PositionInput& input, const index::GameSearch& catalogue);

}  // namespace apiary::query
