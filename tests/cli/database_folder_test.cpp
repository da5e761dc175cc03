// What `--db` names, as a user may get it wrong or break it: a database whose
// catalogue, CURRENT or MANIFEST was deleted or zeroed (refused by every command but
// check, which reports it), a folder that holds other files, an empty database
// served, a --jobs no machine has.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include <catch2/catch.hpp>
#include "run_apiary.hpp"
#include "support.hpp"

namespace fs = std::filesystem;
using apiary::test::Run;
using apiary::test::runApiary;

namespace {

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Overwrites the file with as many zero bytes.
void zero(const fs::path& file) {
  const auto size = fs::file_size(file);
  std::ofstream(file, std::ios::binary | std::ios::trunc) << std::string(size, '\0');
}

fs::path manifestOf(const fs::path& db) {
  for (const auto& entry : fs::directory_iterator(db / "positions"))
    if (entry.path().filename().string().rfind("MANIFEST-", 0) == 0) return entry.path();
  FAIL("no MANIFEST in " << db);
  return {};
}

// A scratch folder with five generated games in g.pgn and a database of them.
struct Scratch {
  apiary::test::TempDir dir{"apiary-database-folder"};
  fs::path games = dir.path / "g.pgn", db = dir.path / "db";
  std::string at = "--db " + db.string() + " ";

  Scratch() {
    REQUIRE(runApiary("generate --games 5 --seed 3 > " + games.string()).code == 0);
    REQUIRE(runApiary(at + "ingest " + games.string()).code == 0);
  }
};

}  // namespace

TEST_CASE("ingest refuses a database whose catalogue was deleted instead of starting it again", "[cli][db]") {
  const Scratch s;
  fs::remove(s.db / "catalogue.sqlite");
  const Run ingest = runApiary(s.at + "ingest " + s.games.string(), true);
  CHECK(ingest.code == 2);
  CHECK(has(ingest.out, "is damaged: catalogue.sqlite is missing; apiary check tells more"));
  CHECK_FALSE(fs::exists(s.db / "catalogue.sqlite"));
  CHECK(runApiary(s.at + "info").code == 2);
  CHECK(runApiary(s.at + "explore").code == 2);
}

TEST_CASE("check opens what it can of a damaged database and reports the damage", "[cli][db]") {
  const std::vector<std::pair<std::string, std::function<void(const fs::path&)>>> damages{
      {"catalogue.sqlite is missing", [](const fs::path& db) { fs::remove(db / "catalogue.sqlite"); }},
      {"catalogue.sqlite does not open", [](const fs::path& db) { zero(db / "catalogue.sqlite"); }},
      {"positions/CURRENT is missing", [](const fs::path& db) { fs::remove(db / "positions" / "CURRENT"); }},
      {"the positions do not open", [](const fs::path& db) { zero(db / "positions" / "CURRENT"); }},
      {"positions/MANIFEST-", [](const fs::path& db) { fs::remove(manifestOf(db)); }},
      {"the positions do not open", [](const fs::path& db) { zero(manifestOf(db)); }},
  };
  for (const auto& [problem, damage] : damages) {
    INFO(problem);
    const Scratch s;
    damage(s.db);
    const Run check = runApiary(s.at + "check", true);
    CHECK(check.code == 1);
    CHECK(has(check.out, "problem: " + problem));
    CHECK(has(check.out, "NOT OK"));
    CHECK_FALSE(has(check.out, "apiary check tells more"));
    const Run info = runApiary(s.at + "info", true);  // every other command still refuses it
    CHECK(info.code == 2);
    CHECK(has(info.out, "apiary check tells more"));
  }
}

TEST_CASE("a folder holding other files is not made a database, a new or empty one is", "[cli][db]") {
  const Scratch s;
  const fs::path other = s.dir.path / "other";
  fs::create_directories(other);
  std::ofstream(other / "notes.txt") << "my notes\n";
  const Run refused = runApiary("--db " + other.string() + " ingest " + s.games.string(), true);
  CHECK(refused.code == 2);
  CHECK(has(refused.out, "holds other files and no apiary database"));
  CHECK(std::distance(fs::directory_iterator(other), fs::directory_iterator()) == 1);  // notes.txt alone
  const Run file = runApiary("--db " + s.games.string() + " ingest " + s.games.string(), true);
  CHECK(file.code == 2);
  CHECK(has(file.out, "is a file, not a database folder"));

  const fs::path empty = s.dir.path / "empty";
  fs::create_directories(empty);
  CHECK(runApiary("--db " + empty.string() + " ingest " + s.games.string()).code == 0);
  CHECK(runApiary("--db " + (s.dir.path / "new" / "db").string() + " ingest " + s.games.string()).code == 0);
  const fs::path botsFirst = s.dir.path / "bots-first";  // a user's bot list may come before the games
  fs::create_directories(botsFirst);
  std::ofstream(botsFirst / "bots.txt") << "MyBot\n";
  CHECK(runApiary("--db " + botsFirst.string() + " ingest " + s.games.string()).code == 0);
  CHECK(runApiary(s.at + "ingest " + s.games.string()).code == 0);  // a database folder is its own
}

TEST_CASE("ingest --jobs past 256 is a usage error, and 256 works", "[cli][db]") {
  const Scratch s;
  const Run many = runApiary(s.at + "ingest --jobs 100000 " + s.games.string(), true);
  CHECK(many.code == 2);
  CHECK(has(many.out, "--jobs"));
  CHECK(has(many.out, "256"));
  CHECK(runApiary("--db " + (s.dir.path / "db256").string() + " ingest --jobs 256 " + s.games.string()).code == 0);
}

TEST_CASE("serve says how to fill a database that holds no games, or one that is not there", "[cli][db]") {
  const apiary::test::TempDir dir("apiary-serve-empty");
  const fs::path none = dir.path / "none.pgn";
  std::ofstream{none};
  const std::string at = "--db " + (dir.path / "db").string() + " ";
  REQUIRE(runApiary(at + "ingest " + none.string()).code == 1);  // the file holds no games
  // Served for three seconds, then stopped as Ctrl-C stops it.
  const Run empty = runApiary(at + "serve --port 0 2>&1 & sleep 3; kill -INT $!; wait $!", true);
  CHECK(empty.code == 0);
  CHECK(has(empty.out, "holds no games yet; add some with: apiary --db "));
  CHECK(has(empty.out, "ingest FILE..."));
  const Run missing = runApiary("--db " + (dir.path / "missing").string() + " serve --port 0", true);
  CHECK(missing.code == 2);
  CHECK(has(missing.out, "no apiary database in"));
  CHECK(has(missing.out, "(apiary ingest makes one)"));
}
