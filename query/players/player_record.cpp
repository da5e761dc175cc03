#include "query/players/player_record.hpp"

#include "index/catalogue/text_fold.hpp"

namespace apiary::query {

void PlayerRecord::add(PlayerResult result, uint32_t gamePlies) {
  ++games;
  plies += gamePlies;
  switch (result) {
    case PlayerResult::Win: ++wins; break;
    case PlayerResult::Draw: ++draws; break;
    case PlayerResult::Loss: ++losses; break;
    case PlayerResult::Unfinished: ++unfinished; break;
  }
}

double PlayerRecord::score() const {
  const uint64_t finished = wins + draws + losses;
  return finished ? (double(wins) + 0.5 * double(draws)) / double(finished) : 0;
}

std::optional<Color> colourOf(const index::GameRow& game, const std::string& folded) {
  if (index::foldCase(game.white) == folded) return Color::White;
  if (index::foldCase(game.black) == folded) return Color::Black;
  return std::nullopt;
}

PlayerResult resultFor(const index::GameRow& game, Color colour) {
  switch (game.result) {
    case GameState::Draw: return PlayerResult::Draw;
    case GameState::WhiteWins: return colour == Color::White ? PlayerResult::Win : PlayerResult::Loss;
    case GameState::BlackWins: return colour == Color::Black ? PlayerResult::Win : PlayerResult::Loss;
    default: return PlayerResult::Unfinished;
  }
}

}  // namespace apiary::query
