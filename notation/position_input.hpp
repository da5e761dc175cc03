// The position a query is about, as users give it: a move list in any notation
// apiary reads (detected from the text), a UHP GameString, or a Hive position
// string. Move lists and GameStrings give the board with its history, which is what
// `search --same-order` and the notations that orient themselves by the first moves
// (direction, algebraic) need; a position string gives a set-up board without one.
// Archive rules apply (no tournament opening rule), as for ingested games.
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "engine/board.hpp"

namespace apiary::notation {

// At most one field set; none means the start position.
struct PositionInput {
  std::optional<std::string> moves;       // --moves
  std::optional<std::string> movesFile;   // --moves-file
  std::optional<std::string> gameString;  // --game-string
  std::optional<std::string> fen;         // --fen
};

// Each throws std::invalid_argument saying what is wrong with the text.
Board positionFromInput(const PositionInput& input);
Board positionFromMoves(std::string_view text);
Board positionFromGameString(std::string_view text);
Board positionFromFen(std::string_view text);
// A line of a --batch file: a GameString, a position string or a move list.
Board positionFromLine(std::string_view line);

// Whether the board was set up without history (a position string).
inline bool isSetUp(const Board& board) { return board.history().size() != std::size_t(board.ply()); }

}  // namespace apiary::notation
