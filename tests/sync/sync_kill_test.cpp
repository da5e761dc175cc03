// kill -9 of a real `apiary sync` during a download and during an ingest: the next
// run ends with the database an uninterrupted run makes, and no partial download
// is ever ingested.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#include <catch2/catch.hpp>

#include <chrono>
#include <thread>

#include "sync_support.hpp"

using namespace apiary;
using namespace apiary::test;
namespace fs = std::filesystem;

namespace {

// `apiary sync` started in the background, its output dropped.
pid_t startSync(const SyncMirror& m, const std::string& db, const std::string& extra) {
  const std::string command = std::string(APIARY_BINARY) + " " + m.syncArgs(db) + " " + extra;
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    const int null = ::open("/dev/null", O_WRONLY);
    dup2(null, STDOUT_FILENO);
    dup2(null, STDERR_FILENO);
    execl("/bin/sh", "sh", "-c", ("exec " + command).c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  return child;
}

// Waits (up to 30 s) until the server has been asked for `files` game files.
bool awaitFileRequests(const MirrorServer& server, std::size_t files) {
  const auto giveUp = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (fileRequests(server).size() < files && std::chrono::steady_clock::now() < giveUp)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  return fileRequests(server).size() >= files;
}

void killNow(pid_t child) {
  ::kill(child, SIGKILL);
  int status = 0;
  REQUIRE(waitpid(child, &status, 0) == child);
}

}  // namespace

TEST_CASE("kill -9 during a download: the next run ends with the same database", "[sync][slow]") {
  SyncMirror m("apiary-sync-kill-download");
  if (!m.build()) return;
  runJson(m.syncArgs(m.db("whole")) + " --json");
  const nlohmann::json expected = databaseView(m.db("whole"));
  for (std::size_t target : {std::size_t(0), std::size_t(3), m.layout.zips.size() - 1}) {
    DYNAMIC_SECTION("killed while zip " << target << " is downloading") {
      const std::string db = m.db("killed-" + std::to_string(target));
      // The zip's answer stops after its first bytes for as long as the test needs.
      m.server->addFaults(MirrorServer::kPrefix + m.layout.zips[target], {Fault::stalled(std::chrono::seconds(20))});
      m.server->clearLog();
      const pid_t child = startSync(m, db, "--batch-games 1");
      REQUIRE(awaitFileRequests(*m.server, target + 1));
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      killNow(child);
      const nlohmann::json again = runJson(m.syncArgs(db) + " --json");
      CHECK(again["failed"] == 0);
      CHECK(databaseView(db) == expected);
    }
  }
}

TEST_CASE("kill -9 during an ingest, at several moments: the next run ends with the same database", "[sync][slow]") {
  SyncMirror m("apiary-sync-kill-ingest");
  if (!m.build()) return;
  runJson(m.syncArgs(m.db("whole")) + " --json");
  const nlohmann::json expected = databaseView(m.db("whole"));
  const std::size_t files = m.layout.zips.size() + m.layout.looseGames.size();
  // After the k-th file's request the files before it are being ingested, a batch
  // per game (--batch-games 1), while the next ones download.
  for (std::size_t k = 1; k <= files; k += 2) {
    for (int extraMs : {0, 20}) {
      DYNAMIC_SECTION("killed " << extraMs << " ms after request " << k) {
        const std::string db = m.db("killed-" + std::to_string(k) + "-" + std::to_string(extraMs));
        m.server->clearLog();
        const pid_t child = startSync(m, db, "--batch-games 1");
        REQUIRE(awaitFileRequests(*m.server, k));
        std::this_thread::sleep_for(std::chrono::milliseconds(extraMs));
        killNow(child);
        runJson(m.syncArgs(db) + " --json");
        CHECK(databaseView(db) == expected);
        // And a third run has nothing left to do.
        m.server->clearLog();
        const nlohmann::json third = runJson(m.syncArgs(db) + " --json");
        CHECK(third["unchanged"] == files);
        CHECK(fileRequests(*m.server).empty());
      }
    }
  }
}
