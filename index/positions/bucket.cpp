#include "index/positions/bucket.hpp"

#include <algorithm>
#include <vector>

#include "index/codec.hpp"
#include "index/positions/position_record.hpp"

namespace apiary::index {

namespace {

constexpr uint64_t kLowMask = (uint64_t(1) << (64 - kBucketBits)) - 1;

// One operand of a merge, read a position at a time.
struct Head {
  BucketReader reader;
  PositionHash position = 0;
  std::string_view record;
  bool live = false;

  bool advance() {
    live = reader.next(position, record);
    return reader.ok();
  }
};

}  // namespace

void BucketWriter::clear() {
  used_ = kCountRoom;
  if (bytes_.size() < used_) bytes_.resize(used_);
  count_ = 0;
  previous_ = 0;
}

void BucketWriter::add(PositionHash position, std::string_view record) {
  const uint64_t low = position & kLowMask;
  // Written in place past used_: two appends a position cost more than the varints.
  const std::size_t needed = used_ + 2 * kMaxVarint + record.size();
  if (needed > bytes_.size()) bytes_.resize(std::max(needed, 2 * bytes_.size()));
  char* end = writeVarint(bytes_.data() + used_, count_ == 0 ? low : low - previous_);
  end = writeVarint(end, record.size());
  end = std::copy(record.begin(), record.end(), end);
  used_ = std::size_t(end - bytes_.data());
  previous_ = low;
  ++count_;
}

std::string_view BucketWriter::finish() {
  char count[kCountRoom];
  const auto length = std::size_t(writeVarint(count, count_) - count);
  char* start = bytes_.data() + kCountRoom - length;
  std::copy(count, count + length, start);
  return {start, used_ - (kCountRoom - length)};
}

BucketReader::BucketReader(uint64_t bucket, std::string_view bytes) : high_(bucket << (64 - kBucketBits)), in_(bytes) {
  left_ = in_.varint();
  ok_ = in_.ok() && left_ <= bytes.size();  // each position takes at least two bytes
}

bool BucketReader::next(PositionHash& position, std::string_view& record) {
  if (!ok_ || left_ == 0) {
    ok_ = ok_ && in_.atEnd();
    return false;
  }
  const uint64_t step = in_.longVarint();
  record = in_.take(in_.varint());
  if (!in_.ok() || (!first_ && step == 0) || step > kLowMask - low_) {
    ok_ = false;
    return false;
  }
  low_ += step;
  first_ = false;
  position = high_ | low_;
  --left_;
  return true;
}

bool mergeBuckets(uint64_t bucket, std::span<const std::string_view> buckets, std::string& out) {
  // Streamed: each operand is read once and the smallest head goes out next.
  // RocksDB passes a handful of operands (the runs one compaction merges), so
  // scanning the heads costs less than a heap; merging each operand into all the
  // earlier ones instead (std::inplace_merge) read the largest one once per operand.
  std::vector<Head> heads;
  heads.reserve(buckets.size());
  std::size_t bytes = 0;
  for (std::string_view b : buckets) {
    heads.push_back({BucketReader(bucket, b), 0, {}, false});
    if (!heads.back().advance()) return false;
    bytes += b.size();
  }
  BucketWriter writer;
  writer.reserve(bytes);
  std::vector<std::string_view> parts;
  std::string merged;
  for (;;) {
    const Head* smallest = nullptr;
    for (const Head& h : heads)
      if (h.live && (!smallest || h.position < smallest->position)) smallest = &h;
    if (!smallest) break;
    const PositionHash position = smallest->position;
    // The position's records in operand order (RocksDB's, oldest first).
    parts.clear();
    for (Head& h : heads)
      if (h.live && h.position == position) {
        parts.push_back(h.record);
        if (!h.advance()) return false;
      }
    if (parts.size() == 1) {
      writer.add(position, parts[0]);
    } else {
      if (!mergeRecords(parts, merged)) return false;
      writer.add(position, merged);
    }
  }
  out.assign(writer.finish());
  return true;
}

// A lookup walks half a bucket on average (a thousand positions at a million games),
// so it reads the steps and lengths directly rather than through BucketReader.
std::optional<std::string_view> findInBucket(uint64_t bucket, std::string_view bytes, PositionHash position) {
  if (bucketOf(position) != bucket) return std::nullopt;
  const uint64_t target = position & kLowMask;
  const char* p = bytes.data();
  const char* const end = p + bytes.size();
  const auto varint = [&](uint64_t& v) {
    if (end - p >= 8 && varintInWord(p, v)) return true;
    Reader slow({p, std::size_t(end - p)});
    v = slow.varint();
    p = end - slow.rest().size();
    return slow.ok();
  };
  uint64_t left = 0, low = 0, step = 0, length = 0;
  if (!varint(left)) return std::nullopt;
  for (bool first = true; left > 0; --left, first = false) {
    if (!varint(step) || !varint(length) || uint64_t(end - p) < length) return std::nullopt;
    if ((!first && step == 0) || step > kLowMask - low) return std::nullopt;
    low += step;
    if (low >= target) return low == target ? std::optional(std::string_view(p, length)) : std::nullopt;
    p += length;
  }
  return std::nullopt;
}

}  // namespace apiary::index
