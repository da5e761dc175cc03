// What pattern search reads instead of replaying (features/pattern_trace.hpp): one
// RocksDB value per ingest batch, under 'f' + batch id (keys.hpp), written in the
// batch file with the batch's other keys, so it is committed, or not, with them.
// Its encoding is in index/README.md ("Pattern features").
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "features/pattern_trace.hpp"
#include "index/keys.hpp"
#include "index/record.hpp"

namespace apiary::index {

// games[i] has the id firstGame + i.
std::string encodePatternBatch(GameId firstGame, std::span<const GameRecord* const> games);

// One game as the value holds it.
struct StoredGame {
  GameId id = 0;
  GameState result = GameState::InProgress;
  Color firstMover = Color::White;
  GameType type;
  uint32_t plies = 0;
  Contacts contacts;
  const unsigned char* features = nullptr;  // plies x PlyFeatures::kBytes

  // The position after `ply` (1..plies).
  PlyFeatures after(uint32_t ply) const {
    const unsigned char* p = features + PlyFeatures::kBytes * (ply - 1);
    return {uint64_t(p[0]) | uint64_t(p[1]) << 8 | uint64_t(p[2]) << 16 | uint64_t(p[3]) << 24 | uint64_t(p[4]) << 32};
  }
};

// Reads a value's games in order; next() is false at the end, and ok() false when
// the value was cut short or malformed (the games read until then are whole).
class PatternBatchReader {
 public:
  explicit PatternBatchReader(std::string_view value);
  bool next(StoredGame& game);
  bool ok() const { return ok_; }

 private:
  std::string_view rest_;
  GameId nextId_ = 0;
  uint64_t left_ = 0;
  bool ok_ = true;
};

}  // namespace apiary::index
