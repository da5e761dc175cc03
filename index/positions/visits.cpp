#include "index/positions/visits.hpp"

#include <algorithm>

namespace apiary::index {

void collectVisits(std::span<const PositionHash> positions, VisitList& out) {
  out.visits.clear();
  out.labels.clear();
  // The hashes are sorted beside their plies, not through an index into
  // `positions`: every comparison then reads the two entries it compares.
  auto& order = out.order;
  order.resize(positions.size());
  for (uint32_t i = 0; i < order.size(); ++i) order[i] = {positions[i], i};
  // By position, then by ply: each run is one position, its first ply first.
  std::sort(order.begin(), order.end(), [](const VisitList::Ply& a, const VisitList::Ply& b) {
    return a.position != b.position ? a.position < b.position : a.ply < b.ply;
  });
  for (std::size_t i = 0; i < order.size();) {
    const PositionHash h = order[i].position;
    Visit v{h, order[i].ply, uint32_t(out.labels.size()), 0};
    for (; i < order.size() && order[i].position == h; ++i) {
      const uint32_t ply = order[i].ply;
      if (ply + 1 >= positions.size()) continue;
      const uint32_t label = edgeLabel(positions[ply + 1]);
      const auto mine = out.labels.begin() + v.firstLabel;
      if (std::find(mine, out.labels.end(), label) == out.labels.end()) {
        out.labels.push_back(label);
        ++v.labelCount;
      }
    }
    out.visits.push_back(v);
  }
}

namespace {

// True when no position of the game comes twice, told by a table of the plies seen
// (open addressing on the hash's low bits, which are uniform).
bool allDistinct(std::span<const PositionHash> positions, std::vector<uint32_t>& seen) {
  std::size_t size = 16;
  while (size < 2 * positions.size()) size *= 2;
  seen.assign(size, 0);
  for (uint32_t ply = 0; ply < positions.size(); ++ply) {
    std::size_t slot = positions[ply] & (size - 1);
    for (; seen[slot]; slot = (slot + 1) & (size - 1))
      if (positions[seen[slot] - 1] == positions[ply]) return false;
    seen[slot] = ply + 1;
  }
  return true;
}

}  // namespace

void collectVisitsUnordered(std::span<const PositionHash> positions, VisitList& out) {
  if (!allDistinct(positions, out.seen)) return collectVisits(positions, out);
  out.visits.clear();
  out.labels.clear();
  for (uint32_t ply = 0; ply < positions.size(); ++ply) {
    const bool last = ply + 1 == positions.size();
    out.visits.push_back({positions[ply], ply, uint32_t(out.labels.size()), last ? 0u : 1u});
    if (!last) out.labels.push_back(edgeLabel(positions[ply + 1]));
  }
}

}  // namespace apiary::index
