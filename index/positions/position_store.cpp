#include "index/positions/position_store.hpp"

#include <fstream>

#include <fcntl.h>
#include <rocksdb/db.h>
#include <rocksdb/filter_policy.h>
#include <rocksdb/options.h>
#include <rocksdb/sst_file_reader.h>
#include <rocksdb/table.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <set>
#include <stdexcept>
#include <thread>

#include "index/codec.hpp"
#include "index/positions/bucket.hpp"
#include "index/positions/merge_operator.hpp"
#include "index/positions/position_record.hpp"

namespace apiary::index {

namespace {

void require(const rocksdb::Status& s, const std::string& what) {
  if (!s.ok()) throw std::runtime_error(what + ": " + s.ToString());
}

std::filesystem::path freshSecondaryDir() {
  static std::atomic<int> counter{0};
  auto dir = std::filesystem::temp_directory_path() /
             ("apiary-reader-" + std::to_string(getpid()) + "-" + std::to_string(counter++));
  std::filesystem::create_directories(dir);
  return dir;
}

}  // namespace

void PositionStore::countLookup(std::size_t keys) const {
  lookups_.fetch_add(1, std::memory_order_relaxed);
  keys_.fetch_add(keys, std::memory_order_relaxed);
}

std::string BatchMarker::encode() const {
  std::string out;
  putVarint(out, uint64_t(firstGame));
  putVarint(out, games);
  putVarint(out, positions);
  return out;
}

std::optional<BatchMarker> BatchMarker::decode(uint64_t batch, std::string_view value) {
  Reader in(value);
  BatchMarker m;
  m.batch = batch;
  m.firstGame = GameId(in.varint());
  m.games = in.varint();
  m.positions = in.varint();
  if (!in.ok() || !in.atEnd() || m.games == 0) return std::nullopt;
  return m;
}

rocksdb::Options PositionStore::options() {
  rocksdb::Options o;
  o.create_if_missing = true;
  o.merge_operator = std::make_shared<PositionMergeOperator>();
  // Batches arrive as files covering the whole key space (keys are hashes), so every
  // one lands in level 0; universal compaction merges such overlapping runs with
  // less rewriting than levelled compaction would.
  o.compaction_style = rocksdb::kCompactionStyleUniversal;
  o.compaction_options_universal.max_size_amplification_percent = 200;
  // Up to 8 runs before merging: each merge then combines more runs, and a byte is
  // rewritten about log8 rather than log4 of (batches) times. Lookups probe the
  // runs' Bloom filters, so more runs cost little.
  o.level0_file_num_compaction_trigger = 8;
  o.level0_slowdown_writes_trigger = 64;
  o.level0_stop_writes_trigger = 128;
  o.max_background_jobs = 2;
  // A compaction of more than twice the target file size is cut into key ranges
  // merged on threads of their own, so that the closing compaction (a whole
  // rewrite of the positions) keeps both cores busy instead of one. Three, not two:
  // RocksDB 7.8 splits a compaction only when it finds at least two boundaries.
  o.max_subcompactions = 3;
  o.num_levels = 12;
  // LZ4 at every level, zstd nowhere: the blocks are hashes, game ids and labels,
  // which zstd shrank by next to nothing at the last level for a real share of
  // compactions' CPU; LZ4 saves nothing (RocksDB stores the block raw), but cheaply.
  // Not none: a compacted database written without compression reads slower, as
  // RocksDB then takes another path for (mapped) blocks it knows are raw.
  o.compression = rocksdb::kLZ4Compression;
  o.bottommost_compression = rocksdb::kLZ4Compression;
  // Compaction reads its inputs in 2 MB reads rather than a block (16 kB) at a time.
  o.compaction_readahead_size = 2 << 20;
  o.target_file_size_base = 256 << 20;
  o.max_open_files = -1;  // a reader (secondary) must hold every file the writer may delete
  o.keep_log_file_num = 3;
  o.optimize_filters_for_hits = true;  // no Bloom filter on the last level: most of the size
  rocksdb::BlockBasedTableOptions t;
  t.block_size = 16 << 10;
  t.filter_policy.reset(rocksdb::NewBloomFilterPolicy(10));
  t.cache_index_and_filter_blocks = true;
  t.pin_l0_filter_and_index_blocks_in_cache = true;
  t.block_cache = rocksdb::NewLRUCache(64 << 20);
  t.format_version = 5;
  o.table_factory.reset(rocksdb::NewBlockBasedTableFactory(t));
  return o;
}

PositionStore::PositionStore(const std::filesystem::path& dir, Mode mode, bool mapFiles) : mode_(mode), dir_(dir) {
  rocksdb::Options o = options();
  o.allow_mmap_reads = mapFiles;
  rocksdb::DB* db = nullptr;
  if (mode == Mode::ReadWrite) {
    require(rocksdb::DB::Open(o, dir.string(), &db), "cannot open " + dir.string());
  } else {
    o.create_if_missing = false;
    secondaryDir_ = freshSecondaryDir();
    require(rocksdb::DB::OpenAsSecondary(o, dir.string(), secondaryDir_.string(), &db),
            "cannot open " + dir.string() + " for reading");
  }
  db_.reset(db);
}

PositionStore::~PositionStore() {
  db_.reset();
  if (!secondaryDir_.empty()) {
    std::error_code ignored;
    std::filesystem::remove_all(secondaryDir_, ignored);
  }
}

std::vector<std::string> PositionStore::damagedFiles() const {
  std::vector<rocksdb::LiveFileMetaData> files;
  db_->GetLiveFilesMetaData(&files);
  std::vector<std::string> damaged;
  for (const auto& f : files) {
    const std::filesystem::path path = std::filesystem::path(f.directory) / f.relative_filename;
    const std::string name = path.parent_path().filename().string() + "/" + f.relative_filename;
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec) damaged.push_back(name + " is missing");
    else if (size != f.size)
      damaged.push_back(name + " is " + std::to_string(size) + " bytes where RocksDB wrote " + std::to_string(f.size));
  }
  return damaged;
}

