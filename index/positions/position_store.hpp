// The RocksDB half of the index: one database, one column family, the keys of
// keys.hpp. Writes arrive only as whole batch files (SST files built by
// batch_file.hpp and ingested atomically); reads are point lookups and scans.
//
// A writer opens it read-write (RocksDB's lock: one writer process). A reader opens
// it as a RocksDB secondary instance, which follows the writer's MANIFEST without
// locking and sees each ingested batch whole or not at all; refresh() catches up.
#pragma once
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "index/keys.hpp"
#include "index/positions/position_reads.hpp"

namespace rocksdb {
class DB;
struct Options;
}  // namespace rocksdb

namespace apiary::index {

// The value of a batch key: the batch's game ids (contiguous) and how many
// positions its file holds.
struct BatchMarker {
  uint64_t batch = 0;
  GameId firstGame = 0;
  uint64_t games = 0;
  uint64_t positions = 0;

  GameId lastGame() const { return firstGame + GameId(games) - 1; }
  std::string encode() const;
  static std::optional<BatchMarker> decode(uint64_t batch, std::string_view value);
};

class PositionStore {
 public:
  enum class Mode { ReadWrite, ReadOnly };
  // mapFiles: read the files through memory maps. Blocks are stored raw (options():
  // compression saves nothing on hashes, game ids and labels), and a mapped raw block
  // is read in place, where otherwise each
  // first read copies it out of the page cache into a fresh buffer: cold explores
  // (a bucket read per move) take less CPU at p99 (bench/RESULTS.md). Every
  // page a process touches then counts as its resident memory, so not for scans.
  PositionStore(const std::filesystem::path& dir, Mode mode, bool mapFiles = false);
  ~PositionStore();

  // The options of the database, which batch files are written with too.
  static rocksdb::Options options();

  // RocksDB's live files that are missing or not the size its MANIFEST records
  // (a copy cut short, a disk that lost a write), one sentence each naming the
  // file: a cheap look at every open, where reading them all is `apiary check`'s.
  std::vector<std::string> damagedFiles() const;
  // Table files in the directory that RocksDB does not count as live and that do
  // not open: what a reader's RocksDB leaves out when a file is cut short (it
  // falls back to the last version whose files are whole). Only meaningful when
  // batches are known to be missing: a writer's new file is not live at first.
  std::vector<std::string> unreadableFiles() const;

  std::optional<BatchMarker> lastBatch() const;
  std::vector<BatchMarker> batches() const;
  // The position's record where RocksDB holds it (no copy); false when the position
  // is not there. Enough for statistics and games counts.
  bool read(PositionHash position, const std::function<void(std::string_view record)>& f) const;
  // The same with the posting list the position keeps apart under its own key (an
  // empty view when its record holds all its postings), for reading postings.
  bool readWithPostings(PositionHash position,
                        const std::function<void(std::string_view record, std::string_view apart)>& f) const;
  // Several positions at once (explore: a position and every next position): one
  // MultiGet of their buckets, each bucket read once however many of them it holds,
  // and with `withPostings` one more of the lists apart of those that keep one.
  PositionReads readMany(std::span<const PositionHash> positions, bool withPostings) const;
  // How many lookups reads have asked RocksDB for (a MultiGet counts once), and how
  // many keys they named: what a query costs in reads, for tests.
  struct ReadCounts {
    uint64_t lookups = 0;
    uint64_t keys = 0;
  };
  ReadCounts readCounts() const { return {lookups_.load(), keys_.load()}; }
  // Each position's hash, record and posting list apart (or an empty view), in hash
  // order. Returns how many posting lists apart belong to no position (0 unless the
  // database is corrupt).
  uint64_t forEachPosition(
      const std::function<void(PositionHash, std::string_view record, std::string_view apart)>& f) const;

  // Reads every bucket and list of postings apart once, in key order (what explore
  // and search read), so that their blocks are in memory before a query asks: in the
  // process's mapping of the files when they are mapped (where drop_caches and the
  // reclaim of idle unmapped pages leave them), else in the page cache. The files
  // that hold them are read ahead whole first (the pattern features sharing a file
  // with them come along into the page cache). `keepGoing` is told the bytes read
  // so far, every few megabytes; warm stops when it says no, or when `budget` bytes
  // are read. Returns the bytes read.
  uint64_t warm(uint64_t budget, const std::function<bool(uint64_t bytes)>& keepGoing) const;

  // Each pattern-features value ('f') of the part-th of `parts` runs of batches cut
  // evenly, in batch order (the parts together hold every value once).
  void forEachPatternBatch(const std::function<void(std::string_view value)>& f, unsigned part = 0,
                           unsigned parts = 1) const;
  // Adds a batch file atomically (it is moved into the database).
  void ingest(const std::filesystem::path& file);
  // ReadOnly: catch up with the writer's latest batches. Cheap when the writer has
  // changed nothing since the last catch-up (its MANIFEST is as it was), so that a
  // server refreshing every few hundred ms does not stall requests on an idle
  // database; safe to call from several threads sharing the store.
  void refresh();
  // How many catch-ups have run: a sharer that saw this number has seen every batch
  // the store shows.
  uint64_t catchUps() const { return catchUps_.load(); }
  // Blocks until no flush or compaction is running or pending (benchmarks, tests).
  void waitForCompactions();
  // ReadWrite: merges every sorted run into one, so that a read finds each bucket
  // once instead of merging its operands from every run (a popular position's are
  // megabytes).
  void compact();

 private:
  void countLookup(std::size_t keys) const;

  std::unique_ptr<rocksdb::DB> db_;
  Mode mode_;
  std::filesystem::path dir_;
  std::filesystem::path secondaryDir_;  // a secondary's own logs, removed on close
  std::mutex refreshing_;
  std::string caughtUpWith_;  // the writer's MANIFEST (name and size) at the last catch-up
  std::atomic<uint64_t> catchUps_{0};
  mutable std::atomic<uint64_t> lookups_{0}, keys_{0};
};

}  // namespace apiary::index
