// What one game contributes to the positions it passed through, by the index's
// counting rule, in one place for the writer and for check: a game counts once per
// position, at the first ply it reached it, and once per distinct position that
// followed it there (a game that comes back to a position and leaves by another
// move adds a second next position, not a second game).
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "index/keys.hpp"

namespace apiary::index {

struct Visit {
  PositionHash position;
  uint32_t ply;         // the first ply the game reached the position
  uint32_t firstLabel;  // into VisitList::labels
  uint32_t labelCount;  // distinct next positions (0 for the last position)
};

struct VisitList {
  std::vector<Visit> visits;     // by position hash
  std::vector<uint32_t> labels;  // edgeLabel of each next position, back to back
  struct Ply {
    PositionHash position;
    uint32_t ply;
  };
  std::vector<Ply> order;      // scratch
  std::vector<uint32_t> seen;  // scratch: 1 + a ply, by hash

  std::span<const uint32_t> labelsOf(const Visit& v) const {
    return std::span(labels).subspan(v.firstLabel, v.labelCount);
  }
};

// positions[ply] is the hash of the position after `ply` plies. Reuses out's memory.
void collectVisits(std::span<const PositionHash> positions, VisitList& out);
// The same visits, in no particular order (the batch file sorts a whole batch's):
// most games never come back to a position, and then no sort is needed.
void collectVisitsUnordered(std::span<const PositionHash> positions, VisitList& out);

}  // namespace apiary::index
