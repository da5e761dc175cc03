#include "index/database.hpp"

#include <time.h>

#include <fstream>
#include <future>
#include <stdexcept>

#include "index/catalogue/known_accounts.hpp"
#include "index/database_error.hpp"
#include "index/positions/batch_file.hpp"
#include "index/positions/position_store.hpp"

namespace apiary::index {

namespace {

// CPU time of the calling thread: on a shared machine, wall time says more about the
// neighbours than about the ingest.
double threadCpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) / 1e9;
}

class Lap {
 public:
  double next() {
    const double now = threadCpuSeconds();
    const double s = now - last_;
    last_ = now;
    return s;
  }

 private:
  double last_ = threadCpuSeconds();
};

uint64_t sizeOnDisk(const std::filesystem::path& path) {
  std::error_code ec;
  if (std::filesystem::is_regular_file(path, ec)) return std::filesystem::file_size(path, ec);
  uint64_t total = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(path, ec))
    if (entry.is_regular_file(ec)) total += entry.file_size(ec);
  return total;
}

// The MANIFEST that positions/CURRENT names, when that file is gone: RocksDB's own
// words for it ("the primary may have switched to a new MANIFEST") mislead.
std::string missingManifest(const std::filesystem::path& positions) {
  std::ifstream current(positions / "CURRENT");
  std::string name;
  if (!std::getline(current, name) || name.empty() || name.find('/') != std::string::npos) return {};
  return std::filesystem::exists(positions / name) ? std::string() : "positions/" + name + " is missing";
}

}  // namespace

Database::Database(const std::filesystem::path& dir, DatabaseOptions options)
    : dir_(dir), options_(std::move(options)), batchFileBuffers_(std::make_unique<BatchFileBuffers>()) {
  try {
    open();
  } catch (...) {
    rethrowPlain(dir_);
  }
}

void Database::open() {
  const bool write = options_.access == Access::ReadWrite;
  const bool hasCatalogue = std::filesystem::exists(dir_ / "catalogue.sqlite");
  if (write) {
    requireOwnFolder();
    std::filesystem::create_directories(dir_);
  } else if (!std::filesystem::exists(dir_ / "positions") && !hasCatalogue) {
    throw std::runtime_error("no apiary database in " + dir_.string() + " (apiary ingest makes one)");
  }
  // RocksDB first: its lock keeps a second writer out before the catalogue is
  // touched, and for a reader its view decides which catalogue rows exist.
  openPositions(write, hasCatalogue);
  openCatalogue(write, hasCatalogue);
  if (!store_ || !catalogue_) return;  // a damaged database opened for check
  // Before recovery, which would delete the catalogue's rows of batches RocksDB lacks.
  if (const auto missing = missingBatch(); missing && !options_.openDamaged) {
    const auto unreadable = store_->unreadableFiles();
    damaged(DatabaseFault::Damaged, unreadable.empty() ? "batch " + std::to_string(*missing) +
                                                             " is committed in the catalogue but not in the positions"
                                                       : unreadable.front());
  }
  if (write) {
    // Batch files of an interrupted ingest were never ingested (a moved file is no
    // longer in staging), and their catalogue rows go in recover().
    std::filesystem::remove_all(dir_ / "staging");
    std::filesystem::create_directories(dir_ / "staging");
    catalogue_->recover(lastBatch_);
  }
}

void Database::requireOwnFolder() const {
  std::error_code ec;
  if (!std::filesystem::exists(dir_, ec)) return;
  if (!std::filesystem::is_directory(dir_, ec))
    throw std::runtime_error(dir_.string() + " is a file, not a database folder: name a new or empty folder");
  // A database made among someone else's files would mix with them (a database asked for at `/`).
  // A user's list of bots may be put in the folder before its first ingest.
  if (std::filesystem::exists(dir_ / "positions") || std::filesystem::exists(dir_ / "catalogue.sqlite")) return;
  for (const auto& entry : std::filesystem::directory_iterator(dir_, ec))
    if (entry.path().filename() != kBotsFile)
      throw std::runtime_error(dir_.string() +
                               " holds other files and no apiary database: name a new or empty folder for one");
}

