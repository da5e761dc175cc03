// The index: a directory holding the SQLite catalogue and the RocksDB positions,
// kept in agreement by a commit protocol, with the reads later queries need.
//
//   <dir>/catalogue.sqlite   games, tags, sources, batches, rejected games
//   <dir>/positions/         RocksDB: batch markers and position records
//   <dir>/staging/           batch files between writing and ingesting
//
// Commit protocol of addGames (one batch; README has the full argument):
//   1. catalogue: the new games and a 'pending' batch row, one durable transaction
//   2. a batch file: every position's record for these games, and the batch marker
//      (built on another thread while step 1 runs; both end before step 3)
//   3. RocksDB ingests the file: one atomic step, and the batch's commit point
//   4. catalogue: the batch row becomes 'committed' (bookkeeping only)
// Opening for writing recovers: batches RocksDB has are kept, later ones deleted
// from the catalogue. Readers see only games up to RocksDB's last marker.
//
// One writer process at a time (RocksDB's lock). A Database object is used by one
// thread at a time; readers in other threads or processes open their own.
#pragma once
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "index/catalogue/catalogue.hpp"
#include "index/check.hpp"
#include "index/database_error.hpp"
#include "index/info.hpp"
#include "index/positions/position_reads.hpp"
#include "index/positions/position_record.hpp"
#include "index/record.hpp"

namespace apiary::index {

class BatchFileBuffers;
class PositionStore;

enum class Access { ReadWrite, ReadOnly };

// Where addGames is between the steps of the protocol (for the crash tests).
enum class CommitStep { CatalogueWritten, BatchFileWritten, Ingested, Committed };

struct DatabaseOptions {
  Access access = Access::ReadWrite;
  std::function<void(CommitStep)> onCommitStep = {};
  // Map RocksDB's files (PositionStore): for sessions of point reads (explore,
  // search); a scan would make every file resident in the process.
  bool mapFiles = false;
  // Open what can be opened of a damaged database (for `check`, which reports it):
  // RocksDB's files not as its MANIFEST says, and also positions or a catalogue that
  // is missing or does not open, each then a problem of openProblems() with only
  // check() to be called. Every other opening refuses such a database (DatabaseError),
  // and every opening one being created (nothing to check there yet).
  bool openDamaged = false;
  // ReadOnly: read the positions through another reader's RocksDB instance
  // (positions()), which threads may share: one mapping of the files and one block
  // cache for all. Any sharer's refresh() moves the positions of all; each one's
  // lastGame() and catalogue move at its own refresh().
  std::shared_ptr<PositionStore> sharedPositions = {};
};

struct AddResult {
  uint64_t added = 0;
  uint64_t skipped = 0;  // the same game (fingerprint) was already there
};

// CPU seconds addGames spent, summed over calls (RocksDB's background compactions
// are not in them). The batch file is built on a thread of its own while the calling
// thread writes the catalogue, so an ingest's writer takes max(catalogue, encode) of
// wall time, not their sum.
struct WriteTimings {
  double catalogue = 0;  // duplicates check, SQLite rows (the calling thread)
  double encode = 0;     // visits, sorting, records, the batch file (its own thread)
  double ingest = 0;     // RocksDB ingestion, commit
};

struct PostingPage {
  uint64_t total = 0;  // games through the position
  std::vector<Posting> postings;
};

class Database {
 public:
  // Creates the database when opening for writing a directory without one. Throws
  // DatabaseError (database_error.hpp) for a damaged, busy or half-created one.
  explicit Database(const std::filesystem::path& dir, DatabaseOptions options = {});
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  // Adds the batch's new games, all or none (also across a crash). Games already in
  // the database, or twice in the batch, are skipped. `files`, the sync states of
  // the files whose last game is in the batch (or before it), go in the same
  // catalogue transaction as the games, and are undone with them by recovery.
  AddResult addGames(std::span<const GameRecord> batch, std::span<const SyncedFile> files = {});
  void addRejected(std::span<const grammar::Rejection> games);

