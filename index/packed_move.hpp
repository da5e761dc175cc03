// A UHP move string in two bytes, which is how the catalogue stores a game's moves
// (the text would be four times the size). The parts are exactly those of the UHP
// string "wA1 -bQ": the moving piece, the reference piece, and the side of the
// reference the piece goes to (or on top of it):
//
//   bits 0-4   moving piece (PieceId, 0..27)
//   bits 5-9   reference piece (PieceId), 31 when there is none (the first move)
//   bits 10-12 side: 0 on top, 1..6 = RefSide E, SE, SW, W, NW, NE
//   0xFFFF     pass
//
// The reference is chosen as the engine's moveString chooses it, so uhpText gives
// the same string as moveString (a test holds them together), and text needs no
// board to be written back.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "engine/board.hpp"

namespace apiary::index {

using PackedMove = uint16_t;
inline constexpr PackedMove kPackedPass = 0xFFFF;

// The move m, about to be played on `before`.
PackedMove packMove(const Board& before, const Move& m);
// Its UHP move string; empty when the bits are not a move.
std::string uhpText(PackedMove move);
// The board move it names on `before`, or nullopt when it names none there.
std::optional<Move> unpackMove(const Board& before, PackedMove move);

}  // namespace apiary::index
