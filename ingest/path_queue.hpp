// Paths handed to one import while it runs: `apiary sync` pushes each file as soon
// as it is downloaded and checked, and the importer reads it while the next one
// downloads, all in one import (one run of batches of ImportOptions::batchGames).
#pragma once
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace apiary::ingest {

class PathQueue {
 public:
  PathQueue() = default;
  // Already closed: the fixed list `apiary ingest` is given.
  explicit PathQueue(const std::vector<std::string>& paths);
  PathQueue(const PathQueue&) = delete;
  PathQueue& operator=(const PathQueue&) = delete;

  void push(std::string path);
  // No more paths: next() returns nullopt once the waiting ones are taken.
  void close();
  // True when next() would not wait: a path is waiting, or the queue is closed.
  bool ready();
  // The next path in the order pushed; waits while the queue is empty and open.
  std::optional<std::string> next();

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::string> paths_;
  bool closed_ = false;
};

}  // namespace apiary::ingest