  // --- reads, all as of the last committed batch this object has seen ---
  std::optional<PositionStats> stats(const PositionKey& position) const;
  std::optional<PositionStats> stats(PositionHash position) const;
  // Games through the position, newest (highest id) first.
  PostingPage postings(const PositionKey& position, uint64_t offset, uint64_t limit) const;
  PostingPage postings(PositionHash position, uint64_t offset, uint64_t limit) const;
  // The number of games through the position (reads only the record's first bytes).
  uint64_t games(PositionHash position) const;
  // Several positions in one read (explore: a position and its next positions); with
  // `postings`, their lists of postings kept apart too.
  PositionReads read(std::span<const PositionHash> positions, bool postings) const;
  std::optional<GameRow> game(GameId id) const;
  GameId lastGame() const { return visible_; }
  // Each batch's pattern-features value (pattern_store.hpp), in batch order; games
  // past lastGame() are the caller's to skip. With `parts`, the part-th of that many
  // runs of batches, so threads may read one each.
  void forEachPatternBatch(const std::function<void(std::string_view value)>& f, unsigned part = 0,
                           unsigned parts = 1) const;
  // Every position's record, in hash order (a full scan).
  void forEachPosition(const std::function<void(PositionHash, const PositionRecord&)>& f) const;

  // The writer's: a source's files as `apiary sync` last ingested them; the end
  // of a sync run of the source.
  std::vector<SyncedFile> syncedFiles(std::string_view source) const;
  void markSourceSynced(std::string_view source);

  Info info() const;
  // With openDamaged, what did not open is reported first, and the rest is checked
  // only when both sides opened.
  CheckReport check(const CheckOptions& options = {}) const;
  // With openDamaged: what could not be opened, in words (else empty).
  const std::vector<std::string>& openProblems() const { return openProblems_; }
  // What RocksDB holds, summed (see digest.hpp): equal digests, equal positions.
  Digest digest() const;

  // A reader: see the batches committed since it opened.
  void refresh();
  // The RocksDB instance, for another reader to share (sharedPositions).
  std::shared_ptr<PositionStore> positions() const { return store_; }
  // Blocks until RocksDB's background compactions are done.
  void waitForCompactions();
  // Rewrites the positions as one sorted run (reads get faster; see PositionStore).
  void compact();
  // Frees what writing batches keeps between them (the batch file's sort arrays,
  // SQLite's page cache): before the closing compaction, whose memory adds to it.
  void releaseWriteMemory();
  const WriteTimings& timings() const { return timings_; }
  const std::filesystem::path& dir() const { return dir_; }

 private:
  void open();
  // Refuses, for writing, a folder that holds other files and no database.
  void requireOwnFolder() const;
  void openPositions(bool write, bool hasCatalogue);
  void openCatalogue(bool write, bool hasCatalogue);
  // Throws the fault, or with openDamaged notes damage among openProblems_.
  void damaged(DatabaseFault fault, const std::string& detail);
  // A batch the catalogue has committed and RocksDB lacks: a damaged database.
  std::optional<uint64_t> missingBatch();
  void requireRoomFor(std::span<const GameRecord* const> games) const;
  void step(CommitStep s) const;
  void updateVisible();

  std::filesystem::path dir_;
  DatabaseOptions options_;
  std::shared_ptr<PositionStore> store_;
  std::unique_ptr<Catalogue> catalogue_;
  std::vector<std::string> openProblems_;
  GameId visible_ = 0;
  uint64_t lastBatch_ = 0;
  uint64_t catchUpsSeen_ = 0;  // the store's catch-ups when visible_ was read
  WriteTimings timings_;
  std::unique_ptr<BatchFileBuffers> batchFileBuffers_;  // one batch file is written at a time
};

}  // namespace apiary::index
