#include "index/packed_move.hpp"

#include "engine/uhp.hpp"

namespace apiary::index {

namespace {

constexpr unsigned kNoRef = 31;

PackedMove pack(PieceId piece, unsigned ref, RefSide side) {
  return PackedMove(piece | ref << 5 | unsigned(side) << 10);
}

struct Parts {
  PieceId piece;
  unsigned ref;
  RefSide side;
};

std::optional<Parts> parts(PackedMove m) {
  const Parts p{PieceId(m & 31), unsigned(m >> 5) & 31, RefSide((m >> 10) & 7)};
  if (m >> 13 || p.piece >= kPieces || (p.ref >= kPieces && p.ref != kNoRef) ||
      unsigned(p.side) > unsigned(RefSide::NE))
    return std::nullopt;
  return p;
}

}  // namespace

PackedMove packMove(const Board& before, const Move& m) {
  if (m.isPass()) return kPackedPass;
  if (before.piecesOnBoard() == 0) return pack(m.piece, kNoRef, RefSide::OnTop);
  if (before.occupied(m.to) && m.to != m.from) return pack(m.piece, before.top(m.to), RefSide::OnTop);
  // As moveString: the first neighbour of the destination, other than the moving piece.
  for (int d = 0; d < kDirs; ++d) {
    PieceId ref = before.top(neighbor(m.to, d));
    if (ref == m.piece) ref = before.under(m.piece);
    if (ref != kNoPiece) return pack(m.piece, ref, RefSide(1 + opposite(d)));
  }
  return pack(m.piece, kNoRef, RefSide::OnTop);  // unreachable for a legal move
}

std::string uhpText(PackedMove move) {
  if (move == kPackedPass) return "pass";
  const auto p = parts(move);
  if (!p) return {};
  std::string text = pieceName(p->piece);
  if (p->ref == kNoRef) return text;
  const std::string ref = pieceName(PieceId(p->ref));
  switch (p->side) {
    case RefSide::OnTop: return text + " " + ref;
    case RefSide::E: return text + " " + ref + "-";
    case RefSide::W: return text + " -" + ref;
    case RefSide::NE: return text + " " + ref + "/";
    case RefSide::SW: return text + " /" + ref;
    case RefSide::SE: return text + " " + ref + "\\";
    case RefSide::NW: return text + " \\" + ref;
  }
  return {};
}

std::optional<Move> unpackMove(const Board& before, PackedMove move) {
  if (move == kPackedPass) return Move::pass();
  const auto p = parts(move);
  if (!p) return std::nullopt;
  const std::optional<PieceId> ref = p->ref == kNoRef ? std::nullopt : std::optional(PieceId(p->ref));
  return uhpMove(before, p->piece, ref, p->side).move;
}

}  // namespace apiary::index
