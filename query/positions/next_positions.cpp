#include "query/positions/next_positions.hpp"

#include <algorithm>
#include <unordered_set>

#include "engine/canonical_board.hpp"
#include "engine/movegen.hpp"

namespace apiary::query {

Board unrestricted(const Board& position) {
  std::vector<PlacedStack> stacks;
  for (PieceId p = 0; p < kPieces; ++p) {
    if (!position.onBoard(p) || position.under(p) != kNoPiece) continue;  // one stack per bottom piece
    PlacedStack stack{position.axialOfPiece(p), {}};
    for (PieceId q = position.top(position.cellOf(p)); q != kNoPiece; q = position.under(q)) stack.pieces.push_back(q);
    std::reverse(stack.pieces.begin(), stack.pieces.end());
    stacks.push_back(std::move(stack));
  }
  return Board::fromPosition(GameType::all(), Rules{.tournament = false}, position.toMove(), stacks);
}

NextPositions nextPositions(const Board& position) {
  NextPositions out{unrestricted(position), 0, {}};
  Board& board = out.board;
  const CanonicalBoard here(board);
  out.hash = here.hashed().hash;
  if (board.gameOver()) return out;
  MoveList moves;
  legalMoves(board, moves);
  std::vector<Move> candidates(moves.begin(), moves.end());
  // A game may have had to pass here where this unrestricted position need not.
  if (std::find(candidates.begin(), candidates.end(), Move::pass()) == candidates.end())
    candidates.push_back(Move::pass());
  std::unordered_set<index::PositionHash> seen;
  for (const Move& m : candidates) {
    CanonicalBoard next = here;
    next.play(m);
    const index::PositionHash hash = next.hashed().hash;
    if (seen.insert(hash).second) out.next.push_back({m, hash});
  }
  return out;
}

}  // namespace apiary::query
