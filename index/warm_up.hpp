// A database warmed for queries: what explore and search read (the positions'
// buckets and postings apart, the catalogue) read into memory on a thread of its
// own, so that the first requests after a start or a reboot are as fast as later
// ones instead of waiting for a disk read per position. Queries go on meanwhile.
//
// The positions are read through the store the queries read (`apiary serve` maps
// its files), so the warmed blocks are pages of that mapping; the catalogue's file
// is mapped here and held until the warm-up is destroyed. Mapped pages stay in
// memory where clean page cache would not (drop_caches, a kernel's reclaim of idle
// page cache); they count as the process's resident memory, and the kernel may
// still take them back when memory runs short. Only as much as `budget` allows is
// read, the positions first.
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace apiary::index {

class PositionStore;

struct WarmUpProgress {
  uint64_t positionBytes = 0;   // of the buckets and lists apart, read so far
  uint64_t catalogueBytes = 0;  // of catalogue.sqlite, in memory so far
  bool done = false;            // ended (read all, stopped, or failed)
  std::string error;            // why it failed, when it did (queries then read from disk)
};

// Called on the warm-up's thread: `starting` before it reads anything (tests hold
// it there to see queries answered meanwhile), `ended` once it has ended.
struct WarmUpHooks {
  std::function<void()> starting = {};
  std::function<void(const WarmUpProgress&)> ended = {};
};

class WarmUp {
 public:
  using Progress = WarmUpProgress;
  using Hooks = WarmUpHooks;

  // Half the memory the kernel says is available: what a warm-up reads by default.
  static uint64_t defaultBudget();

  // Starts warming `dir`'s database, its positions through `positions`.
  WarmUp(const std::filesystem::path& dir, std::shared_ptr<const PositionStore> positions,
         uint64_t budget = defaultBudget(), Hooks hooks = {});
  // Stops the reading soon and releases the catalogue's mapping.
  ~WarmUp();
  WarmUp(const WarmUp&) = delete;
  WarmUp& operator=(const WarmUp&) = delete;

  Progress progress() const;
  // Blocks until the warm-up has ended.
  void wait() const;

 private:
  void run(const std::filesystem::path& dir, uint64_t budget, const Hooks& hooks);
  void mapCatalogue(const std::filesystem::path& file, uint64_t budget);

  std::shared_ptr<const PositionStore> positions_;
  std::atomic<uint64_t> positionBytes_{0}, catalogueBytes_{0};
  std::atomic<bool> stopping_{false};
  mutable std::mutex mutex_;
  mutable std::condition_variable ended_;
  bool done_ = false;
  std::string error_;
  void* catalogue_ = nullptr;  // the mapping held, or null
  std::size_t catalogueSize_ = 0;
  std::thread thread_;
};

}  // namespace apiary::index
