#include "index/position_reads.hpp"

#include <stdexcept>

namespace apiary::index {

namespace {

[[noreturn]] void corrupt() { throw std::runtime_error("corrupt record of a position; run apiary check"); }

}  // namespace

uint64_t PositionReads::games(std::size_t i) const {
  return held_[i].found ? PositionRecord::gamesOf(held_[i].record) : 0;
}

std::optional<PositionStats> PositionReads::stats(std::size_t i) const {
  if (!held_[i].found) return std::nullopt;
  auto stats = PositionRecord::statsOf(held_[i].record);
  if (!stats) corrupt();
  return stats;
}

std::vector<Posting> PositionReads::postings(std::size_t i) const {
  std::vector<Posting> out;
  if (!held_[i].found) return out;
  uint64_t total = 0;
  if (!PositionRecord::postingsOf(held_[i].record, held_[i].apart, 0, UINT64_MAX, out, total)) corrupt();
  return out;
}

}  // namespace apiary::index
