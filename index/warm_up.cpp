#include "index/warm_up.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "index/positions/position_store.hpp"

#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22  // Linux 5.14; older headers lack the name
#endif

namespace apiary::index {

namespace {

// /proc/meminfo's MemAvailable in bytes; 0 when it cannot be read.
uint64_t availableMemory() {
  std::ifstream meminfo("/proc/meminfo");
  std::string line;
  while (std::getline(meminfo, line)) {
    std::istringstream fields(line);
    std::string name;
    uint64_t kib = 0;
    if (fields >> name >> kib && name == "MemAvailable:") return kib * 1024;
  }
  return 0;
}

// Brings [p, p + n) of a mapping into memory as pages of the mapping.
void populate(char* p, std::size_t n) {
  if (madvise(p, n, MADV_POPULATE_READ) == 0) return;
  // Kernels before 5.14: a byte of every page.
  const std::size_t page = std::size_t(sysconf(_SC_PAGESIZE));
  volatile char sink = 0;
  for (std::size_t at = 0; at < n; at += page) sink = sink + p[at];
}

}  // namespace

uint64_t WarmUp::defaultBudget() { return availableMemory() / 2; }

WarmUp::WarmUp(const std::filesystem::path& dir, std::shared_ptr<const PositionStore> positions, uint64_t budget,
               Hooks hooks)
    : positions_(std::move(positions)) {
  thread_ = std::thread([this, dir, budget, hooks = std::move(hooks)] { run(dir, budget, hooks); });
}

WarmUp::~WarmUp() {
  stopping_ = true;
  if (thread_.joinable()) thread_.join();
  if (catalogue_) munmap(catalogue_, catalogueSize_);
}

WarmUp::Progress WarmUp::progress() const {
  std::lock_guard lock(mutex_);
  return {positionBytes_.load(), catalogueBytes_.load(), done_, error_};
}

void WarmUp::wait() const {
  std::unique_lock lock(mutex_);
  ended_.wait(lock, [&] { return done_; });
}

void WarmUp::run(const std::filesystem::path& dir, uint64_t budget, const Hooks& hooks) {
  if (hooks.starting) hooks.starting();
  std::string error;
  try {
    // The positions first: every explore reads them, a search only a page of games.
    const uint64_t read = positions_->warm(budget, [this](uint64_t bytes) {
      positionBytes_ = bytes;
      return !stopping_;
    });
    positionBytes_ = read;
    if (!stopping_ && read < budget) mapCatalogue(dir / "catalogue.sqlite", budget - read);
  } catch (const std::exception& e) {
    error = e.what();
  }
  {
    std::lock_guard lock(mutex_);
    done_ = true;
    error_ = std::move(error);
  }
  ended_.notify_all();
  if (hooks.ended) hooks.ended(progress());
}

void WarmUp::mapCatalogue(const std::filesystem::path& file, uint64_t budget) {
  const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return;
  struct stat st {};
  void* map = MAP_FAILED;
  if (fstat(fd, &st) == 0 && st.st_size > 0) map = mmap(nullptr, std::size_t(st.st_size), PROT_READ, MAP_SHARED, fd, 0);
  ::close(fd);  // the mapping keeps the file
  if (map == MAP_FAILED) return;
  catalogue_ = map;
  catalogueSize_ = std::size_t(st.st_size);
  // In steps, so that a stop is heard soon.
  constexpr std::size_t kStep = 8 << 20;
  const std::size_t want = std::min<uint64_t>(catalogueSize_, budget);
  for (std::size_t at = 0; at < want && !stopping_; at += kStep) {
    const std::size_t n = std::min(kStep, want - at);
    populate(static_cast<char*>(map) + at, n);
    catalogueBytes_ = at + n;
  }
}

}  // namespace apiary::index
