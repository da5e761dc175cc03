#include "index/positions/batch_file.hpp"

#include <rocksdb/env.h>
#include <rocksdb/options.h>
#include <rocksdb/sst_file_writer.h>

#include <algorithm>
#include <memory>
#include <stdexcept>

#include "index/positions/bucket.hpp"
#include "index/positions/pattern_store.hpp"
#include "index/positions/position_record.hpp"
#include "index/positions/visits.hpp"

namespace apiary::index {

namespace {

// One game's visit of one position, flattened for sorting (24 bytes). Sorted by
// position, entries come in random game order: a lone label (nearly every visit) is
// kept in the entry, since reading it from the batch's labels was a cache miss each.
struct Entry {
  PositionHash position;
  uint32_t game;  // index in the batch
  uint32_t ply;
  uint32_t label;  // the label itself when labelCount is 1, else the first's index in the labels
  uint16_t labelCount;
  Outcome outcome;

  std::span<const uint32_t> labels(const std::vector<uint32_t>& all) const {
    if (labelCount == 1) return {&label, 1};
    return std::span(all).subspan(label, labelCount);
  }
};

bool before(const Entry& a, const Entry& b) {
  return a.position != b.position ? a.position < b.position : a.game > b.game;
}

void require(const rocksdb::Status& s, const std::string& what) {
  if (!s.ok()) throw std::runtime_error(what + ": " + s.ToString());
}

}  // namespace

struct BatchFileBuffers::Arrays {
  std::vector<Entry> entries;
  // Left uninitialised (not a vector): zeroing it first was a share of writing the file.
  std::unique_ptr<Entry[]> sorted;
  std::size_t sortedCapacity = 0;
  std::vector<uint32_t> start, next;
  std::vector<uint32_t> labels, plies;
  std::vector<std::pair<std::size_t, std::size_t>> groups;  // each position's entries
  VisitList visits;
};

BatchFileBuffers::BatchFileBuffers() : arrays_(std::make_unique<Arrays>()) {}
BatchFileBuffers::~BatchFileBuffers() = default;

namespace {

// Positions are uniform hashes: one counting pass on the top 16 bits (the storage
// buckets' bits too) leaves groups of a dozen entries, sorted in place: cheaper
// than one big sort of the million entries a batch holds.
std::span<const Entry> sortEntries(BatchFileBuffers::Arrays& a) {
  constexpr int kBits = kBucketBits;
  const std::vector<Entry>& entries = a.entries;
  a.start.assign((1u << kBits) + 1, 0);
  auto& start = a.start;
  for (const Entry& e : entries) ++start[(e.position >> (64 - kBits)) + 1];
  for (std::size_t b = 1; b < start.size(); ++b) start[b] += start[b - 1];
  if (a.sortedCapacity < entries.size()) {
    a.sorted.reset();
    a.sorted = std::make_unique_for_overwrite<Entry[]>(entries.size());
    a.sortedCapacity = entries.size();
  }
  Entry* sorted = a.sorted.get();
  a.next.assign(start.begin(), start.end() - 1);
  for (const Entry& e : entries) sorted[a.next[e.position >> (64 - kBits)]++] = e;
  for (std::size_t b = 0; b + 1 < start.size(); ++b) std::sort(sorted + start[b], sorted + start[b + 1], before);
  return {sorted, entries.size()};
}

// Every game's visits as entries, their labels in one array, and each game's length.
void collectEntries(BatchFileBuffers::Arrays& a, std::span<const GameRecord* const> games) {
  auto& entries = a.entries;
  auto& labels = a.labels;
  entries.clear();
  labels.clear();
  std::size_t expected = 0;
  for (const GameRecord* g : games) expected += g->positions.size();
  entries.reserve(expected);
  labels.reserve(expected);
  // Entries are sorted by position, so their games come in random order: their
  // lengths are looked up here, not in the records (a cache miss each).
  a.plies.resize(games.size());
  VisitList& visits = a.visits;
  for (uint32_t g = 0; g < games.size(); ++g) {
    a.plies[g] = games[g]->plies;
    collectVisitsUnordered(games[g]->positions, visits);
    const auto base = uint32_t(labels.size());
    labels.insert(labels.end(), visits.labels.begin(), visits.labels.end());
    for (const Visit& v : visits.visits) {
      const uint32_t label = v.labelCount == 1 ? visits.labels[v.firstLabel] : base + v.firstLabel;
      entries.push_back({v.position, g, v.ply, label, uint16_t(v.labelCount), games[g]->outcome});
    }
  }
}

// Each position's run of entries in the sorted array.
void groupByPosition(std::span<const Entry> sorted, std::vector<std::pair<std::size_t, std::size_t>>& groups) {
  groups.clear();
  for (std::size_t i = 0; i < sorted.size();) {
    std::size_t j = i + 1;
    while (j < sorted.size() && sorted[j].position == sorted[i].position) ++j;
    groups.emplace_back(i, j);
    i = j;
  }
}

// A position more than kListMax games of the batch reached is an aggregate, its
// postings apart (under its own key) and its statistics in the bucket.
bool popular(std::pair<std::size_t, std::size_t> group) {
  return group.second - group.first > PositionRecord::kListMax;
}

void writePopularPostings(rocksdb::SstFileWriter& writer, const BatchFileBuffers::Arrays& a,
                          std::span<const Entry> sorted, GameId firstGame) {
  std::vector<Posting> postings;
  std::string value;
  for (const auto& [first, end] : a.groups) {
    if (!popular({first, end})) continue;
    postings.clear();
    for (std::size_t i = first; i < end; ++i) postings.push_back({firstGame + sorted[i].game, sorted[i].ply});
    value.clear();
    encodePostings(postings, value);
    require(writer.Merge(IndexKey::postings(sorted[first].position).encode(), value), "writing postings");
  }
}

// Each position's record, gathered into one value per storage bucket.
void writeBuckets(rocksdb::SstFileWriter& writer, const BatchFileBuffers::Arrays& a, std::span<const Entry> sorted,
                  GameId firstGame) {
  const auto& groups = a.groups;
  PositionRecord record;
  BucketWriter bucket;
  std::string value;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const auto [first, end] = groups[g];
    record.clear();
    for (std::size_t i = first; i < end; ++i) {
      const Entry& e = sorted[i];
      record.addGame(firstGame + e.game, e.ply, a.plies[e.game], e.outcome, e.labels(a.labels));
    }
    if (popular(groups[g])) {
      record.aggregate();
      record.takePostings();  // written apart
    }
    const PositionHash position = sorted[first].position;
    value.clear();
    record.encode(value);
    bucket.add(position, value);
    if (g + 1 == groups.size() || bucketOf(sorted[groups[g + 1].first].position) != bucketOf(position)) {
      require(writer.Merge(IndexKey::bucket(bucketOf(position)).encode(), bucket.finish()), "writing a bucket");
      bucket.clear();
    }
  }
}

}  // namespace

