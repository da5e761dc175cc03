// What ingest reads of a game's kind (archive_marks.hpp) and who counts as a bot or
// a guest (known_accounts.hpp): the compiled-in list, a database folder's bots.txt
// and $APIARY_BOTS.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>

#include "index/catalogue/archive_marks.hpp"
#include "index/catalogue/known_accounts.hpp"
#include "support.hpp"

using namespace apiary;

namespace {

index::GameMeta metaOf(std::string source, index::Tags tags) {
  index::GameMeta meta;
  meta.source = std::move(source);
  meta.tags = std::move(tags);
  return meta;
}

// Sets an environment variable for one scope.
struct ScopedVariable {
  ScopedVariable(const char* name, const char* value) : name_(name) { setenv(name, value, 1); }
  ~ScopedVariable() { unsetenv(name_); }
  const char* name_;
};

}  // namespace

TEST_CASE("a T! file name or game name marks a tournament game, U! and others do not") {
  CHECK(index::archiveMarks(metaOf("/x/T!HV-a-b-2020-12-08-2330.sgf", {})).tournament);
  CHECK(index::archiveMarks(metaOf("games-Dec-9-2020.zip/T!HV-a-b-2020-12-08-2330.sgf", {})).tournament);
  CHECK_FALSE(index::archiveMarks(metaOf("/x/U!HV-a-b-2013-04-20-0054.sgf", {})).tournament);
  CHECK_FALSE(index::archiveMarks(metaOf("/x/HV-a-b-2018-10-28-2007.sgf", {})).tournament);
  // A folder named T!... does not make its games tournament games.
  CHECK_FALSE(index::archiveMarks(metaOf("/T!folder/HV-a-b.sgf", {})).tournament);
  CHECK(index::archiveMarks(metaOf("all.sgf", {{"GN", "T!HV-a-b-2020-12-08-2330"}})).tournament);
  CHECK(index::archiveMarks(metaOf("all.pgn", {{"SgfGameName", "T!HV-a-b"}})).tournament);
  CHECK_FALSE(index::archiveMarks(metaOf("all.sgf", {{"GN", "U!HV-a-b"}})).tournament);
}

TEST_CASE("ratings come from PGN Elo tags and boardspace rankings, unreadable ones are unknown") {
  const auto pgn = index::archiveMarks(metaOf("a.pgn", {{"WhiteElo", "1820"}, {"BlackElo", "?"}}));
  CHECK(pgn.whiteRating == 1820);
  CHECK_FALSE(pgn.blackRating);
  const auto sgf = index::archiveMarks(metaOf("a.sgf", {{"P0 ranking", "1325"}, {"P1 ranking", "1500.25"}}));
  CHECK(sgf.whiteRating == 1325);
  CHECK(sgf.blackRating == 1500);
  CHECK(index::ratingOf(" 1600 ") == 1600);
  for (const char* bad : {"", "-", "1e3", "12a", "-1200", "9999999", "1200.x"}) {
    INFO(bad);
    CHECK_FALSE(index::ratingOf(bad));
  }
}

TEST_CASE("the time control is kept as written: PGN TimeControl, boardspace TC") {
  const auto pgn = index::archiveMarks(metaOf("a.pgn", {{"TimeControl", "600+5"}}));
  REQUIRE(pgn.timeControl);
  CHECK(*pgn.timeControl == "600+5");
  const auto sgf = index::archiveMarks(metaOf("a.sgf", {{"TC", "None"}}));
  REQUIRE(sgf.timeControl);
  CHECK(*sgf.timeControl == "None");
  CHECK_FALSE(index::archiveMarks(metaOf("a.pgn", {})).timeControl);
}

TEST_CASE("boardspace's robots, hivegame.com's bots and the guest are known in any letter case") {
  const index::KnownAccounts known;
  for (const char* bot : {"Dumbot", "DUMBOT", "weakbot", "SmartBot", "BestBot", "nokamute-hard"}) {
    INFO(bot);
    CHECK(known.isBot(bot));
  }
  CHECK_FALSE(known.isBot("Jewdoka"));
  CHECK_FALSE(known.isBot("guest"));
  CHECK(known.isGuest("guest"));
  CHECK(known.isGuest("Guest"));
  CHECK_FALSE(known.isGuest("guest2"));
  CHECK(known.bots() == index::boardspaceBots().size() + index::hivegameBots().size());
}

TEST_CASE("a database folder's bots.txt and $APIARY_BOTS add bots") {
  const test::TempDir dir("apiary-known-accounts");
  CHECK_FALSE(index::KnownAccounts::forDatabase(dir.path).isBot("Abbo69"));
  std::ofstream(dir.path / "bots.txt") << "# house bots\n  Abbo69  \n\nmy bot # the one upstairs\r\n";
  {
    const auto known = index::KnownAccounts::forDatabase(dir.path);
    CHECK(known.isBot("abbo69"));
    CHECK(known.isBot("My Bot"));
    CHECK(known.isBot("Dumbot"));
    CHECK_FALSE(known.isBot("# house bots"));
    CHECK_FALSE(known.isBot("jdokakill"));
  }
  const ScopedVariable bots("APIARY_BOTS", "jdokakill, Quodlibet");
  const auto known = index::KnownAccounts::forDatabase(dir.path);
  CHECK(known.isBot("jdokakill"));
  CHECK(known.isBot("quodlibet"));
  CHECK(known.isBot("abbo69"));
}

TEST_CASE("a bots.txt that is no list of names is refused with its name") {
  const test::TempDir dir("apiary-known-accounts-big");
  std::ofstream(dir.path / "bots.txt") << std::string((1 << 20) + 1, 'x');
  CHECK_THROWS_WITH(index::KnownAccounts::forDatabase(dir.path), Catch::Contains("bots.txt: larger than 1 MiB"));
  std::filesystem::remove(dir.path / "bots.txt");
  std::filesystem::create_directory(dir.path / "bots.txt");  // not a file
  CHECK_THROWS_WITH(index::KnownAccounts::forDatabase(dir.path), Catch::Contains("bots.txt"));
}
