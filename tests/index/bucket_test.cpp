// Buckets of positions: round trips over the whole hash range, lookups, merging
// (a union of sorted lists, adding the records of positions present in several),
// RocksDB's merge operator doing the same (and merging posting lists kept apart),
// and corrupt buckets refused; the varints of its steps read a word at a time.
#include <catch2/catch.hpp>

#include <map>
#include <random>
#include <span>
#include <vector>

#include "index/codec.hpp"
#include "index/keys.hpp"
#include "index/positions/bucket.hpp"
#include "index/positions/merge_operator.hpp"
#include "index/positions/position_record.hpp"

using namespace apiary::index;

namespace {

constexpr uint64_t kBucket = 0xBEEF;

PositionHash inBucket(uint64_t low) { return kBucket << (64 - kBucketBits) | low; }

std::string recordOf(GameId game, uint32_t ply) {
  PositionRecord r;
  const uint32_t next[] = {uint32_t(game * 7)};
  r.addGame(game, ply, ply + 20, Outcome::Draw, next);
  std::string out;
  r.encode(out);
  return out;
}

std::string bucketOf(const std::map<PositionHash, std::string>& positions) {
  BucketWriter w;
  for (const auto& [h, record] : positions) w.add(h, record);
  return std::string(w.finish());
}

std::map<PositionHash, std::string> read(const std::string& bytes) {
  std::map<PositionHash, std::string> out;
  BucketReader reader(kBucket, bytes);
  PositionHash h;
  std::string_view record;
  while (reader.next(h, record)) out[h] = std::string(record);
  REQUIRE(reader.ok());
  return out;
}

}  // namespace

TEST_CASE("a bucket gives back its positions, from the first hash of its range to the last") {
  std::map<PositionHash, std::string> positions;
  std::mt19937_64 rng(3);
  positions[inBucket(0)] = recordOf(1, 0);
  positions[inBucket((uint64_t(1) << 48) - 1)] = recordOf(2, 5);
  for (int i = 0; i < 500; ++i) positions[inBucket(rng() >> 16)] = recordOf(3 + i, uint32_t(i % 90));
  const std::string bytes = bucketOf(positions);
  CHECK(read(bytes) == positions);
  for (const auto& [h, record] : positions)
    CHECK(findInBucket(kBucket, bytes, h) == std::optional<std::string_view>(record));
  CHECK_FALSE(findInBucket(kBucket, bytes, inBucket(12345)).has_value());
  CHECK(bucketOf(inBucket(77)) == kBucket);
}

TEST_CASE("a lookup finds every position whatever the lengths of its steps and records, and misses the rest") {
  // Steps of 1 to 7 bytes (gaps of 1 up to 2^47), records of 0 to 300 bytes (lengths
  // of 1 and 2 bytes), the last ones close to the end of the bytes.
  std::map<PositionHash, std::string> positions;
  std::mt19937_64 rng(11);
  uint64_t low = 0;
  for (int i = 0; i < 400 && low < (uint64_t(1) << 47); ++i) {
    low += 1 + (rng() >> (17 + rng() % 47));
    positions[inBucket(low)] = std::string(rng() % 4 == 0 ? rng() % 300 : rng() % 3, char('a' + i % 26));
  }
  const std::string bytes = bucketOf(positions);
  REQUIRE(read(bytes) == positions);
  for (const auto& [h, record] : positions) {
    CHECK(findInBucket(kBucket, bytes, h) == std::optional<std::string_view>(record));
    CHECK(findInBucket(kBucket, bytes, h + 1).has_value() == (positions.count(h + 1) == 1));
  }
  CHECK_FALSE(findInBucket(kBucket, bytes, inBucket(low + 1)).has_value());
  CHECK_FALSE(findInBucket(kBucket + 1, bytes, positions.begin()->first).has_value());
  CHECK_FALSE(findInBucket(kBucket, bytes, (kBucket + 1) << (64 - kBucketBits)).has_value());
  // Cut short anywhere: the positions still whole are found, none past the cut.
  const PositionHash last = positions.rbegin()->first;
  for (std::size_t cut = 0; cut < bytes.size(); cut += 1 + cut / 50)
    CHECK(findInBucket(kBucket, std::string_view(bytes).substr(0, cut), last) == std::nullopt);
}

