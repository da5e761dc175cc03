// Planted duplicates for the dedup test and benchmark: a game truncated, and a game
// with two of one player's placements played in the other order.
#pragma once
#include <optional>
#include <utility>
#include <vector>

#include "engine/board.hpp"
#include "engine/movegen.hpp"

namespace apiary::test {

// The game's first `plies` plies.
inline Board truncatedGame(const Board& game, int plies) {
  Board b(game.type(), game.rules(), game.firstMover());
  for (int ply = 0; ply < plies && ply < int(game.history().size()); ++ply) b.play(game.history()[std::size_t(ply)]);
  return b;
}

// The same game with the placements of plies i and i + 2 (one player's, different
// bugs) swapped, for the first i from `from` where every move stays legal: the same
// final position in the same number of plies by another sequence (positions after
// plies i + 1 and i + 2 differ, they agree again from i + 3).
inline std::optional<std::pair<Board, int>> transposedGame(const Board& game, int from = 2) {
  const std::vector<Move>& h = game.history();
  for (std::size_t i = std::size_t(from); i + 2 < h.size(); ++i) {
    if (!h[i].isPlacement() || !h[i + 2].isPlacement() || bugOf(h[i].piece) == bugOf(h[i + 2].piece)) continue;
    std::vector<Move> order = h;
    std::swap(order[i], order[i + 2]);
    Board b(game.type(), game.rules(), game.firstMover());
    bool legal = true;
    for (const Move& m : order) {
      if (b.gameOver() || !isLegal(b, m)) {
        legal = false;
        break;
      }
      b.play(m);
    }
    if (legal) return std::pair(std::move(b), int(i));
  }
  return std::nullopt;
}

}  // namespace apiary::test
