// Order-independent sums over what RocksDB holds, which can equally be computed by
// replaying the catalogue's games: every posting, every count of every position
// and every count of every next position goes into a sum of 64-bit hashes weighted
// by the count. The sums are linear in the games, so the stored side (summing the
// merged records) and the recomputed side (summing each game's visits) agree
// exactly when the two stores hold the same games, whatever the batching, merging
// or order. A full check compares them; tests compare two databases with them.
#pragma once
#include <cstdint>
#include <span>

#include "index/positions/position_record.hpp"

namespace apiary::index {

struct Digest {
  uint64_t positions = 0;  // distinct positions (the stored side only)
  uint64_t postings = 0;   // (game, position) pairs
  uint64_t postingSum = 0;
  uint64_t countSum = 0;
  uint64_t edgeSum = 0;

  // The parts both sides compute.
  bool sameGames(const Digest& o) const {
    return postings == o.postings && postingSum == o.postingSum && countSum == o.countSum && edgeSum == o.edgeSum;
  }
  bool operator==(const Digest&) const = default;
};

class DigestBuilder {
 public:
  // The stored side: one merged record.
  void addRecord(PositionHash position, const PositionRecord& record);
  // The recomputed side: one game's visit of one position.
  void addVisit(PositionHash position, GameId game, uint32_t ply, uint32_t plies, Outcome outcome,
                std::span<const uint32_t> nextLabels);
  const Digest& digest() const { return d_; }

 private:
  void addPosting(PositionHash position, GameId game, uint32_t ply);
  void addCounts(uint64_t& sum, uint64_t seed, const Counts& c);
  Digest d_;
};

}  // namespace apiary::index
