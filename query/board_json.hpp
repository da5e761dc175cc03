// The JSON of a board, one shape for every front end: `apiary show` prints
// it and the API's /api/board answers it (docs/api.md, "Shapes").
#pragma once
#include <nlohmann/json.hpp>

#include "engine/board.hpp"
#include "index/catalogue/game_row.hpp"
#include "notation/notation_table.hpp"

namespace apiary::query {

// {"game_type", "ply", "to_move", "state", "position", "history", "history_text",
//  "stacks": [{"q", "r", "pieces"}], "hand": {"white", "black"},
//  "last_move": {"piece", "from", "to", "uhp"} or null,
//  "moves": [{"piece", "from", "to", "uhp", "text"}], "diagram"}
// Coordinates are axial on the board as given; moves and history_text are written
// in `notation`, history and uhp in UHP.
nlohmann::json boardJson(const Board& board, const notation::Notation& notation);

// A game shown whole (the game a board was read from, /api/games/{id}): its row
// (gameJson) with its "tags" [{"name", "value"}] and the whole game as a UHP
// "game_string" (null for a row that does not replay; a board may be rewound from
// the game's end).
nlohmann::json fullGameJson(const index::GameRow& row);

// A stored game with every ply, `game` its row replayed:
// {"game": fullGameJson, "plies": [{"ply", "move" (in `notation`), "uhp",
//  "position" (after it), "key" (its canonical key)}]}
nlohmann::json storedGameJson(const index::GameRow& row, const Board& game, const notation::Notation& notation);

}  // namespace apiary::query
