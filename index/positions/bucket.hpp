// Positions are stored in buckets: all positions whose hashes share their top
// kBucketBits bits live under one RocksDB key, sorted by hash. RocksDB spends about
// a microsecond of CPU per record each time compaction rewrites it, and a game
// brings some 80 new positions; in buckets it handles a few hundred thousand
// records where it would handle hundreds of millions, and the key, sequence number
// and lengths it stores per record are paid once per bucket.
//
// A bucket's encoding (it is also the merge operand a batch writes):
//   varint n, then n positions in increasing hash order, each:
//     varint  the hash's low 48 bits, for the first; the difference from the
//             previous position's, for the others (always > 0)
//     varint  the length of the position's record
//     bytes   the PositionRecord
// Merging buckets is a merge of sorted lists; a position present in several is
// merged with mergeRecords.
#pragma once
#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "index/codec.hpp"
#include "index/keys.hpp"

namespace apiary::index {

inline constexpr int kBucketBits = 16;
inline constexpr uint64_t kBucketCount = uint64_t(1) << kBucketBits;
inline constexpr uint64_t bucketOf(PositionHash h) { return h >> (64 - kBucketBits); }

// Builds a bucket from positions given in increasing hash order, all in one bucket.
class BucketWriter {
 public:
  BucketWriter() { clear(); }
  void clear();
  // Room for `bytes` of positions, so that a bucket of known size grows once.
  void reserve(std::size_t bytes) { bytes_.resize(std::max(bytes_.size(), kCountRoom + bytes)); }
  void add(PositionHash position, std::string_view record);
  std::size_t size() const { return count_; }
  // The encoded bucket (valid until the next clear or add).
  std::string_view finish();

 private:
  // The count comes first but is known last: the positions are written after room
  // for its longest varint, and finish() writes it just before them, so the bucket
  // is never copied to put it in front.
  static constexpr std::size_t kCountRoom = 10;
  static constexpr std::size_t kMaxVarint = 10;
  std::string bytes_;  // written up to used_; the rest is room
  std::size_t used_ = 0;
  std::size_t count_ = 0;
  PositionHash previous_ = 0;
};

// Walks an encoded bucket. Positions come out with their full hash (the bucket's
// top bits from `bucket`).
class BucketReader {
 public:
  BucketReader(uint64_t bucket, std::string_view bytes);
  // The next position, or false at the end or on corrupt bytes (then ok() is false).
  bool next(PositionHash& position, std::string_view& record);
  bool ok() const { return ok_; }

 private:
  uint64_t high_;
  Reader in_;
  uint64_t left_ = 0;
  uint64_t low_ = 0;
  bool first_ = true, ok_ = true;
};

// Adds encoded buckets of the same bucket number. False when one does not decode.
bool mergeBuckets(uint64_t bucket, std::span<const std::string_view> buckets, std::string& out);

// The record of one position in a bucket, if it is there.
std::optional<std::string_view> findInBucket(uint64_t bucket, std::string_view bytes, PositionHash position);

}  // namespace apiary::index
