// A database written in another index format is refused, by the writer, by readers
// and by the command line, with a message that says what to do; never misread. One
// of format 11, which named the notation column `format`, is renamed in place.
#include <catch2/catch.hpp>

#include <fstream>
#include <nlohmann/json.hpp>

#include "index/catalogue/catalogue_schema.hpp"
#include "index/catalogue/sqlite.hpp"
#include "index_support.hpp"
#include "run_apiary.hpp"

using namespace apiary;

namespace {

void setFormat(const std::filesystem::path& dir, int version) {
  index::Connection db(dir / "catalogue.sqlite", false);
  db.exec(("UPDATE schema_version SET version = " + std::to_string(version)).c_str());
}

std::string openError(const std::filesystem::path& dir, index::Access access) {
  try {
    index::Database db(dir, {.access = access});
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("a database in another index format is refused with what to do, never read") {
  test::ScratchDir dir("format");
  {
    index::Database db(dir.path());
    db.addGames(test::recordsOf(test::generateGames(5, 20)));
  }
  // This build's own format opens both ways.
  CHECK(openError(dir.path(), index::Access::ReadWrite).empty());
  CHECK(openError(dir.path(), index::Access::ReadOnly).empty());

  // Format 11 is upgraded in place (below): the one before it is refused.
  setFormat(dir.path(), index::kUpgradedIndexFormat - 1);
  const std::string expected = "index format " + std::to_string(index::kUpgradedIndexFormat - 1) +
                               " and this build reads format " + std::to_string(index::kIndexFormatVersion) +
                               ": ingest the games again into a new database";
  CHECK_THAT(openError(dir.path(), index::Access::ReadWrite), Catch::Contains(expected));
  CHECK_THAT(openError(dir.path(), index::Access::ReadOnly), Catch::Contains(expected));
  // The command line says so and exits 2 (an unusable database), for reads and writes.
  CHECK(test::runApiary("info --db " + dir.path().string()).code == 2);
  CHECK(test::runApiary("explore --db " + dir.path().string()).code == 2);

  // Refusing changed nothing: set back, the database opens with its games.
  setFormat(dir.path(), index::kIndexFormatVersion);
  index::Database db(dir.path(), {.access = index::Access::ReadOnly});
  CHECK(db.lastGame() == 20);
}

namespace {

// What format 11 wrote, from a database of this build: the same tables, the
// notation's column called `format`.
void writeFormat11(const std::filesystem::path& dir) {
  index::Connection db(dir / "catalogue.sqlite", false);
  db.exec("ALTER TABLE games RENAME COLUMN notation TO format");
  db.exec("ALTER TABLE rejected RENAME COLUMN notation TO format");
  setFormat(dir, 11);
}

// A command's JSON without its timing.
nlohmann::json answered(const std::string& args) {
  auto json = nlohmann::json::parse(test::runApiary(args).out);
  json.erase("elapsed_ms");
  return json;
}

int64_t storedFormat(const std::filesystem::path& dir) {
  index::Connection db(dir / "catalogue.sqlite", true);
  index::Statement version(db, "SELECT version FROM schema_version");
  REQUIRE(version.step());
  return version.integer(0);
}

}  // namespace

TEST_CASE("a database of format 11 opens and answers, its notation column renamed in place") {
  REQUIRE(index::kUpgradedIndexFormat == 11);
  REQUIRE(index::kIndexFormatVersion == 12);
  test::ScratchDir dir("format11");
  std::filesystem::create_directories(dir.path());
  const std::string games = (dir.path() / "games.pgn").string();
  REQUIRE(test::runApiary("generate --games 4 --seed 9 > '" + games + "'").code == 0);
  std::ofstream(dir.path() / "bad.pgn") << "[GameType \"Base\"]\n\n1. wQ\n2. bQ wQ-\n3. wZ9 bQ-\n";
  for (const bool reader : {true, false}) {
    DYNAMIC_SECTION((reader ? "opened by a reader first" : "opened by a writer first")) {
      const auto db = dir.path() / (reader ? "read" : "write");
      const std::string opt = "--db '" + db.string() + "' ";
      REQUIRE(test::runApiary(opt + "ingest '" + games + "' '" + (dir.path() / "bad.pgn").string() + "'").code == 1);
      const nlohmann::json before = answered(opt + "games --json");
      const nlohmann::json rejectedBefore = answered(opt + "rejected --json");
      REQUIRE(rejectedBefore["rejected"].size() == 1);
      writeFormat11(db);
      REQUIRE(storedFormat(db) == 11);
      if (reader) {
        const auto info = test::runApiary(opt + "info --json");
        REQUIRE(info.code == 0);
        CHECK(nlohmann::json::parse(info.out)["notations"] == nlohmann::json{{"uhp", 4}});
      } else {
        CHECK(test::runApiary(opt + "ingest '" + games + "'").code == 0);  // all four already present
      }
      CHECK(storedFormat(db) == 12);
      CHECK(answered(opt + "games --json") == before);
      CHECK(answered(opt + "rejected --json") == rejectedBefore);
      CHECK(test::runApiary(opt + "check").code == 0);
    }
  }
}
