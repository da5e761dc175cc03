// A few read sessions shared by the server's threads: a session serves one thread
// at a time, so a request leases one, and gives it back when done. A session older
// than `maxAge` is refreshed when leased, so a batch committed by a concurrent
// ingest shows within about that time, whole batches only.
//
// The sessions read the positions through one RocksDB instance (one mapping of its
// files, one block cache, where a session each had made every page resident once
// per session). A session's refresh moves that instance for all of them, each
// session's catalogue following at its own next refresh: between the two, for at
// most `maxAge` after a batch lands, a session's positions may count games its
// catalogue does not list yet (explore counts them; search lists only the games the
// catalogue shows). Refreshing them all at once instead would make every request
// wait for the slowest one out (a pattern query takes seconds).
#pragma once
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <memory>
#include <mutex>
#include <vector>

#include "query/session.hpp"

namespace apiary::server {

class SessionPool {
 public:
  // Opens every session now: a database that cannot be read fails here.
  SessionPool(const std::filesystem::path& dir, std::size_t size, std::chrono::milliseconds maxAge);

  class Lease {
   public:
    Lease(SessionPool& pool, std::size_t slot) : pool_(&pool), slot_(slot) {}
    Lease(Lease&& o) noexcept : pool_(std::exchange(o.pool_, nullptr)), slot_(o.slot_) {}
    Lease(const Lease&) = delete;
    ~Lease() {
      if (pool_) pool_->release(slot_);
    }
    query::ReadSession& operator*() const { return *pool_->slots_[slot_].session; }
    query::ReadSession* operator->() const { return pool_->slots_[slot_].session.get(); }

   private:
    SessionPool* pool_;
    std::size_t slot_;
  };

  // Waits for a free session; refreshes it when it is old.
  Lease acquire();
  // The last game any session has seen (for answers that read no database).
  index::GameId latest() const { return latest_.load(); }
  const std::filesystem::path& dir() const { return dir_; }
  // The RocksDB instance every session reads the positions through.
  std::shared_ptr<const index::PositionStore> positions() const { return slots_.front().session->db().positions(); }
  // A session of the caller's own, reading the positions through the pool's
  // RocksDB instance (a stream's: it outlives many leases).
  std::unique_ptr<query::ReadSession> openSession() const;

 private:
  struct Slot {
    std::unique_ptr<query::ReadSession> session;
    std::chrono::steady_clock::time_point refreshed;
    bool busy = false;
  };
  void release(std::size_t slot);

  std::filesystem::path dir_;
  std::chrono::milliseconds maxAge_;
  std::vector<Slot> slots_;
  std::mutex mutex_;
  std::condition_variable freed_;
  std::atomic<index::GameId> latest_{0};
};

}  // namespace apiary::server
