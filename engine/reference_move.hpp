// A move named by its piece and a reference piece: on top of the reference, or on
// the reference's side in a direction. That is how UHP writes a move (`wA1 -bQ`,
// its text is notation/uhp_text.hpp's) and how the catalogue packs one
// (index/packed_move.hpp); this is the geometry both share, no text.
#pragma once
#include <optional>
#include <string>

#include "engine/board.hpp"

namespace apiary {

struct ReferencedMove {
  PieceId piece = kNoPiece;
  PieceId reference = kNoPiece;  // kNoPiece: the first move of a game, which needs none
  std::optional<Dir> side;       // where the destination lies from the reference; none: on top of it
};

// How m, about to be played on `board`, is named: a climb by the piece climbed on,
// any other move by the first neighbour of its destination (E, SE, ...) other than
// the moving piece. Not for a pass.
ReferencedMove referencedMove(const Board& board, const Move& m);

// In UHP a side of a piece names an empty cell and a climb names the piece climbed
// on (Mzinga refuses anything else); hivegame.com files also write a climb as the
// side of a neighbour, which ingest accepts.
enum class ClimbSpelling : uint8_t { Strict, AlsoBySide };

// The board move a piece and its reference name, or why they name none. Checks
// geometry only; whether the move is legal is isLegal's question. Inline, as
// readers ask it once a move and need the reason only when there is none.
enum class ReferenceFault : uint8_t { None, NotInGame, NeedsReference, ReferenceOffBoard, OccupiedSide };
struct PlacedMove {
  Move move;
  ReferenceFault fault = ReferenceFault::None;
};
inline PlacedMove placeByReference(const Board& board, PieceId piece, std::optional<PieceId> reference,
                                   std::optional<Dir> side, ClimbSpelling climbs = ClimbSpelling::Strict) {
  const Cell from = board.onBoard(piece) ? board.cellOf(piece) : kNoCell;
  if (!board.inGame(piece)) return {{}, ReferenceFault::NotInGame};
  if (!reference) {
    if (board.piecesOnBoard() != 0) return {{}, ReferenceFault::NeedsReference};
    return {Move{piece, from, kOrigin}};
  }
  if (!board.onBoard(*reference)) return {{}, ReferenceFault::ReferenceOffBoard};
  const Cell at = board.cellOf(*reference);
  if (!side) return {Move{piece, from, at}};
  const Cell to = neighbor(at, *side);
  // A side of a piece names an empty cell; climbing is written with the bare reference.
  if (climbs == ClimbSpelling::Strict && board.occupied(to) && to != from) return {{}, ReferenceFault::OccupiedSide};
  return {Move{piece, from, to}};
}
// Why placeByReference with the same arguments gave `fault`.
std::string referenceFaultText(const Board& board, ReferenceFault fault, PieceId piece,
                               std::optional<PieceId> reference);

}  // namespace apiary
