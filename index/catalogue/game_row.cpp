#include "index/catalogue/game_row.hpp"

namespace apiary::index {

std::optional<Board> GameRow::replay() const {
  const auto type = GameType::parse(gameType);
  if (!type) return std::nullopt;
  Board board(*type, Rules{.tournament = false}, firstMover);
  for (PackedMove packed : moves) {
    const auto move = unpackMove(board, packed);
    if (!move || board.gameOver()) return std::nullopt;
    board.play(*move);
  }
  return board;
}

}  // namespace apiary::index