void Database::openPositions(bool write, bool hasCatalogue) {
  if (!write && !std::filesystem::exists(dir_ / "positions"))
    return damaged(DatabaseFault::Damaged, "the positions folder is missing");
  if (!write && !std::filesystem::exists(dir_ / "positions" / "CURRENT")) {
    // RocksDB writes CURRENT last when it creates the positions, before the catalogue.
    return damaged(hasCatalogue ? DatabaseFault::Damaged : DatabaseFault::BeingCreated, "positions/CURRENT is missing");
  }
  if (options_.sharedPositions && write) throw std::logic_error("a writer's positions are its own");
  try {
    store_ = options_.sharedPositions
                 ? options_.sharedPositions
                 : std::make_shared<PositionStore>(
                       dir_ / "positions", write ? PositionStore::Mode::ReadWrite : PositionStore::Mode::ReadOnly,
                       options_.mapFiles);
  } catch (const std::runtime_error& e) {
    const std::string manifest = missingManifest(dir_ / "positions");
    if (manifest.empty() && !options_.openDamaged) throw;
    return damaged(DatabaseFault::Damaged,
                   manifest.empty() ? std::string("the positions do not open: ") + e.what() : manifest);
  }
  if (const auto damagedFiles = store_->damagedFiles(); !damagedFiles.empty() && !options_.openDamaged)
    throw DatabaseError(DatabaseFault::Damaged, plainMessage(DatabaseFault::Damaged, dir_, damagedFiles.front()));
  updateVisible();
}

void Database::openCatalogue(bool write, bool hasCatalogue) {
  // The first ingest makes the positions before the catalogue: without one, a
  // database with committed batches lost it, and a writer must not start it afresh.
  if (!hasCatalogue && (lastBatch_ || !write))
    return damaged(lastBatch_ || !store_ ? DatabaseFault::Damaged : DatabaseFault::BeingCreated,
                   "catalogue.sqlite is missing");
  // Only the catalogue's creation (the switch to WAL) writes a rollback journal; one
  // left behind by a killed first ingest is hot, and SQLite lets no read-only
  // connection roll it back. The next writer does.
  if (!write && std::filesystem::exists(dir_ / "catalogue.sqlite-journal"))
    return damaged(lastBatch_ ? DatabaseFault::Damaged : DatabaseFault::BeingCreated,
                   "catalogue.sqlite's creation was interrupted");
  try {
    catalogue_ = std::make_unique<Catalogue>(dir_ / "catalogue.sqlite", !write);
  } catch (const std::runtime_error& e) {
    const auto fault = faultOf(e.what());
    if (!options_.openDamaged || !fault) throw;
    // No tables beside committed positions: not a catalogue being created, one lost.
    const bool lost = *fault == DatabaseFault::BeingCreated && lastBatch_;
    damaged(lost ? DatabaseFault::Damaged : *fault, std::string("catalogue.sqlite does not open: ") + e.what());
  }
}

void Database::damaged(DatabaseFault fault, const std::string& detail) {
  // A database being created is not damaged: there is nothing to check or repair
  // yet, and every command, check too, refuses it alike.
  if (!options_.openDamaged || fault == DatabaseFault::BeingCreated)
    throw DatabaseError(fault, plainMessage(fault, dir_, detail));
  openProblems_.push_back(detail);
}

Database::~Database() = default;

std::optional<uint64_t> Database::missingBatch() {
  uint64_t committed = 0;
  for (const CatalogueBatch& b : catalogue_->batches())
    if (b.committed) committed = std::max(committed, b.id);
  if (committed <= lastBatch_) return std::nullopt;
  // A writer may have committed a batch since RocksDB was opened: catch up once.
  if (options_.access == Access::ReadOnly) {
    store_->refresh();
    updateVisible();
  }
  return committed > lastBatch_ ? std::optional(committed) : std::nullopt;
}

