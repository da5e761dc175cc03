// Each synced file's state goes in with the batch holding its last game: written
// with it, gone with it when the batch never reaches RocksDB (a throw inside the
// commit, or kill -9 between the catalogue's write and RocksDB's ingest), and
// written alone when the batch adds no game.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#include <catch2/catch.hpp>

#include "index/catalogue/catalogue_schema.hpp"
#include "index_support.hpp"

using namespace apiary;
using namespace apiary::index;

namespace {

SyncedFile fileState(const std::string& url, uint64_t checksum) {
  return SyncedFile{"boardspace",
                    url,
                    "archive-2019/" + url.substr(url.rfind('/') + 1),
                    1234,
                    "2019-07-07 10:00",
                    "\"etag-1\"",
                    "Sun, 07 Jul 2019 10:00:00 GMT",
                    checksum,
                    {}};
}

std::vector<std::string> urlsOf(const std::vector<SyncedFile>& files) {
  std::vector<std::string> urls;
  for (const auto& f : files) urls.push_back(f.url);
  return urls;
}

}  // namespace

TEST_CASE("a file's state is committed with its games and read back whole", "[index][sync]") {
  test::ScratchDir dir("synced-files");
  const auto records = test::recordsOf(test::generateGames(5, 30));
  {
    Database db(dir.path());
    const SyncedFile states[] = {fileState("http://h/a/games-Jul-7-2019.zip", 42)};
    CHECK(db.addGames(std::span(records).first(20), states).added == 20);
  }
  Database db(dir.path());
  const auto files = db.syncedFiles("boardspace");
  REQUIRE(files.size() == 1);
  CHECK(files[0].url == "http://h/a/games-Jul-7-2019.zip");
  CHECK(files[0].mirrorPath == "archive-2019/games-Jul-7-2019.zip");
  CHECK(files[0].listedSize == 1234u);
  CHECK(files[0].listedDate == "2019-07-07 10:00");
  CHECK(files[0].etag == "\"etag-1\"");
  CHECK(files[0].lastModified == "Sun, 07 Jul 2019 10:00:00 GMT");
  CHECK(files[0].checksum == 42);
  CHECK(files[0].ingestedAt.size() == 20);  // 2026-11-29T04:00:00Z
  CHECK(db.syncedFiles("another").empty());
}

TEST_CASE("a batch that adds no game still commits its files' states", "[index][sync]") {
  test::ScratchDir dir("synced-files-none-new");
  const auto records = test::recordsOf(test::generateGames(6, 10));
  Database db(dir.path());
  CHECK(db.addGames(records).added == 10);
  const SyncedFile states[] = {fileState("http://h/b.zip", 1), fileState("http://h/c.sgf", 2)};
  const auto again = db.addGames(records, states);  // the same games: all skipped
  CHECK(again.added == 0);
  CHECK(again.skipped == 10);
  CHECK(urlsOf(db.syncedFiles("boardspace")) == std::vector<std::string>{"http://h/b.zip", "http://h/c.sgf"});
  // A changed file's new state replaces the old one.
  const SyncedFile changed[] = {fileState("http://h/b.zip", 7)};
  db.addGames({}, changed);
  const auto files = db.syncedFiles("boardspace");
  REQUIRE(files.size() == 2);
  CHECK(files[0].checksum == 7);
}

TEST_CASE("a batch that fails inside its commit leaves no file state behind", "[index][sync]") {
  test::ScratchDir dir("synced-files-throw");
  const auto records = test::recordsOf(test::generateGames(7, 20));
  bool fail = true;
  DatabaseOptions options;
  options.onCommitStep = [&](CommitStep s) {
    if (fail && s == CommitStep::BatchFileWritten) throw std::runtime_error("stopped before RocksDB");
  };
  Database db(dir.path(), options);
  const SyncedFile states[] = {fileState("http://h/d.zip", 3)};
  CHECK_THROWS(db.addGames(records, states));
  CHECK(db.syncedFiles("boardspace").empty());
  CHECK(db.info().games == 0);
  fail = false;
  CHECK(db.addGames(records, states).added == 20);
  CHECK(db.syncedFiles("boardspace").size() == 1);
}

TEST_CASE("kill -9 after the catalogue's write: the reopened database has neither games nor states", "[index][sync]") {
  test::ScratchDir dir("synced-files-kill");
  const auto records = test::recordsOf(test::generateGames(8, 40));
  {
    Database db(dir.path());
    const SyncedFile first[] = {fileState("http://h/first.zip", 1)};
    REQUIRE(db.addGames(std::span(records).first(20), first).added == 20);
  }
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    DatabaseOptions options;
    options.onCommitStep = [](CommitStep s) {
      if (s == CommitStep::CatalogueWritten) raise(SIGKILL);  // pending rows durable, RocksDB without the batch
    };
    Database db(dir.path(), options);
    const SyncedFile second[] = {fileState("http://h/second.zip", 2)};
    db.addGames(std::span(records).subspan(20), second);
    _exit(3);  // not reached
  }
  int status = 0;
  REQUIRE(waitpid(child, &status, 0) == child);
  REQUIRE(WIFSIGNALED(status));
  CHECK(WTERMSIG(status) == SIGKILL);
  Database db(dir.path());
  CHECK(db.info().games == 20);
  CHECK(urlsOf(db.syncedFiles("boardspace")) == std::vector<std::string>{"http://h/first.zip"});
}

TEST_CASE("info says when each source last synced", "[index][sync]") {
  test::ScratchDir dir("synced-sources");
  Database db(dir.path());
  CHECK(db.info().synced.empty());
  const SyncedFile states[] = {fileState("http://h/e.zip", 1)};
  db.addGames({}, states);
  db.markSourceSynced("boardspace");
  const auto synced = db.info().synced;
  REQUIRE(synced.size() == 1);
  CHECK(synced[0].source == "boardspace");
  CHECK(synced[0].files == 1);
  CHECK(synced[0].lastSynced.size() == 20);
}
