// The SQLite catalogue: one row per game, every tag pair, the sources, the ingest
// batches and the rejected games (schema in catalogue_schema.cpp and README).
//
// Its part in the commit protocol (see Database): a batch's rows are written and
// made durable as 'pending' before RocksDB sees the batch; RocksDB's marker is the
// commit; recover() then keeps what RocksDB has and deletes what it lacks. Readers
// pass `visible`, the last game id RocksDB has committed, and never see rows past
// it, so a batch in flight is invisible in both stores.
#pragma once
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "grammar/rejection.hpp"
#include "index/catalogue/catalogue_counts.hpp"
#include "index/catalogue/game_row.hpp"
#include "index/catalogue/sqlite.hpp"
#include "index/catalogue/synced_files.hpp"
#include "index/record.hpp"

namespace apiary::index {

struct CatalogueBatch {
  uint64_t id = 0;
  bool committed = false;
  GameId firstGame = 0;
  uint64_t games = 0;
};

class Catalogue {
 public:
  Catalogue(const std::filesystem::path& file, bool readOnly);
  ~Catalogue();

  // --- the writer ---
  // Indexes (ascending) of the records whose game is new: not in the catalogue and
  // not earlier in the records (same fingerprint). Reads only, so that the writer
  // knows the batch's ids before it writes (Database builds the batch file meanwhile);
  // the answer holds until insertPending as there is one writer.
  std::vector<uint32_t> newGames(std::span<const GameRecord> records) const;
  // Writes records[accepted[k]] as game firstGame + k, and the files' sync states,
  // and commits them durably as pending. Throws (writing nothing) if one of the
  // games is there after all.
  void insertPending(uint64_t batch, GameId firstGame, std::span<const GameRecord> records,
                     std::span<const uint32_t> accepted, std::span<const SyncedFile> files = {});
  // Files' sync states alone (their games were all there already), in one
  // transaction, as of the committed batch `batch`.
  void writeSyncedFiles(std::span<const SyncedFile> files, uint64_t batch);
  void markSourceSynced(std::string_view source);
  void markCommitted(uint64_t batch);
  // Keeps the batches up to lastCommitted (marking them committed), and deletes
  // every later batch with its games: those never reached RocksDB.
  void recover(uint64_t lastCommitted);
  uint64_t maxBatch() const;
  GameId maxGame() const;
  // Frees SQLite's cached pages (the next reads fetch them again).
  void releaseMemory() { db_.releaseMemory(); }
  // Idempotent: a game already rejected from the same source and index is kept once.
  void addRejected(std::span<const grammar::Rejection> games);

  // --- readers: only games with id <= visible exist ---
  std::optional<GameRow> game(GameId id, GameId visible) const;
  // Every game in id order, without tags; then every (game, name, value) in no order.
  void forEachGame(GameId visible, const std::function<void(const GameRow&)>& f) const;
  void forEachTag(GameId visible, const std::function<void(GameId, const std::string&, const std::string&)>& f) const;
  CatalogueCounts counts(GameId visible) const;
  std::vector<CatalogueBatch> batches() const;  // all of them, in flight included
  // A source's files as synced_files holds them (for the writer: after recovery).
  std::vector<SyncedFile> syncedFiles(std::string_view source) const;
  std::vector<SourceSync> sourceSyncs() const;  // every source ever synced, by name

 private:
  StatementLease prepared(const char* sql) const;
  // The id the find statement selects, or the one the insert (... RETURNING id) makes.
  template <class... Keys>
  int64_t findOrInsert(const char* find, const char* insert, const Keys&... keys);
  int64_t internName(std::string_view name);
  int64_t internValue(int64_t name, std::string_view value);
  int64_t internSource(std::string_view path);
  void forgetInterned();
  void insertSyncedFiles(std::span<const SyncedFile> files, uint64_t batch);  // inside a transaction

  mutable Connection db_;
  mutable std::unordered_map<const char*, std::unique_ptr<Statement>> statements_;
  // Ids of names, values and sources already written: most tags repeat (players,
  // events, game types), and a lookup in memory saves two statements per tag.
  // Each cache has two generations (catalogue.cpp): what repeats stays, one-off
  // values (round numbers) pass through, and the tables stay small enough to be fast.
  struct IdCache {
    std::unordered_map<std::string, int64_t> recent, older;
  };
  IdCache names_, values_, sources_;
};

}  // namespace apiary::index