std::vector<std::string> PositionStore::unreadableFiles() const {
  std::vector<rocksdb::LiveFileMetaData> live;
  db_->GetLiveFilesMetaData(&live);
  std::set<std::string> liveNames;
  for (const auto& f : live) liveNames.insert(f.relative_filename);
  std::vector<std::string> unreadable;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir_, ec)) {
    const std::string name = entry.path().filename().string();
    if (entry.path().extension() != ".sst" || liveNames.count(name)) continue;
    rocksdb::SstFileReader reader(options());
    const rocksdb::Status s = reader.Open(entry.path().string());
    if (!s.ok()) unreadable.push_back(dir_.filename().string() + "/" + name + " does not open (" + s.ToString() + ")");
  }
  std::sort(unreadable.begin(), unreadable.end());
  return unreadable;
}

std::optional<BatchMarker> PositionStore::lastBatch() const {
  std::unique_ptr<rocksdb::Iterator> it(db_->NewIterator({}));
  it->SeekForPrev(IndexKey::batch(UINT64_MAX).encode());
  if (!it->Valid()) return std::nullopt;
  const auto key = IndexKey::decode(it->key().ToStringView());
  if (!key || key->space != IndexKey::Space::Batch) return std::nullopt;
  return BatchMarker::decode(key->id, it->value().ToStringView());
}

std::vector<BatchMarker> PositionStore::batches() const {
  std::vector<BatchMarker> out;
  std::unique_ptr<rocksdb::Iterator> it(db_->NewIterator({}));
  for (it->Seek(IndexKey::spaceStart(IndexKey::Space::Batch)); it->Valid(); it->Next()) {
    const auto key = IndexKey::decode(it->key().ToStringView());
    if (!key || key->space != IndexKey::Space::Batch) break;
    if (auto m = BatchMarker::decode(key->id, it->value().ToStringView())) out.push_back(*m);
    else throw std::runtime_error("corrupt marker of batch " + std::to_string(key->id));
  }
  require(it->status(), "reading batch markers");
  return out;
}

bool PositionStore::read(PositionHash position, const std::function<void(std::string_view)>& f) const {
  const uint64_t bucket = bucketOf(position);
  rocksdb::PinnableSlice value;
  countLookup(1);
  const rocksdb::Status s = db_->Get({}, db_->DefaultColumnFamily(), IndexKey::bucket(bucket).encode(), &value);
  if (s.IsNotFound()) return false;
  require(s, "reading a position");
  const auto record = findInBucket(bucket, value.ToStringView(), position);
  if (!record) return false;
  f(*record);
  return true;
}