TEST_CASE("merging buckets is a union, adding the records of shared positions") {
  const PositionHash shared = inBucket(1000), onlyA = inBucket(10), onlyB = inBucket(5000);
  const std::string a = bucketOf({{onlyA, recordOf(1, 3)}, {shared, recordOf(2, 4)}});
  const std::string b = bucketOf({{shared, recordOf(5, 4)}, {onlyB, recordOf(6, 9)}});
  std::string merged;
  const std::string_view parts[] = {a, b};
  REQUIRE(mergeBuckets(kBucket, parts, merged));
  const auto positions = read(merged);
  REQUIRE(positions.size() == 3);
  CHECK(positions.at(onlyA) == recordOf(1, 3));
  CHECK(positions.at(onlyB) == recordOf(6, 9));
  PositionRecord both;
  REQUIRE(both.decode(positions.at(shared)));
  CHECK(both.postings() == std::vector<Posting>{{5, 4}, {2, 4}});
  CHECK(both.stats().counts.draws == 2);
}

TEST_CASE("merging many buckets at once gives the union, whatever the grouping") {
  // A compaction hands the merge operator one operand per run it merges, and may
  // merge some of them earlier (partial merges): every grouping must agree.
  std::mt19937_64 rng(7);
  std::vector<std::string> buckets;
  std::map<PositionHash, uint64_t> games;  // each position's games across all buckets
  BucketWriter w;                          // reused, as the batch file reuses it
  GameId next = 1;
  for (int b = 0; b < 9; ++b) {
    w.clear();
    std::map<PositionHash, std::string> positions;
    const int n = b == 4 ? 0 : 40 + b * 30;  // one empty bucket
    for (int i = 0; i < n; ++i) positions[inBucket(rng() % 600)] = recordOf(next++, uint32_t(i % 50));
    for (const auto& [h, record] : positions) {
      w.add(h, record);
      ++games[h];
    }
    buckets.emplace_back(w.finish());
  }
  std::vector<std::string_view> all(buckets.begin(), buckets.end());
  std::string merged;
  REQUIRE(mergeBuckets(kBucket, all, merged));
  const auto positions = read(merged);
  REQUIRE(positions.size() == games.size());
  for (const auto& [h, record] : positions) {
    PositionRecord r;
    REQUIRE(r.decode(record));
    CHECK(r.games() == games.at(h));
  }
  std::string first, rest;
  REQUIRE(mergeBuckets(kBucket, std::span(all).first(5), first));
  REQUIRE(mergeBuckets(kBucket, std::span(all).subspan(5), rest));
  const std::string_view halves[] = {first, rest};
  std::string again;
  REQUIRE(mergeBuckets(kBucket, halves, again));
  CHECK(again == merged);
}

TEST_CASE("RocksDB's merge operator merges buckets the same way") {
  PositionMergeOperator op;
  const std::string keyBytes = IndexKey::bucket(kBucket).encode();
  const rocksdb::Slice key(keyBytes);  // MergeOperationInput keeps a reference
  const std::string a = bucketOf({{inBucket(1), recordOf(1, 0)}}), b = bucketOf({{inBucket(1), recordOf(2, 0)}});
  const rocksdb::Slice base(a);
  std::vector<rocksdb::Slice> operands = {rocksdb::Slice(b)};
  std::string value;
  rocksdb::Slice existing;
  rocksdb::MergeOperator::MergeOperationInput in(key, &base, operands, nullptr);
  rocksdb::MergeOperator::MergeOperationOutput out(value, existing);
  REQUIRE(op.FullMergeV2(in, &out));
  PositionRecord r;
  REQUIRE(r.decode(read(value).at(inBucket(1))));
  CHECK(r.games() == 2);

  std::deque<rocksdb::Slice> partial = {rocksdb::Slice(a), rocksdb::Slice(b)};
  std::string combined;
  REQUIRE(op.PartialMergeMulti(key, partial, &combined, nullptr));
  CHECK(combined == value);

  // A bucket only one batch wrote is passed through without a copy.
  rocksdb::MergeOperator::MergeOperationInput alone(key, nullptr, operands, nullptr);
  std::string unused;
  rocksdb::Slice passed;
  rocksdb::MergeOperator::MergeOperationOutput out2(unused, passed);
  REQUIRE(op.FullMergeV2(alone, &out2));
  CHECK(passed.ToString() == b);
}

