// A player's results over some games, from the player's side, and what one game
// counts as: the unit of every number `apiary player` and `apiary players` give.
#pragma once
#include <cstdint>
#include <string>

#include "index/catalogue/game_row.hpp"

namespace apiary::query {

enum class PlayerResult { Win, Draw, Loss, Unfinished };

struct PlayerRecord {
  uint64_t games = 0, wins = 0, draws = 0, losses = 0, unfinished = 0;
  uint64_t plies = 0;  // the games' lengths summed

  void add(PlayerResult result, uint32_t gamePlies);
  // Points (a win 1, a draw 1/2) a finished game; 0 without one.
  double score() const;
  double averagePlies() const { return games ? double(plies) / double(games) : 0; }
};

// Which colour `folded` (a name's case fold) played in the game: White when it
// played both; nullopt when it played neither.
std::optional<Color> colourOf(const index::GameRow& game, const std::string& folded);
// The game's result for the player of that colour.
PlayerResult resultFor(const index::GameRow& game, Color colour);

}  // namespace apiary::query