// RocksDB's file writer (Debian's build keeps its assertions) aborts the process
// when a batch file it failed to write is closed, so a full disk must be seen
// before the file is begun. A batch file takes ~25 bytes a ply; twice that, and
// room for the catalogue's rows, keeps clear of the edge.
void Database::requireRoomFor(std::span<const GameRecord* const> games) const {
  uint64_t plies = 0;
  for (const GameRecord* g : games) plies += g->plies + 1;
  const uint64_t needed = plies * 64 + (1 << 20);
  std::error_code ec;
  const auto space = std::filesystem::space(dir_ / "staging", ec);
  if (!ec && space.available < needed)
    throw DatabaseError(DatabaseFault::DiskFull, plainMessage(DatabaseFault::DiskFull, dir_));
}

void Database::updateVisible() {
  catchUpsSeen_ = store_->catchUps();  // first: a later catch-up is read again next time
  const auto marker = store_->lastBatch();
  visible_ = marker ? marker->lastGame() : 0;
  lastBatch_ = marker ? marker->batch : 0;
}

void Database::step(CommitStep s) const {
  if (options_.onCommitStep) options_.onCommitStep(s);
}

AddResult Database::addGames(std::span<const GameRecord> batch, std::span<const SyncedFile> files) {
  if (options_.access != Access::ReadWrite) throw std::logic_error("addGames on a read-only database");
  const uint64_t id = std::max(lastBatch_, catalogue_->maxBatch()) + 1;
  const GameId first = visible_ + 1;
  Lap lap;
  const std::vector<uint32_t> accepted = catalogue_->newGames(batch);
  timings_.catalogue += lap.next();
  const AddResult result{accepted.size(), batch.size() - accepted.size()};
  if (accepted.empty()) {
    // Every batch before this one is committed: the files' games are all in.
    if (!files.empty()) catalogue_->writeSyncedFiles(files, lastBatch_);
    return result;
  }

  const std::filesystem::path file = dir_ / "staging" / ("batch-" + std::to_string(id) + ".sst");
  std::vector<const GameRecord*> games;
  games.reserve(accepted.size());
  for (uint32_t i : accepted) games.push_back(&batch[i]);
  requireRoomFor(games);
  // The catalogue rows and the batch file take about as long as each other and
  // share nothing (their ids are known once the new games are), so the file is
  // built on a thread of its own while this one writes the rows. That thread
  // touches only the records and the file; SQLite and RocksDB stay on this one.
  double encodeSeconds = 0;
  std::future<BatchMarker> building = std::async(std::launch::async, [&] {
    Lap encoding;
    BatchMarker marker = writeBatchFile(file, {id, first, games.size(), 0}, games, *batchFileBuffers_);
    encodeSeconds = encoding.next();
    return marker;
  });
  try {
    catalogue_->insertPending(id, first, batch, accepted, files);
    timings_.catalogue += lap.next();
    step(CommitStep::CatalogueWritten);
    const BatchMarker marker = building.get();
    timings_.encode += encodeSeconds;
    lap.next();  // this thread's wait for the file
    step(CommitStep::BatchFileWritten);
    // Only now, with the catalogue's transaction durable, may RocksDB take the batch.
    store_->ingest(file);
    step(CommitStep::Ingested);
    visible_ = marker.lastGame();
    lastBatch_ = id;
    catalogue_->markCommitted(id);
    timings_.ingest += lap.next();
    step(CommitStep::Committed);
  } catch (...) {
    // The file's thread reads the batch and may still be writing the file.
    if (building.valid()) building.wait();
    // Leave the database as it was before the batch, unless RocksDB took it.
    std::error_code ignored;
    std::filesystem::remove(file, ignored);
    try {
      updateVisible();
      catalogue_->recover(lastBatch_);
    } catch (...) {
      // A full disk may stop the clean-up too; the next open recovers the same way.
    }
    rethrowPlain(dir_);
  }
  return result;
}

void Database::addRejected(std::span<const grammar::Rejection> games) {
  if (options_.access != Access::ReadWrite) throw std::logic_error("addRejected on a read-only database");
  catalogue_->addRejected(games);
}

// Statistics, counts and pages read straight from the stored bytes: a popular
// position's record holds a posting per game, which these reads never decode.
std::optional<PositionStats> Database::stats(PositionHash position) const {
  std::optional<PositionStats> stats;
  store_->read(position, [&](std::string_view bytes) {
    if (!(stats = PositionRecord::statsOf(bytes)))
      throw std::runtime_error("corrupt record of a position; run apiary check");
  });
  return stats;
}

