// A real `apiary ingest` on big, endless and hostile input: it refuses what is over
// a cap with one short error, ends, and its peak resident memory stays far below
// what reading such input whole took (a 10 MB line 815 MB, a zip of 300 MB of SGF
// comments 12 GB, /dev/zero until killed).

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "run_apiary.hpp"
#include "run_bounded.hpp"
#include "support.hpp"

namespace fs = std::filesystem;
using apiary::test::Finished;
using apiary::test::runBounded;
using apiary::test::TempDir;

namespace {

// Far below what the input took when read whole, far above what apiary needs
// (a sanitizer build included).
constexpr long kBoundKiB = 300 * 1024;

}  // namespace

TEST_CASE("ingest refuses a 10 MB line with a short error, in bounded memory, and stores the games around it",
          "[cli]") {
  TempDir dir("apiary-bounds-line");
  const fs::path games = dir.path / "games.pgn";
  REQUIRE(std::system((std::string(APIARY_BINARY) + " generate --games 2 --seed 4 > " + games.string()).c_str()) == 0);
  const std::string two = apiary::test::readFile(games);
  std::ofstream(games, std::ios::trunc) << two << "[GameType \"Base\"]\n\n1. wS1\n2. " << std::string(10 << 20, 'x')
                                        << "\n\n"
                                        << two;
  const Finished run = runBounded({"--db", (dir.path / "db").string(), "ingest", games.string()}, dir.path);
  CHECK(run.code == 1);
  CHECK(run.peakKiB < kBoundKiB);
  CHECK(run.errors.find("cap on a line") != std::string::npos);
  CHECK(run.errors.size() < 200);  // one short line, the text quoted nowhere
  const auto info = apiary::test::runApiary("--db " + (dir.path / "db").string() + " info --json");
  CHECK(nlohmann::json::parse(info.out)["games"] == 2);
}

TEST_CASE("ingest refuses an archive entry of 100 MB of SGF comments, in bounded memory", "[cli]") {
  if (std::system("command -v zip >/dev/null") != 0) {
    WARN("the zip command is not installed: skipped");
    return;
  }
  TempDir dir("apiary-bounds-zip");
  const fs::path sgf = dir.path / "big.sgf";
  {
    std::ofstream out(sgf);
    out << "(;GM[27]SU[hive]\n; P0[0 Start P0]\n";
    const std::string comments(1 << 20, 'C');
    for (int i = 0; i < 100; ++i) out << "C[" << comments << "]";
    out << ")\n";
  }
  REQUIRE(std::system(("cd " + dir.path.string() + " && zip -q day.zip big.sgf && rm big.sgf").c_str()) == 0);
  const Finished run =
      runBounded({"--db", (dir.path / "db").string(), "ingest", (dir.path / "day.zip").string()}, dir.path);
  CHECK(run.code == 1);
  CHECK(run.peakKiB < kBoundKiB);
  CHECK(run.errors.find("big.sgf inflates more than 100 times") != std::string::npos);
}

TEST_CASE("ingest of an endless input ends: /dev/zero through a link is not a file, through stdin it is cut off",
          "[cli]") {
  TempDir dir("apiary-bounds-endless");
  fs::create_symlink("/dev/zero", dir.path / "x.pgn");
  Finished run = runBounded({"--db", (dir.path / "db").string(), "ingest", (dir.path / "x.pgn").string()}, dir.path,
                            "/dev/null", std::chrono::seconds(30));
  CHECK(run.code == 1);
  CHECK(run.errors.find("not a regular file but a device") != std::string::npos);
  run =
      runBounded({"--db", (dir.path / "db").string(), "ingest", "-"}, dir.path, "/dev/zero", std::chrono::seconds(30));
  CHECK(run.code == 1);
  CHECK(run.peakKiB < kBoundKiB);
  CHECK(run.errors.find("binary data") != std::string::npos);
}

TEST_CASE("ingest keeps its memory on a deeply nested SGF file within the cap on a game", "[cli]") {
  TempDir dir("apiary-bounds-nested");
  std::ofstream nested(dir.path / "nested.sgf");
  nested << "(;GM[27]SU[hive]\n";
  for (int line = 0; line < 200; ++line) nested << std::string(1000, '(') << "\n";
  nested.close();
  const Finished run =
      runBounded({"--db", (dir.path / "db").string(), "ingest", (dir.path / "nested.sgf").string()}, dir.path);
  CHECK(run.code == 1);
  CHECK(run.peakKiB < kBoundKiB);
  CHECK(!run.errors.empty());
}

TEST_CASE("ingest of a file of 700,000 bad games reports each, and rejected lists them, in bounded memory", "[cli]") {
  TempDir dir("apiary-bounds-bad-games");
  const fs::path bad = dir.path / "bad.txt";
  {
    std::ofstream out(bad);  // GameStrings, one game a line, each with a bad reference at ply 3
    for (int i = 0; i < 700000; ++i) out << "Base;InProgress;White[2];wS1;bG1 -wS1;wQ zz" << i << "\n";
  }
  const Finished run = runBounded({"--db", (dir.path / "db").string(), "ingest", bad.string()}, dir.path);
  CHECK(run.code == 1);
  // Before, every error and every rejected game waited in memory for the end of
  // the input: 371 MB for 600,000 of them.
#ifndef __SANITIZE_ADDRESS__  // the sanitizer's quarantine holds freed memory back
  CHECK(run.peakKiB < kBoundKiB);
#endif
  CHECK(std::count(run.errors.begin(), run.errors.end(), '\n') == 700000);
  CHECK(run.errors.ends_with(bad.string() + ":700000:42: ply 3: bad reference 'zz699999'\n"));
  const auto info = apiary::test::runApiary("--db " + (dir.path / "db").string() + " info --json");
  CHECK(nlohmann::json::parse(info.out)["rejected"] == 700000);
  // Listed, they are printed as each is read (held whole, 600,000 took 830 MB).
#ifndef __SANITIZE_ADDRESS__
  for (const bool json : {false, true}) {
    std::vector<std::string> args{"--db", (dir.path / "db").string(), "rejected"};
    if (json) args.push_back("--json");
    const Finished listed = runBounded(args, dir.path);
    CHECK(listed.code == 0);
    CHECK(listed.peakKiB < kBoundKiB);
  }
#endif
}
