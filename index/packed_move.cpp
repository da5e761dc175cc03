#include "index/packed_move.hpp"

#include "engine/reference_move.hpp"

namespace apiary::index {

namespace {

constexpr unsigned kNoRef = 31;

struct Parts {
  PieceId piece;
  unsigned ref;
  unsigned side;
};

std::optional<Parts> parts(PackedMove m) {
  const Parts p{PieceId(m & 31), unsigned(m >> 5) & 31, unsigned(m >> 10) & 7};
  if (m >> 13 || p.piece >= kPieces || (p.ref >= kPieces && p.ref != kNoRef) || p.side > kDirs) return std::nullopt;
  return p;
}

}  // namespace

PackedMove packMove(const Board& before, const Move& m) {
  if (m.isPass()) return kPackedPass;
  const ReferencedMove named = referencedMove(before, m);
  const unsigned ref = named.reference == kNoPiece ? kNoRef : named.reference;
  const unsigned side = named.side ? 1 + unsigned(*named.side) : 0;
  return PackedMove(m.piece | ref << 5 | side << 10);
}

std::optional<Move> unpackMove(const Board& before, PackedMove move) {
  if (move == kPackedPass) return Move::pass();
  const auto p = parts(move);
  if (!p) return std::nullopt;
  const std::optional<PieceId> ref = p->ref == kNoRef ? std::nullopt : std::optional(PieceId(p->ref));
  const std::optional<Dir> side = p->side == 0 ? std::nullopt : std::optional(Dir(p->side - 1));
  const PlacedMove placed = placeByReference(before, p->piece, ref, side);
  if (placed.fault != ReferenceFault::None) return std::nullopt;
  return placed.move;
}

}  // namespace apiary::index
