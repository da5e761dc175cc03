#include "ingest/batch_writer.hpp"

#include "ingest/freed_memory.hpp"

namespace apiary::ingest {

BatchWriter::BatchWriter(index::Database& db, bool ownThread) : db_(db) {
  if (ownThread) thread_ = std::thread([this] { run(); });
}

BatchWriter::~BatchWriter() {
  if (!thread_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    closed_ = true;
  }
  changed_.notify_all();
  thread_.join();
}

void BatchWriter::rethrowFailure() {
  if (failure_) std::rethrow_exception(failure_);
}

void BatchWriter::submit(std::vector<index::GameRecord>&& games, std::vector<grammar::Rejection>&& rejected,
                         std::vector<index::SyncedFile>&& files) {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return (!waiting_ && !writing_) || failure_; });
  rethrowFailure();
  if (!thread_.joinable()) {
    lock.unlock();
    return write(Batch{std::move(games), std::move(rejected), std::move(files)});
  }
  waiting_ = Batch{std::move(games), std::move(rejected), std::move(files)};
  changed_.notify_all();
}

void BatchWriter::finish() {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return (!waiting_ && !writing_) || failure_; });
  rethrowFailure();
}

index::AddResult BatchWriter::totals() {
  std::lock_guard lock(mutex_);
  return totals_;
}

void BatchWriter::run() {
  for (;;) {
    {
      Batch batch;
      {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] { return waiting_ || closed_; });
        if (!waiting_ || failure_) return;
        batch = std::move(*waiting_);
        waiting_.reset();
        writing_ = true;
      }
      changed_.notify_all();
      write(std::move(batch));
    }
    giveBackFreedMemoryOverBudget();  // the batch's records are freed by now
  }
}

void BatchWriter::write(Batch&& batch) {
  index::AddResult added;
  std::exception_ptr failure;
  try {
    // Rejected games first (kept once however often written): a file's state,
    // committed with its games, must find its rejections already in.
    if (!batch.rejected.empty()) db_.addRejected(batch.rejected);
    if (!batch.games.empty() || !batch.files.empty()) added = db_.addGames(batch.games, batch.files);
  } catch (...) {
    failure = std::current_exception();
  }
  {
    std::lock_guard lock(mutex_);
    totals_.added += added.added;
    totals_.skipped += added.skipped;
    writing_ = false;
    if (failure && !failure_) failure_ = failure;
  }
  changed_.notify_all();
}

}  // namespace apiary::ingest
