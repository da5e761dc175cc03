// The games a filter (index::GameQuery) keeps held in memory
// for the statistics: explorer and search intersect a position's postings with
// them. A query that touches few games looks those up by id (one row each); one
// that touches many (a popular position) reads every kept game once (one SQL query,
// some hundred milliseconds at a million games), and the set is kept for the
// queries after it.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "engine/canonical.hpp"
#include "index/database.hpp"
#include "index/game_query.hpp"

namespace apiary::query {

class KeptSet {
 public:
  // Every game the filter keeps. Both throw QueryError for a filter whose fields
  // mean nothing together (filter_fields.hpp, checkFilter).
  KeptSet(const index::GameSearch& search, const index::GameQuery& filter);
  // The kept games among `ids`; asking about other ids later says "not kept".
  KeptSet(const index::GameSearch& search, const index::GameQuery& filter, std::span<const index::GameId> ids);

  // The game's facts when the filter keeps it.
  std::optional<index::GameFacts> find(index::GameId id) const {
    const uint32_t s = slot(id);
    if (!s) return std::nullopt;
    return index::GameFacts{id, index::Outcome((s >> 1) & 3), s >> 3};
  }
  bool contains(index::GameId id) const { return slot(id) != 0; }
  uint64_t size() const { return size_; }

 private:
  // 0 when not kept, else plies << 3 | outcome << 1 | 1.
  static uint32_t slotOf(const index::GameFacts& g) { return g.plies << 3 | uint32_t(g.outcome) << 1 | 1; }
  uint32_t slot(index::GameId id) const;

  std::vector<uint32_t> dense_;                             // every kept game: by id
  std::vector<std::pair<index::GameId, uint32_t>> sparse_;  // a few: by id, sorted
  uint64_t size_ = 0;
};

// The games a filter keeps, read as the queries of one session need them.
class KeptGames {
 public:
  // Up to `byIdLimit` games a query are looked up one by one.
  KeptGames(const index::GameSearch& search, index::GameQuery filter, std::size_t byIdLimit = 2000);
  // A set that answers for every game through these positions, read with their
  // postings (valid until the next call): looked up by id when they are few, else
  // every kept game.
  const KeptSet& through(const index::PositionReads& positions);
  // The same for these games.
  const KeptSet& among(std::span<const index::GameId> ids);

 private:
  const KeptSet& all();

  const index::GameSearch& search_;
  index::GameQuery filter_;
  std::size_t byIdLimit_;
  std::unique_ptr<KeptSet> all_, some_;
};

}  // namespace apiary::query
