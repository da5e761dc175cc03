#include "index/batch_file.hpp"

#include <rocksdb/env.h>
#include <rocksdb/options.h>
#include <rocksdb/sst_file_writer.h>

#include <algorithm>
#include <stdexcept>

#include "index/bucket.hpp"
#include "index/position_record.hpp"
#include "index/visits.hpp"

namespace apiary::index {

namespace {

// One game's visit of one position, flattened for sorting (24 bytes).
struct Entry {
  PositionHash position;
  uint32_t game;  // index in the batch
  uint32_t ply;
  uint32_t firstLabel;
  uint16_t labelCount;
  Outcome outcome;
};

bool before(const Entry& a, const Entry& b) {
  return a.position != b.position ? a.position < b.position : a.game > b.game;
}

// Positions are uniform hashes: one counting pass on the top 16 bits (the storage
// buckets' bits too) leaves groups of a dozen entries, sorted in place. Several
// times faster than one big sort of the million entries a batch holds.
void sortEntries(std::vector<Entry>& entries) {
  constexpr int kBits = kBucketBits;
  std::vector<uint32_t> start((1u << kBits) + 1, 0);
  for (const Entry& e : entries) ++start[(e.position >> (64 - kBits)) + 1];
  for (std::size_t b = 1; b < start.size(); ++b) start[b] += start[b - 1];
  std::vector<Entry> sorted(entries.size());
  std::vector<uint32_t> next(start.begin(), start.end() - 1);
  for (const Entry& e : entries) sorted[next[e.position >> (64 - kBits)]++] = e;
  for (std::size_t b = 0; b + 1 < start.size(); ++b)
    std::sort(sorted.begin() + start[b], sorted.begin() + start[b + 1], before);
  entries.swap(sorted);
}

void require(const rocksdb::Status& s, const std::string& what) {
  if (!s.ok()) throw std::runtime_error(what + ": " + s.ToString());
}

}  // namespace

BatchMarker writeBatchFile(const std::filesystem::path& file, BatchMarker marker,
                           std::span<const GameRecord* const> games) {
  std::vector<Entry> entries;
  std::vector<uint32_t> labels;
  std::size_t expected = 0;
  for (const GameRecord* g : games) expected += g->positions.size();
  entries.reserve(expected);
  labels.reserve(expected);
  VisitList visits;
  for (uint32_t g = 0; g < games.size(); ++g) {
    collectVisits(games[g]->positions, visits);
    const auto base = uint32_t(labels.size());
    labels.insert(labels.end(), visits.labels.begin(), visits.labels.end());
    for (const Visit& v : visits.visits)
      entries.push_back({v.position, g, v.ply, base + v.firstLabel, uint16_t(v.labelCount), games[g]->outcome});
  }
  sortEntries(entries);

  marker.positions = 0;
  for (std::size_t i = 0; i < entries.size(); ++i)
    marker.positions += i == 0 || entries[i].position != entries[i - 1].position;

  // LZ4, not the database's zstd: a batch file is read back and rewritten by the
  // next compactions, which compress it with zstd when it comes to rest.
  rocksdb::Options options = PositionStore::options();
  options.bottommost_compression = rocksdb::kLZ4Compression;
  rocksdb::SstFileWriter writer(rocksdb::EnvOptions(), options);
  require(writer.Open(file.string()), "cannot create " + file.string());
  require(writer.Put(IndexKey::batch(marker.batch).encode(), marker.encode()), "writing a batch marker");
  PositionRecord record;
  BucketWriter bucket;
  std::string value;
  for (std::size_t i = 0; i < entries.size();) {
    const PositionHash position = entries[i].position;
    record.clear();
    for (; i < entries.size() && entries[i].position == position; ++i) {
      const Entry& e = entries[i];
      record.addGame(marker.firstGame + e.game, e.ply, e.outcome,
                     std::span(labels).subspan(e.firstLabel, e.labelCount));
    }
    if (record.games() > PositionRecord::kListMax) record.aggregate();
    value.clear();
    record.encode(value);
    bucket.add(position, value);
    if (i == entries.size() || bucketOf(entries[i].position) != bucketOf(position)) {
      require(writer.Merge(IndexKey::bucket(bucketOf(position)).encode(), bucket.finish()), "writing a bucket");
      bucket.clear();
    }
  }
  require(writer.Finish(), "cannot finish " + file.string());
  return marker;
}

}  // namespace apiary::index
