// Kill -9 a real `apiary ingest` at several moments: the database must check clean
// (every game fully present or absent), and running the same ingest again must give
// the database an uninterrupted run gives.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <thread>

#include "support.hpp"

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

// Runs apiary with the arguments; stdout to `out` and stderr to `err` when given.
// Returns the exit code.
int run(const std::vector<std::string>& args, const fs::path& out = "/dev/null", const fs::path& err = "/dev/null") {
  const std::string command = [&] {
    std::string c = APIARY_BINARY;
    for (const auto& a : args) c += " '" + a + "'";
    return c + " > '" + out.string() + "' 2> '" + err.string() + "'";
  }();
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// Starts an ingest in a child process and SIGKILLs it after `delay`.
void killIngestAfter(const fs::path& db, const fs::path& input, std::chrono::milliseconds delay) {
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    freopen("/dev/null", "w", stdout);
    freopen("/dev/null", "w", stderr);
    execl(APIARY_BINARY, APIARY_BINARY, "--db", db.c_str(), "ingest", "--batch-games", "150", "--jobs", "2",
          input.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  std::this_thread::sleep_for(delay);
  kill(child, SIGKILL);
  int status = 0;
  waitpid(child, &status, 0);
}

nlohmann::json info(const fs::path& db) {
  const fs::path out = db.string() + ".info.json";
  REQUIRE(run({"--db", db.string(), "info", "--json"}, out) == 0);
  std::ifstream in(out);
  return nlohmann::json::parse(in);
}

// Kills an ingest of `input` after `delay`: what is there is whole batches and
// consistent, and the same ingest again completes it to `expected`. Returns the games
// the killed ingest had kept (-1: none, the database not created yet).
int killAndRecover(const fs::path& db, const fs::path& input, std::chrono::milliseconds delay,
                   const nlohmann::json& expected) {
  killIngestAfter(db, input, delay);
  INFO("killed after " << delay.count() << " ms");
  // Whatever was interrupted, what is there is whole and consistent; a kill
  // before the first batch leaves a database that says it is being created, or,
  // killed sooner, a folder with nothing in it yet.
  const fs::path said = db.string() + ".check.txt";
  const int checked = fs::exists(db) ? run({"--db", db.string(), "check", "--full"}, "/dev/null", said) : 0;
  int kept = -1;
  if (checked == 2) {
    std::ifstream in(said);
    const std::string message{std::istreambuf_iterator<char>(in), {}};
    INFO(message);
    const bool empty = fs::is_empty(db) && message.find("no apiary database") != std::string::npos;
    CHECK((empty || message.find("being created") != std::string::npos));
    CHECK((empty || message.find("if that ingest stopped, run it again") != std::string::npos));
  } else if (fs::exists(db)) {
    CHECK(checked == 0);
    kept = info(db)["games"].get<int>();
    CHECK(kept % 150 == 0);  // whole batches only
  }
  // The same ingest again completes it.
  CHECK(run({"--db", db.string(), "ingest", "--batch-games", "150", input.string()}) == 0);
  const auto after = info(db);
  CHECK(after["games"] == expected["games"]);
  CHECK(after["positions"] == expected["positions"]);
  CHECK(after["postings"] == expected["postings"]);
  CHECK(run({"--db", db.string(), "check", "--full"}) == 0);
  return kept;
}

// Kills an ingest of `input` (3,000 games, batches of 150) at five moments spread
// over an uninterrupted run's time, then, if none of them landed mid-ingest (a
// loaded machine runs the killed ingests slower or faster than the reference),
// at moments bisected between the latest too early and the earliest too late.
void checkKilledIngestsRecover(const fs::path& dir, const fs::path& input) {
  const fs::path reference = dir / "reference.db";
  const auto start = Clock::now();
  REQUIRE(run({"--db", reference.string(), "ingest", "--batch-games", "150", input.string()}) == 0);
  const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start);
  const auto expected = info(reference);
  REQUIRE(expected["games"] == 3000);

  int killed = 0, partial = 0;
  double early = 0, late = 4;  // fractions of `took`
  const auto killAt = [&](double fraction) {
    const fs::path db = dir / ("killed-" + std::to_string(killed++) + ".db");
    INFO("killed after " << fraction << " of " << took.count() << " ms");
    const int kept = killAndRecover(db, input, std::chrono::milliseconds(int64_t(took.count() * fraction)), expected);
    partial += kept > 0 && kept < 3000;
    if (kept <= 0) early = std::max(early, fraction);
    if (kept >= 3000) late = std::min(late, fraction);
  };
  for (double fraction : {0.1, 0.3, 0.5, 0.7, 0.9}) killAt(fraction);
  for (int extra = 0; partial == 0 && extra < 6; ++extra) killAt((early + late) / 2);
  // The kills really landed mid-ingest.
  CHECK(partial >= 1);
}

}  // namespace

TEST_CASE("an ingest killed at any moment recovers and completes to the same database", "[cli][crash]") {
  const apiary::test::TempDir scratch("apiary-crash-test");
  const fs::path& dir = scratch.path;
  const fs::path input = dir / "games";
  REQUIRE(run({"generate", "--games", "3000", "--seed", "99", "-o", input.string()}) == 0);
  checkKilledIngestsRecover(dir, input);
}

TEST_CASE("an ingest of one big file commits batches inside it: killed, it keeps whole batches and completes",
          "[cli][crash]") {
  const apiary::test::TempDir scratch("apiary-crash-file-test");
  const fs::path& dir = scratch.path;
  const fs::path input = dir / "games.pgn";
  REQUIRE(run({"generate", "--games", "3000", "--seed", "98"}, input) == 0);
  checkKilledIngestsRecover(dir, input);
}