uint64_t Database::games(PositionHash position) const {
  uint64_t games = 0;
  store_->read(position, [&](std::string_view bytes) { games = PositionRecord::gamesOf(bytes); });
  return games;
}

std::optional<PositionStats> Database::stats(const PositionKey& position) const {
  return stats(positionHash(position));
}

PositionReads Database::read(std::span<const PositionHash> positions, bool postings) const {
  return store_->readMany(positions, postings);
}

PostingPage Database::postings(const PositionKey& position, uint64_t offset, uint64_t limit) const {
  return postings(positionHash(position), offset, limit);
}

PostingPage Database::postings(PositionHash position, uint64_t offset, uint64_t limit) const {
  PostingPage page;
  store_->readWithPostings(position, [&](std::string_view bytes, std::string_view apart) {
    if (!PositionRecord::postingsOf(bytes, apart, offset, limit, page.postings, page.total))
      throw std::runtime_error("corrupt record of a position; run apiary check");
  });
  return page;
}

std::optional<GameRow> Database::game(GameId id) const { return catalogue_->game(id, visible_); }

Info Database::info() const {
  Info info;
  static_cast<CatalogueCounts&>(info) = catalogue_->counts(visible_);
  info.synced = catalogue_->sourceSyncs();
  store_->forEachPosition([&](PositionHash, std::string_view value, std::string_view) {
    ++info.positions;
    info.postings += PositionRecord::gamesOf(value);
  });
  info.positionBytes = sizeOnDisk(dir_ / "positions");
  for (const char* file : {"catalogue.sqlite", "catalogue.sqlite-wal", "catalogue.sqlite-shm"})
    info.catalogueBytes += sizeOnDisk(dir_ / file);
  info.bytes = sizeOnDisk(dir_);
  return info;
}

std::vector<SyncedFile> Database::syncedFiles(std::string_view source) const { return catalogue_->syncedFiles(source); }

void Database::markSourceSynced(std::string_view source) {
  if (options_.access != Access::ReadWrite) throw std::logic_error("markSourceSynced on a read-only database");
  catalogue_->markSourceSynced(source);
}

CheckReport Database::check(const CheckOptions& options) const {
  if (store_ && catalogue_) return runCheck(*store_, *catalogue_, visible_, options);
  CheckReport report;
  report.problems = openProblems_;
  if (store_)
    for (const std::string& file : store_->damagedFiles()) report.problems.push_back(file);
  report.problemCount = report.problems.size();
  return report;
}

void Database::forEachPatternBatch(const std::function<void(std::string_view)>& f, unsigned part,
                                   unsigned parts) const {
  store_->forEachPatternBatch(f, part, parts);
}

void Database::forEachPosition(const std::function<void(PositionHash, const PositionRecord&)>& f) const {
  PositionRecord r;
  store_->forEachPosition([&](PositionHash h, std::string_view value, std::string_view apart) {
    if (!r.decode(value, apart)) throw std::runtime_error("corrupt record of a position; run apiary check");
    f(h, r);
  });
}

Digest Database::digest() const {
  DigestBuilder builder;
  forEachPosition([&](PositionHash h, const PositionRecord& r) { builder.addRecord(h, r); });
  return builder.digest();
}

void Database::refresh() {
  store_->refresh();
  // Reading the last batch marker merges every sorted run: only after a catch-up.
  if (store_->catchUps() != catchUpsSeen_) updateVisible();
}

void Database::waitForCompactions() { store_->waitForCompactions(); }

void Database::releaseWriteMemory() {
  batchFileBuffers_ = std::make_unique<BatchFileBuffers>();
  catalogue_->releaseMemory();
}

void Database::compact() {
  if (options_.access != Access::ReadWrite) throw std::logic_error("compact on a read-only database");
  try {
    store_->compact();
  } catch (const std::runtime_error& e) {
    if (faultOf(e.what()) != DatabaseFault::DiskFull) rethrowPlain(dir_);
    throw DatabaseError(DatabaseFault::DiskFull, "disk full: every batch was kept, but the positions of " +
                                                     dir_.string() + " could not be compacted (reads stay slower)");
  }
}

}  // namespace apiary::index
