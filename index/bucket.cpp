#include "index/bucket.hpp"

#include <algorithm>
#include <vector>

#include "index/codec.hpp"
#include "index/position_record.hpp"

namespace apiary::index {

namespace {

constexpr uint64_t kLowMask = (uint64_t(1) << (64 - kBucketBits)) - 1;

struct Item {
  PositionHash position;
  std::string_view record;
};

}  // namespace

void BucketWriter::clear() {
  body_.clear();
  count_ = 0;
  previous_ = 0;
}

void BucketWriter::add(PositionHash position, std::string_view record) {
  const uint64_t low = position & kLowMask;
  putVarint(body_, count_ == 0 ? low : low - previous_);
  putVarint(body_, record.size());
  body_.append(record);
  previous_ = low;
  ++count_;
}

std::string_view BucketWriter::finish() {
  out_.clear();
  putVarint(out_, count_);
  out_.append(body_);
  return out_;
}

BucketReader::BucketReader(uint64_t bucket, std::string_view bytes)
    : high_(bucket << (64 - kBucketBits)), in_(bytes) {
  left_ = in_.varint();
  ok_ = in_.ok() && left_ <= bytes.size();  // each position takes at least two bytes
}

bool BucketReader::next(PositionHash& position, std::string_view& record) {
  if (!ok_ || left_ == 0) {
    ok_ = ok_ && in_.atEnd();
    return false;
  }
  const uint64_t step = in_.varint();
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
  std::vector<Item> items;
  for (std::string_view b : buckets) {
    const std::size_t middle = items.size();
    BucketReader reader(bucket, b);
    Item item;
    while (reader.next(item.position, item.record)) items.push_back(item);
    if (!reader.ok()) return false;
    // Each bucket is sorted: merging keeps the whole sorted in linear time.
    std::inplace_merge(items.begin(), items.begin() + std::ptrdiff_t(middle), items.end(),
                       [](const Item& a, const Item& c) { return a.position < c.position; });
  }
  BucketWriter writer;
  std::vector<std::string_view> parts;
  std::string merged;
  for (std::size_t i = 0; i < items.size();) {
    std::size_t j = i + 1;
    while (j < items.size() && items[j].position == items[i].position) ++j;
    if (j == i + 1) {
      writer.add(items[i].position, items[i].record);
    } else {
      parts.clear();
      for (std::size_t k = i; k < j; ++k) parts.push_back(items[k].record);
      if (!mergeRecords(parts, merged)) return false;
      writer.add(items[i].position, merged);
    }
    i = j;
  }
  out.assign(writer.finish());
  return true;
}

std::optional<std::string_view> findInBucket(uint64_t bucket, std::string_view bytes, PositionHash position) {
  BucketReader reader(bucket, bytes);
  PositionHash h;
  std::string_view record;
  while (reader.next(h, record)) {
    if (h == position) return record;
    if (h > position) break;
  }
  return std::nullopt;
}

}  // namespace apiary::index
