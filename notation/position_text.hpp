// A position as users write it: a move list in any notation apiary reads (UHP also
// on one line, numbered or not), the whole text of one game as a file holds it
// (tags, comments, several lines), a UHP GameString, or a Hive position string.
// Move lists and games give the board with its history, which is what searches in
// the same move order and the notations that orient themselves by the first moves
// (direction, algebraic) need; a position string gives a set-up board without one.
// Archive rules apply (no tournament opening rule), as for ingested games. Which
// field of a request the text came from is the caller's to say
// (query/positions/position_request.hpp): the messages here name none.
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "engine/board.hpp"
#include "notation/notation_table.hpp"

namespace apiary::notation {

struct PositionTextOptions {
  // The notation to read a text in when it reads in it (a request's notation);
  // else the text's notation is detected, ties going to this one, then to UHP.
  const Notation* notation = nullptr;
  // The game type of a game whose text names none (a user's default: Base+MLP);
  // widened to hold the pieces the moves use. None: the smallest that holds them.
  std::optional<GameType> gameType = GameType::all();
};

// Each throws std::invalid_argument saying what is wrong with the text (where:
// "line 1, column 8: ply 2: ...").
Board positionFromMoves(std::string_view text, const PositionTextOptions& options = {});
Board positionFromGameString(std::string_view text);
Board positionFromFen(std::string_view text);
// Any of the three, as the text shows: a GameString, a position string, or moves.
Board positionFromText(std::string_view text, const PositionTextOptions& options = {});
inline Board positionFromLine(std::string_view line) { return positionFromText(line); }

// UHP moves played on `board`, each checked against the rules: one move a line,
// or on one line separated by `;`, move numbers or the moves' shapes.
void playUhpMoves(Board& board, std::string_view moves);

// Whether the board was set up without history (a position string).
inline bool isSetUp(const Board& board) { return board.history().size() != std::size_t(board.ply()); }

}  // namespace apiary::notation
