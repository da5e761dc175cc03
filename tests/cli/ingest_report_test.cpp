// What `apiary ingest` reports of a folder holding a good game, a bad one, one read
// with a repair and a file that is no game: the --json summary (its entries passed
// through a temporary file each, then written around the totals) and the same as
// text lines on standard error.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "run_apiary.hpp"
#include "support.hpp"

namespace fs = std::filesystem;
using apiary::test::TempDir;

namespace {

fs::path writeInputs(const fs::path& dir) {
  const fs::path in = dir / "in";
  fs::create_directories(in);
  std::ofstream(in / "bad.txt") << "Base;InProgress;White[2];wS1;bG1 -wS1;wQ zz\n";
  std::ofstream(in / "fixed.txt") << "Base;InProgress;White[3];wS1;bG1 -bS1;wQ wS1-\n";  // colour flipped
  std::ofstream(in / "readme.txt") << "no games here\n";
  REQUIRE(apiary::test::runApiary("generate --games 1 --seed 3 > " + (in / "good.pgn").string()).code == 0);
  return in;
}

}  // namespace

TEST_CASE("ingest --json reports every rejected game, repair and skipped file, with the totals", "[cli]") {
  TempDir dir("apiary-ingest-report-json");
  const fs::path in = writeInputs(dir.path);
  const auto run =
      apiary::test::runApiary("--db " + (dir.path / "db").string() + " ingest --lenient --json " + in.string());
  CHECK(run.code == 1);
  const auto summary = nlohmann::json::parse(run.out);
  CHECK(summary["added"] == 2);
  CHECK(summary["rejected"] == 1);
  CHECK(summary["repaired"] == 1);
  CHECK(summary["files"] == 4);
  CHECK(summary["skipped"] == 0);
  CHECK(summary["seconds"].is_number());
  REQUIRE(summary["errors"].size() == 1);
  CHECK(summary["errors"][0] == nlohmann::json{{"file", (in / "bad.txt").string()},
                                               {"line", 1},
                                               {"column", 42},
                                               {"ply", 3},
                                               {"message", "bad reference 'zz'"}});
  REQUIRE(summary["repairs"].size() == 1);
  CHECK(summary["repairs"][0]["file"] == (in / "fixed.txt").string());
  CHECK(summary["repairs"][0]["ply"] == 2);
  CHECK(summary["repairs"][0]["message"].get<std::string>().find("colour letters flipped") != std::string::npos);
  REQUIRE(summary["skipped_files"].size() == 1);
  CHECK(summary["skipped_files"][0]["file"] == (in / "readme.txt").string());
  // The same totals as the summary nlohmann would print whole: no entry, no comma.
  const auto again =
      apiary::test::runApiary("--db " + (dir.path / "db").string() + " ingest --json " + (in / "good.pgn").string());
  CHECK(again.out ==
        "{\"added\":0,\"errors\":[],\"files\":1,\"rejected\":0,\"repaired\":0,\"repairs\":[],\"seconds\":" +
            nlohmann::json::parse(again.out)["seconds"].dump() + ",\"skipped\":1,\"skipped_files\":[]}\n");
}

TEST_CASE("ingest reports each rejected game, repair and skipped file as a line on standard error", "[cli]") {
  TempDir dir("apiary-ingest-report-text");
  const fs::path in = writeInputs(dir.path);
  // Standard error alone, through a pipe (runApiary drops the last command's).
  const auto run = apiary::test::runApiary("--db " + (dir.path / "db").string() + " ingest --lenient " + in.string() +
                                           " 2>&1 >/dev/null | cat; exit ${PIPESTATUS[0]}");
  CHECK(run.code == 1);
  // In input order: the folder's files sorted by name.
  CHECK(run.out == (in / "bad.txt").string() + ":1:42: ply 3: bad reference 'zz'\n" + (in / "fixed.txt").string() +
                       ":1:30: ply 2: 'bG1 -bS1': repaired: colour letters flipped, read as 'bG1 -wS1' -> bG1 -wS1\n" +
                       (in / "readme.txt").string() + ": skipped: not a Hive game file in any notation apiary reads\n");
}
