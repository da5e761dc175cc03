// The value stored for a position in its bucket: which games reached the position
// and at which ply (postings), and the statistics of the position and of each next
// position. It is also the merge operand: an ingest batch writes, blind, one record
// holding only its own games, and RocksDB's merge operator adds records together
// (mergeRecords), so no write ever reads.
//
// Two forms, chosen by the merge (see README for the bytes):
// - list: one entry per game (game, ply, length, outcome, labels of the next
//   positions). Everything else is computed from it when read. Almost every
//   position is reached by one game, and this is the smallest way to say so.
// - aggregate: past kListMax games, the summed counts, the counts per next
//   position, and postings (game, ply), so that reading a popular position costs
//   its number of next positions, not its number of games, for statistics.
//   Postings of a batch that alone holds more than kListMax games of the position
//   are kept apart, under the position's own key (keys.hpp), so that its bucket
//   stays small; the record keeps those the merge brought from lists, and the
//   difference between its games and those is the number kept apart.
//
// Invariants (held by the writer, verified by check): a game appears at most once
// per position, with the first ply it reached it; its labels are distinct.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "index/counts.hpp"
#include "index/keys.hpp"
#include "index/positions/posting_list.hpp"

namespace apiary::index {

// A next position (by edgeLabel) and the games that went on to it from here, counted
// as the next position counts them (its side to move is the other player).
struct NextEdge {
  uint32_t label = 0;
  Counts counts;
  bool operator==(const NextEdge&) const = default;
};

struct PositionStats {
  Counts counts;
  std::vector<NextEdge> next;  // by label
  bool operator==(const PositionStats&) const = default;
};

class PositionRecord {
 public:
  static constexpr std::size_t kListMax = 32;

  bool aggregated() const { return aggregated_; }
  uint64_t games() const;
  void clear();

  // Builds the list form: a game of `plies` plies that first reached the position at
  // `ply`. Games must come in strictly decreasing order.
  void addGame(GameId game, uint32_t ply, uint32_t plies, Outcome outcome, std::span<const uint32_t> nextLabels);
  // Turns a list into the aggregate form, its postings kept in the record.
  void aggregate();
  // The aggregate's postings kept in the record, taken out of it (the writer keeps
  // them apart: they are then encoded under the position's own key).
  std::vector<Posting> takePostings();

  PositionStats stats() const;
  // Newest (highest game id) first: those in the record and those decoded apart.
  std::vector<Posting> postings() const;
  // Postings the record does not hold itself (its games minus its postings).
  uint64_t postingsApart() const;

  void encode(std::string& out) const;
  // `apart`: the posting list under the position's own key, when it has one.
  bool decode(std::string_view bytes, std::string_view apart = {});
  // The number of games of an encoded record, reading only its first bytes.
  static uint64_t gamesOf(std::string_view bytes);
  // postingsApart() of an encoded record: whether its own key must be read too.
  static uint64_t apartOf(std::string_view bytes);
  // What queries read of an encoded record without decoding all of it: an aggregate
  // (a popular position) holds many postings, while its statistics and a page of
  // postings are a few bytes. nullopt / false when the bytes are not a valid encoding.
  static std::optional<PositionStats> statsOf(std::string_view bytes);
  // Postings [offset, offset + limit) of the record and of `apart` (the list under
  // the position's own key, or empty), newest first, and how many there are in all.
  static bool postingsOf(std::string_view bytes, std::string_view apart, uint64_t offset, uint64_t limit,
                         std::vector<Posting>& out, uint64_t& total);

 private:
  struct Entry {
    GameId game;
    uint32_t ply;
    uint32_t plies;  // the game's length
    Outcome outcome;
    uint32_t firstLabel;
    uint32_t labelCount;
  };
  friend bool mergeRecords(std::span<const std::string_view> operands, std::string& out);

  bool aggregated_ = false;
  std::vector<Entry> entries_;     // list form, game descending
  std::vector<uint32_t> labels_;   // list form, entries' labels back to back
  PositionStats stats_;            // aggregate form
  std::vector<Posting> postings_;  // aggregate form, in the record, game descending
  std::vector<Posting> apart_;     // aggregate form, decoded from the position's own key
};

// Sorts edges by label, summing those with equal labels.
void combineEdges(std::vector<NextEdge>& edges);

// Adds encoded records (or operands) into one encoded record. False when one of
// them is not a valid encoding.
bool mergeRecords(std::span<const std::string_view> operands, std::string& out);

}  // namespace apiary::index
