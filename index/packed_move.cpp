#include "index/packed_move.hpp"

#include "engine/reference_move.hpp"

namespace apiary::index {

namespace {

constexpr unsigned kNoRef = 31;

}  // namespace

PackedMove packMove(const Board& before, const Move& m) {
  if (m.isPass()) return kPackedPass;
  const ReferencedMove named = referencedMove(before, m);
  const unsigned ref = named.reference == kNoPiece ? kNoRef : named.reference;
  const unsigned side = named.side ? 1 + unsigned(*named.side) : 0;
  return PackedMove(m.piece | ref << 5 | side << 10);
}

}  // namespace apiary::index
