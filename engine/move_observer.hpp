// Someone who follows a game while another plays it on its own board: told when
// the game starts and of every move just before the board plays it and just after.
// Ingest builds a game's record this way during its replay (index/record.hpp's
// RecordBuilder), so that every game is walked once, not replayed a second time.
#pragma once
#include <cstddef>

#include "engine/board.hpp"

namespace apiary {

class MoveObserver {
 public:
  // `empty` is the game's board before its first move; `writtenMoves` how many
  // moves its text holds (a hint for reserving, not a promise).
  virtual void started(const Board& empty, std::size_t writtenMoves) = 0;
  virtual void beforeMove(const Board& before, const Move& m) = 0;
  virtual void afterMove(const Board& after, const Move& m) = 0;

 protected:
  ~MoveObserver() = default;
};

}  // namespace apiary
