#include "index/digest.hpp"

namespace apiary::index {

namespace {

uint64_t mix(uint64_t x) {  // splitmix64's finaliser
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

uint64_t combine(uint64_t a, uint64_t b) { return mix(a ^ mix(b)); }

constexpr uint64_t kCountSeed = 1, kEdgeSeed = 2;

}  // namespace

void DigestBuilder::addPosting(PositionHash position, GameId game, uint32_t ply) {
  ++d_.postings;
  d_.postingSum += combine(combine(position, uint64_t(game)), ply);
}

// Each field weighted by its own hash, so that moving a game between fields (a win
// counted as a loss) changes the sum.
void DigestBuilder::addCounts(uint64_t& sum, uint64_t seed, const Counts& c) {
  const uint64_t fields[] = {c.games, c.moverWins, c.draws, c.moverLosses, c.firstWins, c.secondWins, c.lengthSum};
  for (uint64_t f = 0; f < std::size(fields); ++f) sum += fields[f] * combine(seed, f);
}

void DigestBuilder::addRecord(PositionHash position, const PositionRecord& record) {
  ++d_.positions;
  for (const Posting& p : record.postings()) addPosting(position, p.game, p.ply);
  const PositionStats stats = record.stats();
  addCounts(d_.countSum, combine(position, kCountSeed), stats.counts);
  for (const NextEdge& e : stats.next) addCounts(d_.edgeSum, combine(combine(position, kEdgeSeed), e.label), e.counts);
}

void DigestBuilder::addVisit(PositionHash position, GameId game, uint32_t ply, uint32_t plies, Outcome outcome,
                             std::span<const uint32_t> nextLabels) {
  addPosting(position, game, ply);
  addCounts(d_.countSum, combine(position, kCountSeed), countsOf(outcome, ply, plies));
  for (uint32_t label : nextLabels)
    addCounts(d_.edgeSum, combine(combine(position, kEdgeSeed), label), countsOf(outcome, ply + 1, plies));
}

}  // namespace apiary::index