BatchMarker writeBatchFile(const std::filesystem::path& file, BatchMarker marker,
                           std::span<const GameRecord* const> games) {
  BatchFileBuffers buffers;
  return writeBatchFile(file, marker, games, buffers);
}

BatchMarker writeBatchFile(const std::filesystem::path& file, BatchMarker marker,
                           std::span<const GameRecord* const> games, BatchFileBuffers& buffers) {
  BatchFileBuffers::Arrays& a = buffers.arrays();
  collectEntries(a, games);
  const std::span<const Entry> sorted = sortEntries(a);

  // Not compressed: these blocks are hashes, game ids and labels, which LZ4 shrinks
  // by nothing (RocksDB then stores them raw anyway) at a real share of this
  // function's instructions. Reads of a database whose last batches are not
  // compacted yet are as fast as with LZ4 batch files; compactions
  // write LZ4 (PositionStore::options says why not none there).
  rocksdb::Options options = PositionStore::options();
  options.compression = options.bottommost_compression = rocksdb::kNoCompression;
  rocksdb::SstFileWriter writer(rocksdb::EnvOptions(), options);
  require(writer.Open(file.string()), "cannot create " + file.string());
  // Keys must come in order: the marker ('b'), pattern features ('f'), every posting
  // list kept apart ('g'), then the buckets ('p').
  require(writer.Put(IndexKey::batch(marker.batch).encode(), marker.encode()), "writing a batch marker");
  if (!games.empty())
    require(writer.Put(IndexKey::patterns(marker.batch).encode(), encodePatternBatch(marker.firstGame, games)),
            "writing pattern features");
  groupByPosition(sorted, a.groups);
  writePopularPostings(writer, a, sorted, marker.firstGame);
  writeBuckets(writer, a, sorted, marker.firstGame);
  marker.positions = a.groups.size();
  require(writer.Finish(), "cannot finish " + file.string());
  return marker;
}

}  // namespace apiary::index
