// Every RocksDB key of the index, in one place. A key is one space byte and one
// big-endian 64-bit number, 9 bytes in all:
//
//   'b' batch id   the marker of a committed ingest batch (value: BatchMarker)
//   'f' batch id   pattern search's contacts and features of the batch's games
//                  (value: pattern_store.hpp)
//   'g' position   the postings of a popular position, kept apart from its bucket
//                  (value: a posting list, posting_list.hpp)
//   'p' bucket     the positions whose hashes start with these 16 bits, each with
//                  everything about it (value: a bucket of PositionRecords, bucket.hpp)
//
// Why 'g' apart: reading one position reads its whole bucket, and a popular
// position's postings (one per game: 2 MB at the start position of a million
// games) would make every position sharing its bucket that slow to read cold.
// A batch that holds more than kListMax games of a position writes them under 'g'
// as a merge operand, blind like the bucket; the bucket keeps the position's
// statistics. 'g' sorts before 'p', so a batch file writes them first.
//
// A position is known by its hash: the engine's position hash of its canonical key
// (PositionKey::hash(), engine/position_hash.hpp; makeRecord gets the same value
// from CanonicalBoard without writing the key), not the key itself, which averages
// 37 bytes and would be most of the database's size (see README, "Why hashes").
// Big-endian, so that keys of one space sort together and numerically.
//
// A move from a position to the next is labelled by the low 32 bits of the next
// position's hash (edgeLabel): the label only has to tell apart the children of one
// position, and whoever shows them regenerates the legal moves from the position
// and matches labels, which also makes moves to symmetric twins one edge.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/canonical.hpp"

namespace apiary::index {

using PositionHash = uint64_t;
using GameId = int64_t;

inline PositionHash positionHash(const PositionKey& key) { return key.hash(); }
inline uint32_t edgeLabel(PositionHash next) { return uint32_t(next); }
// A position hash as 16 hex digits, the way reports and JSON name positions.
std::string hexOf(PositionHash h);

struct IndexKey {
  enum class Space : char { Batch = 'b', Patterns = 'f', Postings = 'g', Bucket = 'p' };
  static constexpr std::size_t kSize = 9;

  Space space;
  uint64_t id;  // the batch id, the position hash or the bucket number

  static IndexKey batch(uint64_t batchId) { return {Space::Batch, batchId}; }
  static IndexKey patterns(uint64_t batchId) { return {Space::Patterns, batchId}; }
  static IndexKey postings(PositionHash position) { return {Space::Postings, position}; }
  static IndexKey bucket(uint64_t bucket) { return {Space::Bucket, bucket}; }

  std::string encode() const;
  // The first key of a space, for iterators (every key of the space is >= it).
  static std::string spaceStart(Space space);
  static std::optional<IndexKey> decode(std::string_view bytes);
};

}  // namespace apiary::index
