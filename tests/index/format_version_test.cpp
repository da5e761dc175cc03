// A database written in another index format is refused, by the writer, by readers
// and by the command line, with a message that says what to do; never misread.
#include <catch2/catch.hpp>

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

  setFormat(dir.path(), index::kIndexFormatVersion - 1);
  const std::string expected = "index format " + std::to_string(index::kIndexFormatVersion - 1) +
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
