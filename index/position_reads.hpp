// Several positions read together: explore asks for a position and every position
// one move away, and reading them as one MultiGet (PositionStore::readMany) costs
// one pass over the blocks they sit in instead of a lookup each. The records are
// held as read and decoded only as far as the caller asks.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "index/position_record.hpp"

namespace apiary::index {

class PositionReads {
 public:
  // One held record: found or not, its bytes, and its postings apart (read only
  // when the reads were asked for postings).
  struct Held {
    bool found = false;
    std::string record;
    std::string apart;
  };
  explicit PositionReads(std::vector<Held> held) : held_(std::move(held)) {}

  std::size_t size() const { return held_.size(); }
  bool found(std::size_t i) const { return held_[i].found; }
  // The number of games through position i (0 when not found).
  uint64_t games(std::size_t i) const;
  // Its statistics; nullopt when not found. Throws on a corrupt record.
  std::optional<PositionStats> stats(std::size_t i) const;
  // Every posting of position i, newest first (the reads must have been asked for
  // postings). Throws on a corrupt record.
  std::vector<Posting> postings(std::size_t i) const;

 private:
  std::vector<Held> held_;
};

}  // namespace apiary::index
