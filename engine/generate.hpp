// Legal games that look like real ones, for tests, benchmarks and sample data:
// openings drawn from a shared book (so collections share first moves and
// transpose), then play that presses the opponent's Queen with a per-game
// temperament, so most games end by a surrounded Queen between 20 and 120 plies,
// some are drawn by agreement or by a double surround, and some stop unfinished.
// Deterministic for a given seed.
#pragma once
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "engine/board.hpp"

namespace apiary {

struct GeneratedGame {
  Board board;                                            // the final position; board.history() holds the moves
  std::vector<std::pair<std::string, std::string>> tags;  // GameType, Event, ..., Result
};

class GameGenerator {
 public:
  // Without a game type, games are a mix weighted like real archives.
  explicit GameGenerator(uint64_t seed, std::optional<GameType> type = std::nullopt);
  GeneratedGame next();

 private:
  GameType pickType();
  const std::vector<std::vector<Move>>& bookFor(GameType type);
  std::size_t zipf(std::size_t n);
  Move choose(Board& board, double aggression);

  std::mt19937_64 rng_;
  std::optional<GameType> type_;
  std::vector<std::vector<std::vector<Move>>> books_;  // per game type index
  uint64_t serial_ = 0;
};

}  // namespace apiary
