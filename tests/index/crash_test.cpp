// Kill -9 during an ingest: a real ingest runs in a child process (this executable
// again, started with APIARY_CRASH_CHILD set) and is killed at each step of the
// commit protocol and at timed moments. After each kill, reopening must give a
// database where every game is wholly present or absent (check --full: both stores
// agree on every posting and count), and running the same ingest again must end in
// exactly the state of an uninterrupted run. A reader beside a running ingest must
// only ever see whole batches.
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <set>
#include <thread>

#include "index/game_query.hpp"
#include "index_support.hpp"

extern char** environ;

using namespace apiary;
using namespace apiary::index;

namespace {

constexpr std::size_t kBatch = 40;

const std::vector<GameRecord>& ingestRecords() {
  static const std::vector<GameRecord> r = test::recordsOf(test::generateGames(99, 600));
  return r;
}

// The first batches a gated ingest commits only once the reader has seen each.
constexpr int kGatedBatches = 4;

std::filesystem::path seenMark(const std::filesystem::path& gate, int batch) {
  return gate / ("seen-" + std::to_string(batch));
}

// A gated ingest waits after committing each of its first batches until the reader
// marks it seen, so that the reader meets several batch counts whatever the pace of
// either process; a reader that never marks it (it failed) is waited for a minute.
void awaitReader(const std::filesystem::path& gate, int batch) {
  if (batch > kGatedBatches) return;
  const auto giveUp = std::chrono::steady_clock::now() + std::chrono::minutes(1);
  while (!std::filesystem::exists(seenMark(gate, batch)) && std::chrono::steady_clock::now() < giveUp)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

// The ingest under test. killStep >= 0: die by SIGKILL at that step of batch killBatch.
// A gate: wait for the reader there (awaitReader).
void ingest(const std::filesystem::path& dir, int killStep, int killBatch, const char* ready,
            const char* gate = nullptr) {
  const auto& records = ingestRecords();  // generated before the database is touched
  int seen = 0, committed = 0;
  DatabaseOptions options;
  options.onCommitStep = [&](CommitStep s) {
    if (int(s) == killStep && ++seen == killBatch) raise(SIGKILL);
    if (gate && s == CommitStep::Committed) awaitReader(gate, ++committed);
  };
  Database db(dir, options);
  if (ready) std::filesystem::create_directories(ready);
  test::addInBatches(db, records, kBatch);
}

// The child's side: runs before Catch's main when this executable is the child.
const int childEntry = [] {
  if (const char* dir = std::getenv("APIARY_CRASH_CHILD")) {
    try {
      ingest(dir, std::atoi(std::getenv("APIARY_KILL_STEP")), std::atoi(std::getenv("APIARY_KILL_BATCH")),
             std::getenv("APIARY_READY"), std::getenv("APIARY_GATE"));
    } catch (const std::exception& e) {
      std::fprintf(stderr, "child ingest failed: %s\n", e.what());
      std::_Exit(2);
    }
    std::_Exit(0);
  }
  return 0;
}();

pid_t spawnIngest(const std::filesystem::path& dir, int killStep, int killBatch, const std::filesystem::path& ready,
                  const std::filesystem::path& gate = {}) {
  std::vector<std::string> env;
  for (char** e = environ; *e; ++e) env.emplace_back(*e);
  env.push_back("APIARY_CRASH_CHILD=" + dir.string());
  env.push_back("APIARY_KILL_STEP=" + std::to_string(killStep));
  env.push_back("APIARY_KILL_BATCH=" + std::to_string(killBatch));
  env.push_back("APIARY_READY=" + ready.string());
  if (!gate.empty()) env.push_back("APIARY_GATE=" + gate.string());
  std::vector<char*> envp;
  for (auto& s : env) envp.push_back(s.data());
  envp.push_back(nullptr);
  char self[] = "/proc/self/exe";
  char* argv[] = {self, nullptr};
  pid_t pid = 0;
  REQUIRE(posix_spawn(&pid, self, nullptr, nullptr, argv, envp.data()) == 0);
  return pid;
}

int waitStatus(pid_t pid) {
  int status = 0;
  REQUIRE(waitpid(pid, &status, 0) == pid);
  return status;
}

struct State {
  Digest digest;
  uint64_t games, positions;
  bool operator==(const State&) const = default;
};

State stateOf(const Database& db) {
  const Info info = db.info();
  return {db.digest(), info.games, info.positions};
}

const State& uninterrupted() {
  static const State state = [] {
    test::ScratchDir dir("reference");
    ingest(dir.path(), -1, 0, nullptr);
    return stateOf(Database(dir.path()));
  }();
  return state;
}

// After a crash: both stores agree, game by game.
void requireConsistent(Database& db) {
  const CheckReport report = db.check({.full = true});
  INFO((report.problems.empty() ? std::string() : report.problems.front()));
  REQUIRE(report.ok());
  CHECK(report.stored.sameGames(report.recomputed));
  CHECK(report.games == uint64_t(db.lastGame()));
}

}  // namespace

TEST_CASE("killed at each step of a batch's commit, the database recovers and the rerun completes it") {
  REQUIRE(childEntry == 0);
  const State& reference = uninterrupted();
  const std::pair<CommitStep, uint64_t> steps[] = {
      {CommitStep::CatalogueWritten, 2 * kBatch},  // batch 3 never reached RocksDB
      {CommitStep::BatchFileWritten, 2 * kBatch},
      {CommitStep::Ingested, 3 * kBatch},  // batch 3 is committed by RocksDB alone
      {CommitStep::Committed, 3 * kBatch}};
  for (const auto& [step, survivors] : steps) {
    INFO("killed after step " << int(step) << " of batch 3");
    test::ScratchDir dir("killed");
    const int status = waitStatus(spawnIngest(dir.path(), int(step), 3, dir.path() / "ready"));
    REQUIRE(WIFSIGNALED(status));
    REQUIRE(WTERMSIG(status) == SIGKILL);
    {
      Database db(dir.path());
      CHECK(uint64_t(db.lastGame()) == survivors);
      requireConsistent(db);
    }
    Database db(dir.path());
    const auto rerun = test::addInBatches(db, ingestRecords(), kBatch);
    CHECK(rerun.skipped == survivors);
    CHECK(stateOf(db) == reference);
  }
}

TEST_CASE("killed at random moments, again and again, the same ingest still ends where it would have") {
  const State& reference = uninterrupted();
  test::ScratchDir dir("timed");
  const auto ready = dir.path() / "ready";
  int killedMidway = 0;
  for (int delayMs : {0, 3, 10, 25, 60, 120}) {
    std::filesystem::remove_all(ready);
    const pid_t child = spawnIngest(dir.path(), -1, 0, ready);
    while (!std::filesystem::exists(ready)) {
      if (waitpid(child, nullptr, WNOHANG) == child) FAIL("the ingest died before starting");
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(delayMs));
    kill(child, SIGKILL);
    const int status = waitStatus(child);
    killedMidway += WIFSIGNALED(status);
    INFO("killed " << delayMs << " ms into the ingest");
    Database db(dir.path());
    requireConsistent(db);
  }
  CHECK(killedMidway >= 3);
  Database db(dir.path());
  test::addInBatches(db, ingestRecords(), kBatch);
  CHECK(stateOf(db) == reference);
  CHECK(db.check({.full = true}).ok());
}

// One look at the database beside the ingest: whole batches only. Returns the last
// game it sees.
GameId viewWholeBatches(Database& reader) {
  const PositionKey empty = canonicalize(Board()).key;
  reader.refresh();
  const GameId last = reader.lastGame();
  CHECK(last % GameId(kBatch) == 0);  // a whole number of batches
  const auto root = reader.stats(empty);
  CHECK((root ? root->counts.games : 0) == uint64_t(last));
  // Its postings are apart from its bucket (kBatch > kListMax), and as whole.
  CHECK(reader.postings(empty, 0, 1).total == uint64_t(last));
  CHECK(GameSearch(reader).count({}) == uint64_t(last));
  CHECK_FALSE(reader.game(last + 1).has_value());
  if (last > 0) CHECK(reader.game(last).has_value());
  return last;
}

TEST_CASE("a reader beside a running ingest sees whole batches only") {
  test::ScratchDir dir("beside");
  // The gate and the ready mark beside the database: a writer refuses a folder
  // that already holds other files.
  const auto db = dir.path() / "db";
  const auto ready = dir.path() / "ready";
  const auto gate = dir.path() / "gate";
  std::filesystem::create_directories(gate);
  const pid_t child = spawnIngest(db, -1, 0, ready, gate);
  int childStatus = 0;
  while (!std::filesystem::exists(ready)) {
    if (waitpid(child, &childStatus, WNOHANG) == child) FAIL("the ingest died before starting");
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  std::optional<Database> reader;
  std::string openError;
  std::set<GameId> batchCounts;
  int marked = 0;  // gated batches marked seen
  for (bool running = true; running;) {
    running = waitpid(child, &childStatus, WNOHANG) == 0;
    if (!reader) {
      try {
        reader.emplace(db, DatabaseOptions{.access = Access::ReadOnly});
      } catch (const std::exception& e) {
        openError = e.what();
        continue;  // the writer has not created both stores yet
      }
    }
    try {
      const GameId last = viewWholeBatches(*reader);
      batchCounts.insert(last);
      // Each gated batch is marked once, when first seen.
      for (; marked < std::min(int(last / GameId(kBatch)), kGatedBatches); ++marked)
        std::ofstream(seenMark(gate, marked + 1));
    } catch (const std::exception& e) {
      if (running) kill(child, SIGKILL), waitpid(child, nullptr, 0);
      FAIL("the reader failed after seeing " << batchCounts.size() << " batch counts: " << e.what());
    }
  }
  REQUIRE(WIFEXITED(childStatus));
  REQUIRE(WEXITSTATUS(childStatus) == 0);
  INFO("the last failed opening: " << openError);
  REQUIRE(reader);
  INFO("batch counts seen: " << batchCounts.size());
  CHECK(batchCounts.size() > std::size_t(kGatedBatches));  // none, and each gated one
  reader->refresh();
  CHECK(reader->lastGame() == GameId(ingestRecords().size()));
  CHECK(reader->check().ok());
}
