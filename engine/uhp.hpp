// UHP move strings ("wA1 -bQ", "wB1 wQ", "pass") and GameStrings
// ("Base+MLP;InProgress;White[3];wS1;bG1 -wS1;wQ /wS1"), read and written against a
// board. The file formats built on them live in grammar/; this is the part the
// engine and its tests need.
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "engine/board.hpp"

namespace apiary {

// Where a reference puts the destination: on top of it, or on one of its sides.
// Side E is "ref-", W "-ref", NE "ref/", SW "/ref", SE "ref\", NW "\ref".
enum class RefSide : uint8_t { OnTop, E, SE, SW, W, NW, NE };

// The move string of m, to be played on this board.
std::string moveString(const Board& board, const Move& m);

struct MoveOrError {
  std::optional<Move> move;
  std::string error;
};
// In UHP a side of a piece names an empty cell and a climb names the piece climbed
// on (Mzinga refuses anything else); hivegame.com files also write a climb as the
// side of a neighbour, which ingest accepts.
enum class ClimbSpelling : uint8_t { Strict, AlsoBySide };

// The board move meant by a piece and its reference (no reference: the first move).
// Checks geometry only; whether the move is legal is isLegal's question.
MoveOrError uhpMove(const Board& board, PieceId piece, std::optional<PieceId> reference,
                    RefSide side, ClimbSpelling climbs = ClimbSpelling::Strict);

// uhpMove without the words, for readers that ask once a written move and need the
// reason only when there is none: the move, or why not. Inline, as it runs once a
// move.
enum class UhpFault : uint8_t { None, NotInGame, NeedsReference, ReferenceOffBoard, OccupiedSide };
struct UhpPlaced {
  Move move;
  UhpFault fault = UhpFault::None;
};
inline UhpPlaced placeUhpMove(const Board& board, PieceId piece, std::optional<PieceId> reference,
                              RefSide side, ClimbSpelling climbs = ClimbSpelling::Strict) {
  const Cell from = board.onBoard(piece) ? board.cellOf(piece) : kNoCell;
  if (!board.inGame(piece)) return {{}, UhpFault::NotInGame};
  if (!reference) {
    if (board.piecesOnBoard() != 0) return {{}, UhpFault::NeedsReference};
    return {Move{piece, from, kOrigin}};
  }
  if (!board.onBoard(*reference)) return {{}, UhpFault::ReferenceOffBoard};
  const Cell at = board.cellOf(*reference);
  if (side == RefSide::OnTop) return {Move{piece, from, at}};
  const Cell to = neighbor(at, int(side) - 1);
  // A side of a piece names an empty cell; climbing is written with the bare reference.
  if (climbs == ClimbSpelling::Strict && board.occupied(to) && to != from) return {{}, UhpFault::OccupiedSide};
  return {Move{piece, from, to}};
}
// What uhpMove says about a fault of placeUhpMove with the same arguments.
std::string uhpFaultText(const Board& board, UhpFault fault, PieceId piece, std::optional<PieceId> reference);
// Reads one move string: the move it names, or why it names none.
MoveOrError parseMoveString(const Board& board, std::string_view text);

std::string turnString(const Board& board);  // "White[3]"
bool isTurnString(std::string_view text);     // "White[3]", "black[11]"
std::optional<GameState> parseGameState(std::string_view text);
std::string gameString(const Board& board);

struct GameOrError {
  std::optional<Board> board;  // the game replayed to its end
  std::string error;           // why not, naming the ply
  int errorPly = 0;            // 1-based ply of the failing move
};
// Replays a GameString, checking every move; state and turn are recomputed.
GameOrError parseGameString(std::string_view text, Rules rules = {});

}  // namespace apiary
