#include "server/sessions.hpp"

#include <algorithm>

namespace apiary::server {

SessionPool::SessionPool(const std::filesystem::path& dir, std::size_t size, std::chrono::milliseconds maxAge)
    : dir_(dir), maxAge_(maxAge), slots_(std::max<std::size_t>(1, size)) {
  for (auto& slot : slots_) {
    slot.session = &slot == &slots_.front() ? std::make_unique<query::ReadSession>(dir)
                                            : std::make_unique<query::ReadSession>(dir, *slots_.front().session);
    slot.refreshed = std::chrono::steady_clock::now();
    latest_ = std::max(latest_.load(), slot.session->lastGame());
  }
}

SessionPool::Lease SessionPool::acquire() {
  std::size_t index = 0;
  {
    std::unique_lock lock(mutex_);
    freed_.wait(lock, [&] {
      for (index = 0; index < slots_.size(); ++index)
        if (!slots_[index].busy) return true;
      return false;
    });
    slots_[index].busy = true;
  }
  Lease lease(*this, index);  // gives the slot back if the refresh throws
  Slot& slot = slots_[index];
  const auto now = std::chrono::steady_clock::now();
  if (now - slot.refreshed >= maxAge_) {
    slot.session->refresh();
    slot.refreshed = now;
    index::GameId seen = latest_.load();
    while (seen < slot.session->lastGame() && !latest_.compare_exchange_weak(seen, slot.session->lastGame())) {
    }
  }
  return lease;
}

std::unique_ptr<query::ReadSession> SessionPool::openSession() const {
  return std::make_unique<query::ReadSession>(dir_, *slots_.front().session);
}

void SessionPool::release(std::size_t slot) {
  {
    std::lock_guard lock(mutex_);
    slots_[slot].busy = false;
  }
  freed_.notify_one();
}

}  // namespace apiary::server