TEST_CASE("the merge operator merges a position's posting lists kept apart, and no batch marker") {
  PositionMergeOperator op;
  std::string older, newer;
  const Posting olderGames[] = {{20, 3}, {11, 5}}, newerGames[] = {{42, 3}, {31, 4}};
  encodePostings(olderGames, older);
  encodePostings(newerGames, newer);
  const std::string keyBytes = IndexKey::postings(inBucket(7)).encode();
  std::deque<rocksdb::Slice> operands = {rocksdb::Slice(older), rocksdb::Slice(newer)};
  std::string merged;
  REQUIRE(op.PartialMergeMulti(rocksdb::Slice(keyBytes), operands, &merged, nullptr));
  std::vector<Posting> all;
  REQUIRE(decodePostings(merged, all));
  CHECK(all == std::vector<Posting>{{42, 3}, {31, 4}, {20, 3}, {11, 5}});
  const std::string marker = IndexKey::batch(1).encode();
  CHECK_FALSE(op.PartialMergeMulti(rocksdb::Slice(marker), operands, &merged, nullptr));
}

TEST_CASE("corrupt buckets are refused") {
  const std::string good = bucketOf({{inBucket(5), recordOf(1, 0)}, {inBucket(9), recordOf(2, 0)}});
  std::string out;
  for (const std::string& bad : {good.substr(0, good.size() - 2), good + "x", std::string("\x05", 1)}) {
    const std::string_view parts[] = {bad};
    CHECK_FALSE(mergeBuckets(kBucket, parts, out));
  }
  BucketWriter w;  // the same position twice: a zero step
  w.add(inBucket(5), recordOf(1, 0));
  w.add(inBucket(5), recordOf(2, 0));
  const std::string twice(w.finish());
  const std::string_view parts[] = {twice};
  CHECK_FALSE(mergeBuckets(kBucket, parts, out));
  const std::string withBadRecord = bucketOf({{inBucket(9), "zz"}});  // views need it alive
  const std::string_view badRecord[] = {good, withBadRecord};
  CHECK_FALSE(mergeBuckets(kBucket, badRecord, out));
}

TEST_CASE("a step's varint is read in one word as the byte loop reads it") {
  std::mt19937_64 random(7);
  std::vector<uint64_t> values = {
      0, 1, 127, 128, (uint64_t(1) << 48) - 1, (uint64_t(1) << 56) - 1, uint64_t(1) << 56, ~uint64_t(0)};
  for (int bits = 1; bits <= 64; ++bits)
    for (int k = 0; k < 20; ++k) values.push_back(random() >> (64 - bits));
  for (const uint64_t v : values) {
    char bytes[24] = {};
    const std::size_t size = std::size_t(writeVarint(bytes, v) - bytes);
    // With the 8 bytes a word read needs past it, and at the end of the bytes.
    for (const std::string_view text : {std::string_view(bytes, size + 8), std::string_view(bytes, size)}) {
      Reader in(text);
      CHECK(in.longVarint() == v);
      CHECK(in.ok());
      CHECK(in.rest().size() == text.size() - size);
    }
  }
}
