// A damaged, busy or half-created database is refused by every command that opens
// it, with a plain message, never read as an empty one.
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <catch2/catch.hpp>
#include "index/database_error.hpp"
#include "index/positions/position_store.hpp"
#include "index_support.hpp"
#include "run_apiary.hpp"

using namespace apiary;
using apiary::test::ScratchDir;

namespace {

bool says(const test::Run& run, const std::string& words) { return run.out.find(words) != std::string::npos; }

// A database of a few games, closed.
void makeDatabase(const std::filesystem::path& dir, int games = 30) {
  index::Database db(dir);
  test::addInBatches(db, test::recordsOf(test::generateGames(7, games)), 10);
}

std::filesystem::path largestTableFile(const std::filesystem::path& dir) {
  std::filesystem::path largest;
  for (const auto& entry : std::filesystem::directory_iterator(dir / "positions"))
    if (entry.path().extension() == ".sst" &&
        (largest.empty() || entry.file_size() > std::filesystem::file_size(largest)))
      largest = entry.path();
  return largest;
}

}  // namespace

TEST_CASE("a positions file cut to half makes every command refuse the database, naming it", "[index]") {
  ScratchDir dir("damaged");
  makeDatabase(dir.path());
  const auto file = largestTableFile(dir.path());
  REQUIRE(!file.empty());
  std::filesystem::resize_file(file, std::filesystem::file_size(file) / 2);
  const std::string db = " --db " + dir.path().string();
  for (const char* command :
       {"info", "explore", "search", "games", "dedup", "show 1", "export --to uhp 1", "ingest /dev/null"}) {
    INFO(command);
    const test::Run run = test::runApiary(command + db, true);
    CHECK(run.code == 2);
    CHECK(says(run, file.filename().string()));
    CHECK(says(run, "is damaged"));
    CHECK(says(run, "apiary check tells more"));
  }
  const test::Run check = test::runApiary("check" + db, true);
  CHECK(check.code == 1);
  CHECK(says(check, file.filename().string()));
}

TEST_CASE("opening for reading refuses a damaged database and check still reads it", "[index]") {
  ScratchDir dir("damaged-open");
  makeDatabase(dir.path());
  std::filesystem::resize_file(largestTableFile(dir.path()), 100);
  try {
    index::Database db(dir.path(), {.access = index::Access::ReadOnly});
    FAIL("a damaged database opened");
  } catch (const index::DatabaseError& e) {
    CHECK(e.fault() == index::DatabaseFault::Damaged);
  }
  const index::Database db(dir.path(), {.access = index::Access::ReadOnly, .openDamaged = true});
  CHECK_FALSE(db.check().ok());
}

TEST_CASE("an overwritten catalogue header is reported as damage", "[index]") {
  ScratchDir dir("header");
  makeDatabase(dir.path(), 5);
  {
    std::fstream file(dir.path() / "catalogue.sqlite", std::ios::in | std::ios::out | std::ios::binary);
    file.write("this is no sqlite", 17);
  }
  const test::Run run = test::runApiary("games --db " + dir.path().string(), true);
  CHECK(run.code == 2);
  CHECK(says(run, "is damaged"));
}

TEST_CASE("a second writer is told that another apiary is writing", "[index]") {
  ScratchDir dir("busy");
  index::Database writer(dir.path());
  const test::Run run = test::runApiary("ingest /dev/null --db " + dir.path().string(), true);
  CHECK(run.code == 2);
  CHECK(says(run, "another apiary is writing this database"));
  CHECK_FALSE(says(run, "Resource temporarily unavailable"));
  try {
    index::Database second(dir.path());
    FAIL("a second writer opened the database");
  } catch (const index::DatabaseError& e) {
    CHECK(e.fault() == index::DatabaseFault::Busy);
  }
}

TEST_CASE("a query while the first ingest creates the database is told so", "[index]") {
  ScratchDir dir("creating");
  std::filesystem::create_directories(dir.path());
  const std::string db = " --db " + dir.path().string();
  { index::PositionStore store(dir.path() / "positions", index::PositionStore::Mode::ReadWrite); }
  // The positions exist, the catalogue not yet; then the catalogue without its tables.
  CHECK(says(test::runApiary("games" + db, true), "the database is being created"));
  std::ofstream(dir.path() / "catalogue.sqlite").close();
  const test::Run run = test::runApiary("explore" + db, true);
  CHECK(run.code == 2);
  CHECK(says(run, "the database is being created"));
  CHECK_FALSE(says(run, "no such table"));
}

// What a first ingest killed while it created the catalogue leaves: a catalogue in
// the middle of a write transaction of a rollback journal, its journal hot. A child
// process writes more than its page cache holds (so pages reach the file) and ends
// without committing.
void leaveHotJournal(const std::filesystem::path& catalogue) {
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    sqlite3* db = nullptr;
    const char* work =
        "PRAGMA cache_size = 1; BEGIN; CREATE TABLE t(x);"
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)"
        "INSERT INTO t SELECT randomblob(100) FROM n;";
    const bool wrote = sqlite3_open(catalogue.c_str(), &db) == SQLITE_OK &&
                       sqlite3_exec(db, work, nullptr, nullptr, nullptr) == SQLITE_OK;
    _exit(wrote ? 0 : 1);
  }
  int status = 0;
  waitpid(child, &status, 0);
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 0);
  REQUIRE(std::filesystem::exists(catalogue.string() + "-journal"));
}

TEST_CASE("a first ingest killed while creating the catalogue is told as being created, and ingest completes it",
          "[index]") {
  ScratchDir dir("hot-journal");
  std::filesystem::create_directories(dir.path());
  const std::string db = " --db " + dir.path().string();
  { index::PositionStore store(dir.path() / "positions", index::PositionStore::Mode::ReadWrite); }
  leaveHotJournal(dir.path() / "catalogue.sqlite");
  for (const char* command : {"info", "check", "explore"}) {
    INFO(command);
    const test::Run run = test::runApiary(command + db, true);
    CHECK(run.code == 2);
    CHECK(says(run, "the database is being created"));
    CHECK_FALSE(says(run, "readonly"));
  }
  const test::Run ingest =
      test::runApiary("generate --games 5 --seed 3 | " + std::string(APIARY_BINARY) + db + " ingest -", true);
  CHECK(ingest.code == 0);
  CHECK(test::runApiary("check" + db).code == 0);
}

TEST_CASE("the libraries' messages map to plain faults", "[index]") {
  using index::DatabaseFault;
  CHECK(index::faultOf("IO error: While lock file: db/positions/LOCK: Resource temporarily unavailable") ==
        DatabaseFault::Busy);
  CHECK(index::faultOf("cannot prepare \"SELECT version FROM schema_version\": no such table: schema_version") ==
        DatabaseFault::BeingCreated);
  CHECK(index::faultOf("\"INSERT INTO games\" failed: database or disk is full") == DatabaseFault::DiskFull);
  CHECK(index::faultOf("IO error: No space left on device: While appending to file: x.sst") == DatabaseFault::DiskFull);
  CHECK(index::faultOf("cannot open x: file is not a database") == DatabaseFault::Damaged);
  CHECK(index::faultOf("Corruption: block checksum mismatch") == DatabaseFault::Damaged);
  CHECK_FALSE(index::faultOf("unknown notation 'xyz'"));
  CHECK(index::plainMessage(DatabaseFault::DiskFull, "db") == "disk full: nothing of the last batch was kept (db)");
}
