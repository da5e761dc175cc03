// A real full disk: `apiary ingest` into a 3 MiB tmpfs, mounted in a mount namespace
// of its own (needs the right to mount, as root in a container; skipped with a
// message elsewhere). The ingest must stop with the plain message and exit 2, and
// what it kept must be whole batches that check clean, also after a second try.
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>

#include "support.hpp"

namespace fs = std::filesystem;

namespace {

std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }

std::string readText(const fs::path& p) {
  std::ifstream in(p);
  return {std::istreambuf_iterator<char>(in), {}};
}

int exitCodeOf(int status) { return WIFEXITED(status) ? WEXITSTATUS(status) : -1; }

// The script runs inside the new mount namespace: the tmpfs and the database live
// only there, so everything the test reads afterwards is written outside it.
std::string scriptFor(const fs::path& dir, const fs::path& input, int batchGames) {
  const std::string apiary = std::string("'") + APIARY_BINARY + "'";
  const std::string db = quoted(dir / "full" / "db");
  const auto ingest = [&](const std::string& n) {
    return apiary + " --db " + db + " ingest --batch-games " + std::to_string(batchGames) + " " + quoted(input) +
           " > /dev/null 2> " + quoted(dir / ("ingest" + n + ".err")) + "; echo $? > " +
           quoted(dir / ("ingest" + n + ".rc")) + "; ";
  };
  return "mount --make-rprivate / && mount -t tmpfs -o size=3m tmpfs " + quoted(dir / "full") + " || exit 77; " +
         ingest("1") + ingest("2") + apiary + " --db " + db + " check --full > " + quoted(dir / "check.out") +
         " 2>&1; echo $? > " + quoted(dir / "check.rc") + "; " + apiary + " --db " + db + " info --json > " +
         quoted(dir / "info.json") + "; exit 0";
}

}  // namespace

TEST_CASE("an ingest that fills the disk stops with a plain message and keeps whole, clean batches", "[cli]") {
  const apiary::test::TempDir scratch("apiary-disk-full");
  const fs::path& dir = scratch.path;
  fs::create_directories(dir / "full");
  const fs::path input = dir / "games.pgn";
  const int batchGames = 200;
  REQUIRE(exitCodeOf(std::system(
              (std::string("'") + APIARY_BINARY + "' generate --games 3000 --seed 3 > " + quoted(input)).c_str())) ==
          0);

  const fs::path script = dir / "run.sh";
  std::ofstream(script) << scriptFor(dir, input, batchGames) << "\n";
  const int status = exitCodeOf(std::system(("unshare --mount sh " + quoted(script) + " 2> /dev/null").c_str()));
  if (status != 0) {
    WARN("apiary-disk-full-skip: no right to mount a tmpfs in a mount namespace here (status " << status << ")");
    return;
  }
  for (const char* n : {"1", "2"}) {
    INFO("ingest " << n);
    CHECK(readText(dir / (std::string("ingest") + n + ".rc")) == "2\n");
    CHECK(readText(dir / (std::string("ingest") + n + ".err")).find("disk full: nothing of the last batch was kept") !=
          std::string::npos);
  }
  INFO(readText(dir / "check.out"));
  CHECK(readText(dir / "check.rc") == "0\n");
  const auto info = nlohmann::json::parse(readText(dir / "info.json"));
  const int games = info["games"];
  CHECK(games > 0);
  CHECK(games < 3000);
  CHECK(games % batchGames == 0);
}
