// A move in two bytes, which is how the catalogue stores a game's moves: the
// moving piece, a reference piece and the side of the reference the piece goes to
// (or on top of it), as engine/reference_move.hpp names a move (and UHP writes it,
// `wA1 -bQ`):
//
//   bits 0-4   moving piece (PieceId, 0..27)
//   bits 5-9   reference piece (PieceId), 31 when there is none (the first move)
//   bits 10-12 side: 0 on top, 1..6 = 1 + Dir (E, SE, SW, W, NW, NE)
//   0xFFFF     pass
//
// Moves, not text: a reader replays them (unpackMove) and writes them in the
// notation it wants.
#pragma once
#include <cstdint>
#include <optional>

#include "engine/board.hpp"
#include "engine/reference_move.hpp"

namespace apiary::index {

using PackedMove = uint16_t;
inline constexpr PackedMove kPackedPass = 0xFFFF;

// The move m, about to be played on `before`.
PackedMove packMove(const Board& before, const Move& m);
// The board move it names on `before`, or nullopt when it names none there. Inline:
// every replayed ply goes through it, and a call returns the optional through memory.
inline std::optional<Move> unpackMove(const Board& before, PackedMove move) {
  constexpr unsigned kNoRef = 31;
  if (move == kPackedPass) return Move::pass();
  const PieceId piece = PieceId(move & 31);
  const unsigned ref = unsigned(move >> 5) & 31, side = unsigned(move >> 10) & 7;
  if (move >> 13 || piece >= kPieces || (ref >= kPieces && ref != kNoRef) || side > kDirs) return std::nullopt;
  const PlacedMove placed = placeByReference(before, piece, ref == kNoRef ? std::nullopt : std::optional(PieceId(ref)),
                                             side == 0 ? std::nullopt : std::optional(Dir(side - 1)));
  if (placed.fault != ReferenceFault::None) return std::nullopt;
  return placed.move;
}

}  // namespace apiary::index
