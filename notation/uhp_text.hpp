// UHP move strings ("wA1 -bQ", "wB1 wQ", "pass") and GameStrings
// ("Base+MLP;InProgress;White[3];wS1;bG1 -wS1;wQ /wS1") against a board: the
// grammar's one move grammar and writer (grammar/uhp.hpp) joined to the engine's
// geometry of a move named by a reference (engine/reference_move.hpp).
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/board.hpp"
#include "engine/reference_move.hpp"
#include "grammar/uhp.hpp"

namespace apiary::notation {

// The move m, about to be played on `board`, as UHP writes it; and its text.
grammar::UhpMove uhpMoveOf(const Board& board, const Move& m);
std::string moveString(const Board& board, const Move& m);
// Every move of a game's history, as its move strings.
std::vector<std::string> moveStrings(const Board& game);

// The engine's piece a UHP piece name means on its face (unique bugs unnumbered,
// the others numbered within their count), or kNoPiece.
PieceId pieceOf(const grammar::PieceName& name);
// The direction a UHP side names from its reference; none: on top of it.
constexpr std::optional<Dir> directionOf(grammar::UhpSide side) {
  switch (side) {
    case grammar::UhpSide::OnTop: return std::nullopt;
    case grammar::UhpSide::W: return W;
    case grammar::UhpSide::E: return E;
    case grammar::UhpSide::NW: return NW;
    case grammar::UhpSide::NE: return NE;
    case grammar::UhpSide::SW: return SW;
    case grammar::UhpSide::SE: return SE;
  }
  return std::nullopt;
}

// Reads one move string: the move it names on `board`, or why it names none.
grammar::OrRejection<Move> parseMoveString(const Board& board, std::string_view text);

std::string turnString(const Board& board);  // "White[3]"
bool isTurnString(std::string_view text);    // "White[3]", "black[11]"
std::optional<GameState> parseGameState(std::string_view text);
std::string gameString(const Board& board);  // a game Black began: its colours swapped

// Replays a GameString, checking every move; state and turn are recomputed. The
// board at the game's end, or why not: the message and the 1-based ply of the
// failing move.
grammar::OrRejection<Board> parseGameString(std::string_view text, Rules rules = {});

}  // namespace apiary::notation
