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

namespace apiary::index {

using PackedMove = uint16_t;
inline constexpr PackedMove kPackedPass = 0xFFFF;

// The move m, about to be played on `before`.
PackedMove packMove(const Board& before, const Move& m);
// The board move it names on `before`, or nullopt when it names none there.
std::optional<Move> unpackMove(const Board& before, PackedMove move);

}  // namespace apiary::index
