// The importer's writer: batches are committed on a thread of their own, one at a
// time and in the order they were handed over, while the caller goes on collecting
// the next batch from the workers. Without it the workers stopped whenever their
// window of chunks was full and the caller was inside Database::addGames, and the
// writer stopped while the next batch was built. Without a thread of its own
// (ImportOptions::threads), a batch is written as it is handed over.
#pragma once
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "index/database.hpp"

namespace apiary::ingest {

class BatchWriter {
 public:
  explicit BatchWriter(index::Database& db, bool ownThread = true);
  ~BatchWriter();  // waits for the batch in hand; call finish() to see its errors
  BatchWriter(const BatchWriter&) = delete;
  BatchWriter& operator=(const BatchWriter&) = delete;

  // Hands a batch over (either part may be empty). Waits while the earlier batch
  // is being written, so one batch is held besides the one the caller fills.
  // Rethrows the error of an earlier batch: nothing after it is written.
  // `files`: sync states committed with the games (Database::addGames).
  void submit(std::vector<index::GameRecord>&& games, std::vector<grammar::Rejection>&& rejected,
              std::vector<index::SyncedFile>&& files = {});
  // Waits for every batch handed over; rethrows the first error.
  void finish();
  // Games added and skipped by the batches committed so far.
  index::AddResult totals();

 private:
  struct Batch {
    std::vector<index::GameRecord> games;
    std::vector<grammar::Rejection> rejected;
    std::vector<index::SyncedFile> files;
  };
  void run();
  void write(Batch&& batch);
  void rethrowFailure();  // with the lock held

  index::Database& db_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::optional<Batch> waiting_;
  bool writing_ = false, closed_ = false;
  std::exception_ptr failure_;
  index::AddResult totals_;
  std::thread thread_;
};

}  // namespace apiary::ingest