bool PositionStore::readWithPostings(PositionHash position,
                                     const std::function<void(std::string_view, std::string_view)>& f) const {
  return read(position, [&](std::string_view record) {
    // Only an aggregate whose games outnumber the postings it holds has a list apart:
    // looking for one otherwise would cost a block read (the last level has no Bloom
    // filter).
    if (PositionRecord::apartOf(record) == 0) return f(record, {});
    rocksdb::PinnableSlice apart;
    countLookup(1);
    const rocksdb::Status s = db_->Get({}, db_->DefaultColumnFamily(), IndexKey::postings(position).encode(), &apart);
    if (!s.IsNotFound()) require(s, "reading the postings of a position");
    f(record, apart.ToStringView());
  });
}

namespace {

// What a MultiGet read, kept as RocksDB gave it (pinned in its cache or mapped
// file, or copied into the slice) for the views PositionReads hands out.
using Values = std::vector<rocksdb::PinnableSlice>;

// One MultiGet of `keys` (RocksDB sorts them and reads each block once).
std::shared_ptr<Values> multiGet(rocksdb::DB& db, const std::vector<std::string>& keys, const char* what) {
  std::vector<rocksdb::Slice> slices(keys.begin(), keys.end());
  auto values = std::make_shared<Values>(keys.size());
  std::vector<rocksdb::Status> statuses(keys.size());
  db.MultiGet({}, db.DefaultColumnFamily(), keys.size(), slices.data(), values->data(), statuses.data());
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (statuses[i].IsNotFound()) (*values)[i].Reset();
    else require(statuses[i], what);
  }
  return values;
}

// Both MultiGets' values, alive as long as the views into them.
struct HeldValues {
  std::shared_ptr<Values> buckets, apart;
};

}  // namespace

PositionReads PositionStore::readMany(std::span<const PositionHash> positions, bool withPostings) const {
  if (positions.empty()) return {};
  std::vector<uint64_t> buckets;
  for (PositionHash p : positions) buckets.push_back(bucketOf(p));
  std::sort(buckets.begin(), buckets.end());
  buckets.erase(std::unique(buckets.begin(), buckets.end()), buckets.end());
  std::vector<std::string> keys;
  for (uint64_t b : buckets) keys.push_back(IndexKey::bucket(b).encode());
  countLookup(keys.size());
  auto held = std::make_shared<HeldValues>();
  held->buckets = multiGet(*db_, keys, "reading positions");

  std::vector<std::optional<std::string_view>> records(positions.size());
  std::vector<std::size_t> withApart;  // positions whose postings are kept apart too
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const uint64_t b = bucketOf(positions[i]);
    const auto& value = (*held->buckets)[std::lower_bound(buckets.begin(), buckets.end(), b) - buckets.begin()];
    if (value.size() == 0) continue;
    records[i] = findInBucket(b, value.ToStringView(), positions[i]);
    if (withPostings && records[i] && PositionRecord::apartOf(*records[i]) > 0) withApart.push_back(i);
  }
  std::vector<std::string_view> apart(positions.size());
  if (!withApart.empty()) {
    std::vector<std::string> apartKeys;
    for (std::size_t i : withApart) apartKeys.push_back(IndexKey::postings(positions[i]).encode());
    countLookup(apartKeys.size());
    held->apart = multiGet(*db_, apartKeys, "reading the postings of positions");
    for (std::size_t a = 0; a < withApart.size(); ++a) apart[withApart[a]] = (*held->apart)[a].ToStringView();
  }
  return PositionReads(std::move(records), std::move(apart), std::move(held));
}

