// Several positions read together: explore asks for a position and every position
// one move away, and reading them as one MultiGet (PositionStore::readMany) costs
// one pass over the blocks they sit in instead of a lookup each. The records stay
// where RocksDB read them (no copy) and are decoded only as far as the caller asks,
// one at a time, so that a popular position's postings are never all held at once.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "index/positions/position_record.hpp"

namespace apiary::index {

class PositionReads {
 public:
  // records[i]: position i's record, or nullopt when not found; apart[i] its postings
  // kept apart (empty unless read with postings); `owner` keeps the views' bytes.
  PositionReads(std::vector<std::optional<std::string_view>> records, std::vector<std::string_view> apart,
                std::shared_ptr<const void> owner);
  PositionReads() = default;

  std::size_t size() const { return records_.size(); }
  bool found(std::size_t i) const { return records_[i].has_value(); }
  // The number of games through position i (0 when not found).
  uint64_t games(std::size_t i) const;
  // Its statistics; nullopt when not found. Throws on a corrupt record.
  std::optional<PositionStats> stats(std::size_t i) const;
  // Every posting of position i, newest first (the reads must have been asked for
  // postings). Throws on a corrupt record.
  std::vector<Posting> postings(std::size_t i) const;
  // Another read's positions after these (explore: the position, then its next ones).
  void append(PositionReads&& other);

 private:
  std::vector<std::optional<std::string_view>> records_;
  std::vector<std::string_view> apart_;
  std::vector<std::shared_ptr<const void>> owners_;
};

}  // namespace apiary::index
