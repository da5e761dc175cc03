#include "notation/replay.hpp"

namespace apiary::notation {

void finishReplay(ReplayedGame& game, const ReplaySetup& setup) {
  const auto& history = game.board.history();
  for (std::size_t i = 0; i < history.size() && i < 2; ++i)
    if (!history[i].isPass() && bugOf(history[i].piece) == Bug::Queen)
      game.notes.push_back("opens with a Queen (played before the tournament rule)");
  if (setup.type) return;
  // Every move stays legal under the smaller type: the absent bugs were never in
  // play, and no rule depends on pieces in hand but one's own Queen.
  // A piece once placed never leaves, so the pieces on the board are those used.
  Board smaller(GameType::containing(game.board.piecesOnBoard()), game.board.rules(), game.board.firstMover());
  for (const Move& m : history) smaller.play(m);
  game.board = std::move(smaller);
}

}  // namespace apiary::notation
