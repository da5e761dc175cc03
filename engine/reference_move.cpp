#include "engine/reference_move.hpp"

namespace apiary {

ReferencedMove referencedMove(const Board& board, const Move& m) {
  if (board.piecesOnBoard() == 0) return {m.piece, kNoPiece, std::nullopt};
  if (board.occupied(m.to) && m.to != m.from) return {m.piece, board.top(m.to), std::nullopt};
  for (int d = 0; d < kDirs; ++d) {
    PieceId ref = board.top(neighbor(m.to, d));
    if (ref == m.piece) ref = board.under(m.piece);
    if (ref != kNoPiece) return {m.piece, ref, Dir(opposite(d))};
  }
  return {m.piece, kNoPiece, std::nullopt};  // unreachable for a legal move
}

std::string referenceFaultText(const Board& board, ReferenceFault fault, PieceId piece,
                               std::optional<PieceId> reference) {
  switch (fault) {
    case ReferenceFault::None: return {};
    case ReferenceFault::NotInGame: return pieceName(piece) + " is not in a " + board.type().name() + " game";
    case ReferenceFault::NeedsReference: return "a move needs a reference piece after the first move";
    case ReferenceFault::ReferenceOffBoard: return "reference " + pieceName(*reference) + " is not on the board";
    case ReferenceFault::OccupiedSide: return "the destination is occupied: a climb names the piece climbed on";
  }
  return {};
}

}  // namespace apiary
