#include "notation/game.hpp"

namespace apiary::notation {

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

std::string describeError(const std::string& path, const grammar::Rejection& error) {
  std::string out = path + ":" + std::to_string(error.line) + ":" + std::to_string(error.column) + ": ";
  if (error.ply > 0) out += "ply " + std::to_string(error.ply) + ": ";
  return out + error.message;
}

}  // namespace apiary::notation
