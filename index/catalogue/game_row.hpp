// A game as the catalogue holds it (one row of `games` with its tags), and what a
// reader does with it: replay it.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/board.hpp"
#include "engine/canonical.hpp"
#include "index/keys.hpp"
#include "index/packed_move.hpp"
#include "index/record.hpp"

namespace apiary::index {

struct GameRow {
  GameId id = 0;
  uint64_t batch = 0;
  std::string source;
  int64_t sourceIndex = 0;
  std::string notation;
  std::string gameType;  // "Base+MLP"
  std::string white, black, event, site;
  std::string date;                          // ISO, or empty
  GameState result = GameState::InProgress;  // InProgress: unknown
  Color firstMover = Color::White;
  uint32_t plies = 0;
  std::vector<PackedMove> moves;
  PositionKey finalKey;
  uint64_t fingerprint = 0;
  uint64_t sequence = 0;
  Tags tags;  // in the file's order (empty when the reader did not ask for them)
  // What archive_marks.hpp read at ingest.
  bool tournament = false;
  std::optional<int64_t> whiteRating, blackRating;
  std::optional<std::string> timeControl;

  // The game replayed from its moves, or nullopt when they do not replay (a corrupt
  // row). Rules are the archives' (no tournament opening rule): the index stores
  // games that were already checked when they were read.
  std::optional<Board> replay() const;
};

}  // namespace apiary::index