uint64_t PositionStore::forEachPosition(
    const std::function<void(PositionHash, std::string_view, std::string_view)>& f) const {
  rocksdb::ReadOptions ro;
  ro.fill_cache = false;  // a scan would evict every useful block
  ro.readahead_size = 4 << 20;
  std::unique_ptr<rocksdb::Iterator> it(db_->NewIterator(ro)), apart(db_->NewIterator(ro));
  // Both spaces are in hash order: the lists apart are walked beside the buckets.
  apart->Seek(IndexKey::spaceStart(IndexKey::Space::Postings));
  const auto apartHash = [&]() -> std::optional<PositionHash> {
    if (!apart->Valid()) return std::nullopt;
    const auto key = IndexKey::decode(apart->key().ToStringView());
    if (!key || key->space != IndexKey::Space::Postings) return std::nullopt;
    return key->id;
  };
  uint64_t orphans = 0;
  for (it->Seek(IndexKey::spaceStart(IndexKey::Space::Bucket)); it->Valid(); it->Next()) {
    const auto key = IndexKey::decode(it->key().ToStringView());
    if (!key || key->space != IndexKey::Space::Bucket) break;
    BucketReader reader(key->id, it->value().ToStringView());
    PositionHash position;
    std::string_view record;
    while (reader.next(position, record)) {
      std::optional<PositionHash> next;
      for (; (next = apartHash()) && *next < position; apart->Next()) ++orphans;
      if (next == position) {
        f(position, record, apart->value().ToStringView());
        apart->Next();
      } else {
        f(position, record, {});
      }
    }
    if (!reader.ok()) throw std::runtime_error("corrupt bucket " + std::to_string(key->id));
  }
  require(it->status(), "scanning positions");
  for (; apartHash(); apart->Next()) ++orphans;
  require(apart->status(), "scanning postings");
  return orphans;
}

namespace {

// Reads the files that hold keys of [low, high) into the page cache, whole, up to
// `budget` bytes: sequential reads of a few megabytes, where RocksDB's own reads
// (files opened for random access, so without readahead) would take a page at a
// time. Returns false when `keepGoing` said stop.
bool prefetchFiles(rocksdb::DB& db, const std::string& low, const std::string& high, uint64_t budget,
                   const std::function<bool(uint64_t)>& keepGoing) {
  std::vector<rocksdb::LiveFileMetaData> files;
  db.GetLiveFilesMetaData(&files);
  uint64_t read = 0;
  for (const auto& f : files) {
    if (f.largestkey < low || f.smallestkey >= high || read + f.size > budget) continue;
    const auto path = std::filesystem::path(f.directory) / f.relative_filename;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) continue;  // gone since (a compaction): the scan reads its successor
    constexpr off_t kStep = 8 << 20;
    for (off_t at = 0; at < off_t(f.size); at += kStep) {
      posix_fadvise(fd, at, kStep, POSIX_FADV_WILLNEED);
      if (!keepGoing(0)) {
        ::close(fd);
        return false;
      }
    }
    ::close(fd);
    read += f.size;
  }
  return true;
}

}  // namespace

uint64_t PositionStore::warm(uint64_t budget, const std::function<bool(uint64_t)>& keepGoing) const {
  const std::string low = IndexKey::spaceStart(IndexKey::Space::Postings);
  const std::string high(1, char(char(IndexKey::Space::Bucket) + 1));
  if (!prefetchFiles(*db_, low, high, budget, keepGoing)) return 0;
  rocksdb::ReadOptions ro;
  ro.fill_cache = false;  // the blocks are what is kept, not copies of them
  ro.readahead_size = 4 << 20;
  std::unique_ptr<rocksdb::Iterator> it(db_->NewIterator(ro));
  // The postings apart ('g') and the buckets ('p') are neighbours in key order.
  uint64_t bytes = 0, reported = 0;
  volatile unsigned char touched = 0;
  for (it->Seek(low); it->Valid() && bytes < budget; it->Next()) {
    const auto key = IndexKey::decode(it->key().ToStringView());
    if (!key || (key->space != IndexKey::Space::Postings && key->space != IndexKey::Space::Bucket)) break;
    // A byte of every page of the value: a mapped block is only read where it is touched.
    const rocksdb::Slice value = it->value();
    for (std::size_t at = 0; at < value.size(); at += 4096) touched = touched + static_cast<unsigned char>(value[at]);
    if (!value.empty()) touched = touched + static_cast<unsigned char>(value[value.size() - 1]);
    bytes += it->key().size() + value.size();
    if (bytes - reported >= (4u << 20)) {
      reported = bytes;
      if (!keepGoing(bytes)) return bytes;
    }
  }
  require(it->status(), "warming the positions");
  keepGoing(bytes);
  return bytes;
}

