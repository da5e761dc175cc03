// An ingest keeps the memory it frees while it holds less than its budget, and
// gives it all back after a batch once it holds more: the arenas of the threads
// that freed it included, which glibc alone never trims under the ingest's settings.
#include <catch2/catch.hpp>
#include <cstring>
#include <memory>
#include <thread>
#include <vector>

#include "ingest/freed_memory.hpp"

using namespace apiary::ingest;

namespace {

constexpr std::size_t kMiB = std::size_t(1) << 20;

// Allocates `total` in blocks of 8 MiB on a thread of its own (so in a thread's
// arena, as the importer's workers and RocksDB's compactions do), touches every
// page, and frees it all.
void churnOnAThread(std::size_t total) {
  std::thread([total] {
    std::vector<std::unique_ptr<char[]>> blocks;
    for (std::size_t done = 0; done < total; done += 8 * kMiB) {
      blocks.emplace_back(new char[8 * kMiB]);
      std::memset(blocks.back().get(), 1, 8 * kMiB);
    }
  }).join();
}

}  // namespace

#ifndef __SANITIZE_ADDRESS__  // ASan's own allocator keeps freed memory in its quarantine
TEST_CASE("freed memory is kept under the budget and given back over it", "[ingest]") {
  keepFreedMemory();
  const std::size_t before = residentBytes();
  REQUIRE(before < 128 * kMiB);

  churnOnAThread(256 * kMiB);
  const std::size_t kept = residentBytes();
  CHECK(kept > before + 200 * kMiB);  // freed, yet still resident: kept for reuse
  giveBackFreedMemoryOverBudget();
  CHECK(residentBytes() > before + 200 * kMiB);  // under the budget: still kept

  churnOnAThread(kResidentBudget + 128 * kMiB);
  REQUIRE(residentBytes() > kResidentBudget);
  giveBackFreedMemoryOverBudget();
  CHECK(residentBytes() < before + 64 * kMiB);  // every arena's freed pages gone
}
#endif
