#include "engine/perft.hpp"

#include "engine/movegen.hpp"

namespace apiary {

uint64_t perft(Board& board, int depth) {
  if (depth == 0) return 1;
  if (depth == 1) return uint64_t(countLegalMoves(board));
  MoveList moves;
  legalMoves(board, moves);
  uint64_t nodes = 0;
  for (const Move& m : moves) {
    board.play(m);
    nodes += perft(board, depth - 1);
    board.undo();
  }
  return nodes;
}

}  // namespace apiary