void PositionStore::forEachPatternBatch(const std::function<void(std::string_view)>& f, unsigned part,
                                        unsigned parts) const {
  rocksdb::ReadOptions ro;
  ro.fill_cache = false;  // read once per query, whole
  ro.readahead_size = 4 << 20;
  // The part's batch ids: the space's ids from its first to its last key, cut evenly.
  uint64_t first = 0, end = 0;
  {
    std::unique_ptr<rocksdb::Iterator> it(db_->NewIterator(ro));
    const auto idHere = [&]() -> std::optional<uint64_t> {
      const auto key = it->Valid() ? IndexKey::decode(it->key().ToStringView()) : std::nullopt;
      if (!key || key->space != IndexKey::Space::Patterns) return std::nullopt;
      return key->id;
    };
    it->Seek(IndexKey::spaceStart(IndexKey::Space::Patterns));
    const auto low = idHere();
    it->SeekForPrev(IndexKey::patterns(UINT64_MAX).encode());
    const auto high = idHere();
    require(it->status(), "reading pattern features");
    if (!low || !high || *high < *low) return;
    const uint64_t n = *high - *low + 1, cut = std::max(1u, parts);
    first = *low + n / cut * part + std::min<uint64_t>(part, n % cut);
    end = first + n / cut + (part < n % cut);
  }
  const std::string upper = IndexKey::patterns(end).encode();
  const rocksdb::Slice bound(upper);
  ro.iterate_upper_bound = &bound;
  std::unique_ptr<rocksdb::Iterator> it(db_->NewIterator(ro));
  for (it->Seek(IndexKey::patterns(first).encode()); it->Valid(); it->Next()) {
    const auto key = IndexKey::decode(it->key().ToStringView());
    if (!key || key->space != IndexKey::Space::Patterns) break;
    f(it->value().ToStringView());
  }
  require(it->status(), "reading pattern features");
}

void PositionStore::ingest(const std::filesystem::path& file) {
  if (mode_ != Mode::ReadWrite) throw std::logic_error("ingest on a read-only index");
  rocksdb::IngestExternalFileOptions o;
  o.move_files = true;
  require(db_->IngestExternalFile({file.string()}, o), "cannot ingest " + file.string());
}

namespace {

// What names the writer's state: CURRENT's MANIFEST and that file's size. The writer
// appends to the MANIFEST for every batch, flush and compaction, and a new MANIFEST
// changes CURRENT; empty when it cannot be read (then the catch-up always runs).
std::string manifestState(const std::filesystem::path& dir) {
  std::ifstream current(dir / "CURRENT");
  std::string manifest;
  if (!std::getline(current, manifest) || manifest.empty()) return {};
  std::error_code ec;
  const auto size = std::filesystem::file_size(dir / manifest, ec);
  return ec ? std::string() : manifest + ' ' + std::to_string(size);
}

}  // namespace

void PositionStore::refresh() {
  if (mode_ != Mode::ReadOnly) return;
  std::lock_guard lock(refreshing_);
  // Read before catching up: the catch-up sees at least this state.
  const std::string state = manifestState(dir_);
  if (!state.empty() && state == caughtUpWith_) return;
  require(db_->TryCatchUpWithPrimary(), "catching up with the writer");
  caughtUpWith_ = state;
  ++catchUps_;
}

void PositionStore::waitForCompactions() {
  // RocksDB 7.8 has no WaitForCompact, and "compaction-pending" can stay set while
  // the universal picker has nothing it is willing to merge; so: nothing running or
  // waiting to flush, and either nothing pending or nothing started for a second.
  const auto value = [&](const char* property) {
    uint64_t v = 0;
    return db_->GetIntProperty(property, &v) ? v : 0;
  };
  for (int quiet = 0; quiet < 20; std::this_thread::sleep_for(std::chrono::milliseconds(50))) {
    const bool idle = value("rocksdb.num-running-compactions") == 0 && value("rocksdb.num-running-flushes") == 0 &&
                      value("rocksdb.mem-table-flush-pending") == 0;
    if (idle && value("rocksdb.compaction-pending") == 0) return;
    quiet = idle ? quiet + 1 : 0;
  }
}

void PositionStore::compact() {
  rocksdb::CompactRangeOptions o;
  o.bottommost_level_compaction = rocksdb::BottommostLevelCompaction::kForce;
  require(db_->CompactRange(o, nullptr, nullptr), "compacting the positions");
}

}  // namespace apiary::index
