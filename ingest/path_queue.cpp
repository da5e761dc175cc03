#include "ingest/path_queue.hpp"

namespace apiary::ingest {

PathQueue::PathQueue(const std::vector<std::string>& paths) : paths_(paths.begin(), paths.end()), closed_(true) {}

void PathQueue::push(std::string path) {
  {
    std::lock_guard lock(mutex_);
    paths_.push_back(std::move(path));
  }
  changed_.notify_all();
}

void PathQueue::close() {
  {
    std::lock_guard lock(mutex_);
    closed_ = true;
  }
  changed_.notify_all();
}

bool PathQueue::ready() {
  std::lock_guard lock(mutex_);
  return closed_ || !paths_.empty();
}

std::optional<std::string> PathQueue::next() {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return closed_ || !paths_.empty(); });
  if (paths_.empty()) return std::nullopt;
  std::string path = std::move(paths_.front());
  paths_.pop_front();
  return path;
}

}  // namespace apiary::ingest
