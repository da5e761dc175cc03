#include "features/position_features.hpp"

#include <bit>
#include <map>

#include "engine/movegen.hpp"

namespace apiary {

int queenNeighbours(const Board& board, Color color) {
  const PieceId queen = pieceId(color, Bug::Queen);
  return board.onBoard(queen) ? board.occupiedNeighbors(board.cellOf(queen)) : 0;
}

int pinnedOf(uint32_t pinned, Color color) { return pieceCount(pinned & colorMask(color)); }

int inHand(const Board& board, Color color) {
  return std::popcount(board.type().pieces() & colorMask(color) & ~board.piecesOnBoard());
}

int onTop(const Board& board, Color color) {
  int n = 0;
  for (uint32_t mine = board.piecesOnBoard() & colorMask(color); mine; mine &= mine - 1)
    n += board.under(PieceId(std::countr_zero(mine))) != kNoPiece;
  return n;
}

namespace {

// The same stacks with the other colour to move.
Board turnHandedOver(const Board& board) {
  std::map<std::pair<int, int>, std::vector<PieceId>> stacks;  // bottom first, by place
  for (uint32_t left = board.piecesOnBoard(); left; left &= left - 1) {
    const PieceId p = PieceId(std::countr_zero(left));
    if (!board.isTop(p)) continue;
    std::vector<PieceId> downward;
    for (PieceId q = p; q != kNoPiece; q = board.under(q)) downward.push_back(q);
    const Axial at = board.axialOfPiece(p);
    stacks[{at.q, at.r}].assign(downward.rbegin(), downward.rend());
  }
  std::vector<PlacedStack> placed;
  for (auto& [at, pieces] : stacks) placed.push_back({Axial{at.first, at.second}, std::move(pieces)});
  return Board::fromPosition(board.type(), board.rules(), other(board.toMove()), placed);
}

}  // namespace

int mobility(const Board& board, Color color) {
  if (board.gameOver()) return 0;
  if (color == board.toMove()) return countLegalMoves(board);
  return countLegalMoves(turnHandedOver(board));
}

}  // namespace apiary
