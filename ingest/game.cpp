#include "ingest/game.hpp"

namespace apiary::ingest {

const std::string* ReplayedGame::tag(std::string_view name) const {
  for (const auto& t : tags)
    if (t.name == name) return &t.value;
  return nullptr;
}

ReplayedGame gameFromBoard(Board board, const std::vector<std::pair<std::string, std::string>>& tags) {
  ReplayedGame game;
  game.board = std::move(board);
  for (const auto& [name, value] : tags) game.tags.push_back({name, value, {}});
  return game;
}

}  // namespace apiary::ingest
