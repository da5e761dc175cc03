// A warm-up brings what explore and search read into memory: the positions'
// buckets (as pages of the store's mapping) and the whole catalogue, after the
// files were put out of memory; it tells its hooks before it reads (so queries can
// be seen answered while it runs) and when it has ended; a budget bounds it.
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <future>
#include <thread>

#include "index/positions/position_store.hpp"
#include "index/warm_up.hpp"
#include "index_support.hpp"

using namespace apiary;
using namespace apiary::index;

namespace {

// A database of 400 generated games in four batches (four table files).
const std::filesystem::path& database() {
  static const test::ScratchDir dir("warm-up");
  static const bool made = [] {
    Database db(dir.path());
    test::addInBatches(db, test::recordsOf(test::generateGames(77, 400)), 100);
    return true;
  }();
  (void)made;
  return dir.path();
}

std::vector<std::filesystem::path> tableFiles(const std::filesystem::path& db) {
  std::vector<std::filesystem::path> out;
  for (const auto& entry : std::filesystem::directory_iterator(db / "positions"))
    if (entry.path().extension() == ".sst") out.push_back(entry.path());
  return out;
}

// Written to disk, then dropped from the page cache (clean pages no process maps).
void putOutOfMemory(const std::filesystem::path& file) {
  const int fd = ::open(file.c_str(), O_RDONLY);
  REQUIRE(fd >= 0);
  fdatasync(fd);
  posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
  ::close(fd);
}

// The file's bytes in memory now (whole pages), by mincore on a mapping of it.
uint64_t residentBytes(const std::filesystem::path& file) {
  const auto size = std::filesystem::file_size(file);
  if (size == 0) return 0;
  const int fd = ::open(file.c_str(), O_RDONLY);
  REQUIRE(fd >= 0);
  void* map = mmap(nullptr, size, PROT_READ, MAP_SHARED, fd, 0);
  ::close(fd);
  REQUIRE(map != MAP_FAILED);
  const std::size_t page = std::size_t(sysconf(_SC_PAGESIZE));
  std::vector<unsigned char> pages((size + page - 1) / page);
  REQUIRE(mincore(map, size, pages.data()) == 0);
  munmap(map, size);
  uint64_t resident = 0;
  for (unsigned char p : pages) resident += (p & 1) ? page : 0;
  return std::min<uint64_t>(resident, size);
}

uint64_t residentBytes(const std::vector<std::filesystem::path>& files) {
  uint64_t sum = 0;
  for (const auto& f : files) sum += residentBytes(f);
  return sum;
}

}  // namespace

TEST_CASE("a warm-up brings the positions and the whole catalogue back into memory") {
  const auto& dir = database();
  const auto catalogue = dir / "catalogue.sqlite";
  const auto tables = tableFiles(dir);
  REQUIRE(tables.size() >= 2);
  for (const auto& f : tables) putOutOfMemory(f);
  putOutOfMemory(catalogue);
  const auto store = std::make_shared<const PositionStore>(dir / "positions", PositionStore::Mode::ReadOnly, true);
  const uint64_t catalogueSize = std::filesystem::file_size(catalogue);
  const uint64_t tablesBefore = residentBytes(tables), catalogueBefore = residentBytes(catalogue);
  if (catalogueBefore == catalogueSize) {
    WARN("this file system keeps files in memory whatever is asked (tmpfs?): residency is not shown here");
  } else {
    CHECK(catalogueBefore < catalogueSize / 2);
  }

  WarmUp warm(dir, store);
  warm.wait();
  const auto done = warm.progress();
  CHECK(done.done);
  CHECK(done.error.empty());
  CHECK(done.positionBytes > 0);
  CHECK(done.catalogueBytes == catalogueSize);
  // The catalogue whole; of the tables at least the buckets and lists apart read.
  CHECK(residentBytes(catalogue) == catalogueSize);
  CHECK(residentBytes(tables) >= done.positionBytes);
  if (catalogueBefore < catalogueSize) CHECK(residentBytes(tables) > tablesBefore);
}

TEST_CASE("a warm-up tells its hook before reading, and positions are read meanwhile") {
  const auto& dir = database();
  const auto store = std::make_shared<const PositionStore>(dir / "positions", PositionStore::Mode::ReadOnly, true);
  std::promise<void> release;
  std::promise<std::thread::id> heldOn;
  auto released = release.get_future().share();
  std::promise<WarmUp::Progress> ended;
  WarmUp warm(dir, store, WarmUp::defaultBudget(),
              {.starting =
                   [&] {
                     heldOn.set_value(std::this_thread::get_id());
                     released.wait();
                   },
               .ended = [&](const WarmUp::Progress& p) { ended.set_value(p); }});
  CHECK(heldOn.get_future().get() != std::this_thread::get_id());
  // Held before reading: nothing read yet, and a query answers.
  const auto held = warm.progress();
  CHECK_FALSE(held.done);
  CHECK(held.positionBytes == 0);
  CHECK(held.catalogueBytes == 0);
  const PositionHash start = positionHash(canonicalize(Board()).key);
  const auto reads = store->readMany(std::span(&start, 1), false);
  CHECK(reads.games(0) == 400);
  release.set_value();
  warm.wait();
  CHECK(warm.progress().done);
  CHECK(warm.progress().positionBytes > 0);
  // Told the end, with what was read.
  const auto told = ended.get_future().get();
  CHECK(told.done);
  CHECK(told.positionBytes == warm.progress().positionBytes);
}

TEST_CASE("a warm-up reads no more than its budget") {
  const auto& dir = database();
  const auto store = std::make_shared<const PositionStore>(dir / "positions", PositionStore::Mode::ReadOnly, true);
  {
    WarmUp none(dir, store, 0);
    none.wait();
    CHECK(none.progress().done);
    CHECK(none.progress().positionBytes == 0);
    CHECK(none.progress().catalogueBytes == 0);
  }
  WarmUp all(dir, store);
  all.wait();
  const uint64_t positions = all.progress().positionBytes;
  // Enough for the positions and a page of the catalogue: the catalogue is cut there.
  WarmUp some(dir, store, positions + 4096);
  some.wait();
  CHECK(some.progress().positionBytes == positions);
  CHECK(some.progress().catalogueBytes == 4096);
}
