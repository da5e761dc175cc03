#include "index/positions/position_reads.hpp"

#include <stdexcept>

namespace apiary::index {

namespace {

[[noreturn]] void corrupt() { throw std::runtime_error("corrupt record of a position; run apiary check"); }

}  // namespace

PositionReads::PositionReads(std::vector<std::optional<std::string_view>> records, std::vector<std::string_view> apart,
                             std::shared_ptr<const void> owner)
    : records_(std::move(records)), apart_(std::move(apart)), owners_{std::move(owner)} {
  apart_.resize(records_.size());
}

uint64_t PositionReads::games(std::size_t i) const { return records_[i] ? PositionRecord::gamesOf(*records_[i]) : 0; }

std::optional<PositionStats> PositionReads::stats(std::size_t i) const {
  if (!records_[i]) return std::nullopt;
  auto stats = PositionRecord::statsOf(*records_[i]);
  if (!stats) corrupt();
  return stats;
}

std::vector<Posting> PositionReads::postings(std::size_t i) const {
  std::vector<Posting> out;
  if (!records_[i]) return out;
  uint64_t total = 0;
  if (!PositionRecord::postingsOf(*records_[i], apart_[i], 0, UINT64_MAX, out, total)) corrupt();
  return out;
}

void PositionReads::append(PositionReads&& other) {
  records_.insert(records_.end(), other.records_.begin(), other.records_.end());
  apart_.insert(apart_.end(), other.apart_.begin(), other.apart_.end());
  owners_.insert(owners_.end(), other.owners_.begin(), other.owners_.end());
  other = PositionReads();
}

}  // namespace apiary::index
