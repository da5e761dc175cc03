// Popular positions keep their postings under keys of their own: the record in the
// bucket stays the size of its statistics, postings read the same whatever the
// batches were (some in the record, some apart) and whether the files are mapped,
// and check notices a list apart that is missing or that belongs to no position.
#include <rocksdb/options.h>
#include <rocksdb/sst_file_writer.h>
#include <catch2/catch.hpp>

#include "index/keys.hpp"
#include "index/positions/position_store.hpp"
#include "index_support.hpp"

using namespace apiary;
using namespace apiary::index;

namespace {

const std::vector<GameRecord>& records() {
  static const std::vector<GameRecord> r = test::recordsOf(test::generateGames(4242, 400));
  return r;
}

const PositionHash kStart = positionHash(canonicalize(Board()).key);

// The start position's record as stored, and how many of its postings are apart.
std::pair<std::size_t, uint64_t> startRecord(const std::filesystem::path& dir) {
  const PositionStore store(dir / "positions", PositionStore::Mode::ReadOnly);
  std::pair<std::size_t, uint64_t> out{0, 0};
  REQUIRE(store.read(kStart, [&](std::string_view r) { out = {r.size(), PositionRecord::apartOf(r)}; }));
  return out;
}

// An SST of raw writes, ingested behind the index's back.
void ingestRaw(const std::filesystem::path& dir, const std::function<void(rocksdb::SstFileWriter&)>& write) {
  const auto file = dir / "raw.sst";
  {
    rocksdb::SstFileWriter writer(rocksdb::EnvOptions(), PositionStore::options());
    REQUIRE(writer.Open(file.string()).ok());
    write(writer);
    REQUIRE(writer.Finish().ok());
  }
  PositionStore(dir / "positions", PositionStore::Mode::ReadWrite).ingest(file);
}

bool mentions(const CheckReport& report, const std::string& what) {
  return std::any_of(report.problems.begin(), report.problems.end(),
                     [&](const std::string& p) { return p.find(what) != std::string::npos; });
}

}  // namespace

TEST_CASE("a popular position's bucket holds its statistics, its postings are apart") {
  test::ScratchDir big("big"), mixed("mixed");
  {
    Database db(big.path());
    test::addInBatches(db, records(), 100);  // 100 games of the start position a batch
  }
  const auto [size, apart] = startRecord(big.path());
  CHECK(apart == records().size());
  CHECK(size < records().size());  // less than a byte a game: no posting in it

  {
    // Batches of 20 (fewer than kListMax games of the start position each: their
    // postings go into the record when merged), then of 100 (apart).
    Database db(mixed.path());
    test::addInBatches(db, std::vector(records().begin(), records().begin() + 200), 20);
    test::addInBatches(db, std::vector(records().begin() + 200, records().end()), 100);
  }
  CHECK(startRecord(mixed.path()).second == 200);

  Database a(big.path(), {.access = Access::ReadOnly}), b(mixed.path(), {.access = Access::ReadOnly});
  CHECK(a.digest() == b.digest());  // the same games make the same positions
  const PositionKey start = canonicalize(Board()).key;
  const PostingPage all = b.postings(start, 0, UINT64_MAX);
  REQUIRE(all.postings.size() == records().size());
  for (std::size_t i = 0; i < all.postings.size(); ++i) CHECK(all.postings[i] == Posting{GameId(400 - i), 0});
  for (uint64_t offset : {0, 150, 195, 200, 390})
    for (uint64_t limit : {1, 10, 1000}) {
      INFO(offset << " + " << limit);
      CHECK(b.postings(start, offset, limit).postings == a.postings(start, offset, limit).postings);
    }
  CHECK(b.check({.full = true}).ok());
  CHECK(b.check().ok());
  // A reader mapping the files (explore and search sessions) reads the same.
  const Database mapped(mixed.path(), {.access = Access::ReadOnly, .mapFiles = true});
  CHECK(mapped.postings(start, 0, UINT64_MAX).postings == all.postings);
  CHECK(mapped.stats(start) == b.stats(start));
  CHECK(mapped.digest() == b.digest());
}

TEST_CASE("check names a list apart that is missing, or that belongs to no position") {
  test::ScratchDir dir("apart-check");
  {
    Database db(dir.path());
    test::addInBatches(db, records(), 100);
  }
  SECTION("missing") {
    ingestRaw(dir.path(),
              [](rocksdb::SstFileWriter& w) { REQUIRE(w.Delete(IndexKey::postings(kStart).encode()).ok()); });
    Database db(dir.path(), {.access = Access::ReadOnly});
    for (const CheckReport& report : {db.check(), db.check({.full = true})}) {
      CHECK_FALSE(report.ok());
      CHECK(mentions(report, "games and postings differ"));
    }
  }
  SECTION("belonging to no position") {
    std::string list;
    const Posting stray[] = {{3, 7}};
    encodePostings(stray, list);
    ingestRaw(dir.path(),
              [&](rocksdb::SstFileWriter& w) { REQUIRE(w.Merge(IndexKey::postings(12345).encode(), list).ok()); });
    Database db(dir.path(), {.access = Access::ReadOnly});
    const CheckReport full = db.check({.full = true});
    CHECK_FALSE(full.ok());
    CHECK(mentions(full, "1 posting lists kept apart belong to no position"));
  }
}
