#include "index/visits.hpp"

#include <algorithm>

namespace apiary::index {

void collectVisits(std::span<const PositionHash> positions, VisitList& out) {
  out.visits.clear();
  out.labels.clear();
  auto& order = out.order;
  order.resize(positions.size());
  for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  // By position, then by ply: each run is one position, its first ply first.
  std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    return positions[a] != positions[b] ? positions[a] < positions[b] : a < b;
  });
  for (std::size_t i = 0; i < order.size();) {
    const PositionHash h = positions[order[i]];
    Visit v{h, order[i], uint32_t(out.labels.size()), 0};
    for (; i < order.size() && positions[order[i]] == h; ++i) {
      const uint32_t ply = order[i];
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

}  // namespace apiary::index
