// The archive's filters (--humans, --no-guests, --tournament, --min-rating) on the
// CLI and the API, on boardspace's SGF files (tournament, unranked, bot and guest
// games) and PGN files with Elo tags; the counts each must give are worked out here
// from the files themselves, and a user's bots.txt and $APIARY_BOTS move them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <regex>
#include <set>

#include "query/session.hpp"
#include "run_apiary.hpp"
#include "server/handlers.hpp"
#include "support.hpp"

using namespace apiary;

namespace {

// What the test knows of one stored game, read from its file, not from apiary.
struct Expected {
  std::string white, black;
  std::optional<int> whiteRating, blackRating;
  bool tournament = false;
};

// The bots and the guest among the fixtures' players, as the test knows them.
const std::set<std::string> kTestBots{"dumbot", "weakbot", "nokamute-hard"};

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::optional<std::string> firstMatch(const std::string& text, const std::string& pattern) {
  std::smatch m;
  if (std::regex_search(text, m, std::regex(pattern))) return m[1].str();
  return std::nullopt;
}

Expected fromSgf(const std::filesystem::path& file) {
  const std::string text = test::readFile(file);
  Expected e;
  e.white = firstMatch(text, R"re(P0\[id "([^"]*)"\])re").value_or("");
  e.black = firstMatch(text, R"re(P1\[id "([^"]*)"\])re").value_or("");
  if (auto r = firstMatch(text, R"(P0\[ranking (\d+)\])")) e.whiteRating = std::stoi(*r);
  if (auto r = firstMatch(text, R"(P1\[ranking (\d+)\])")) e.blackRating = std::stoi(*r);
  e.tournament = file.filename().string().starts_with("T!") || text.find("GN[T!") != std::string::npos;
  return e;
}

// PGN games written for the test: one game's moves under these players and tags.
struct PgnGame {
  const char* file;
  const char* white;
  const char* black;
  const char* whiteElo;  // nullptr: no tag
  const char* blackElo;
};
constexpr PgnGame kPgnGames[] = {
    {"T!spring-final.pgn", "alice", "bob", "1800", "1650"},
    {"rated.pgn", "carol", "nokamute-hard", "1500", "1900"},
    {"guest.pgn", "Guest", "dave", "?", "2000"},
    {"club.pgn", "erin", "frank", "1400", "1390"},
};

std::optional<int> eloOf(const char* text) {
  if (!text || !std::isdigit(static_cast<unsigned char>(text[0]))) return std::nullopt;
  return std::stoi(text);
}

void writePgn(const std::filesystem::path& dir, const std::filesystem::path& base, const PgnGame& g) {
  std::ifstream in(base);
  std::ofstream out(dir / g.file);
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("[White ")) {
      out << "[White \"" << g.white << "\"]\n";
      if (g.whiteElo) out << "[WhiteElo \"" << g.whiteElo << "\"]\n";
      out << "[TimeControl \"600+5\"]\n";
    } else if (line.starts_with("[Black ")) {
      out << "[Black \"" << g.black << "\"]\n";
      if (g.blackElo) out << "[BlackElo \"" << g.blackElo << "\"]\n";
    } else {
      out << line << "\n";
    }
  }
}

struct Fixture {
  test::TempDir scratch{"apiary-archive-filters"};
  std::filesystem::path db = scratch.path / "db";
  std::vector<Expected> games;
  bool ready = false;
  Fixture() {
    const auto shared = test::sharedDir();
    if (shared.empty()) return;
    const auto sgf = shared / "games" / "boardspace-sgf";
    for (const auto& entry : std::filesystem::directory_iterator(sgf)) games.push_back(fromSgf(entry.path()));
    const auto pgnDir = scratch.path / "pgn";
    std::filesystem::create_directory(pgnDir);
    const auto base = shared / "games" / "uhp-pgn" / "HV-Quodlibet-Jewdoka-2018-10-10-0140.pgn";
    for (const PgnGame& g : kPgnGames) {
      writePgn(pgnDir, base, g);
      games.push_back({g.white, g.black, eloOf(g.whiteElo), eloOf(g.blackElo), std::string(g.file).starts_with("T!")});
    }
    REQUIRE(test::runApiary("--db " + db.string() + " ingest " + sgf.string() + " " + pgnDir.string()).code == 0);
    ready = true;
  }
};

Fixture& fixture() {
  static Fixture f;
  return f;
}

std::size_t expectedCount(const std::function<bool(const Expected&)>& kept) {
  const auto& g = fixture().games;
  return std::size_t(std::count_if(g.begin(), g.end(), kept));
}

bool noBot(const Expected& e) { return !kTestBots.contains(lower(e.white)) && !kTestBots.contains(lower(e.black)); }
bool noGuest(const Expected& e) { return lower(e.white) != "guest" && lower(e.black) != "guest"; }
bool ratedAtLeast(const Expected& e, int n) {
  return e.whiteRating && e.blackRating && *e.whiteRating >= n && *e.blackRating >= n;
}

// `apiary games --count` of a filter given as flags.
uint64_t cliCount(const std::string& flags) {
  const auto run = test::runApiary("--db " + fixture().db.string() + " games --json --count --limit 1 " + flags);
  REQUIRE(run.code == 0);
  return nlohmann::json::parse(run.out)["total"].get<uint64_t>();
}

// The games of /api/games with a filter given as parameters (the fixture is under 100).
nlohmann::json apiGames(query::ReadSession& session, const std::string& params) {
  return nlohmann::json::parse(server::gamesReply(server::parseParams("limit=100&" + params), session).body)["games"];
}

uint64_t apiExploreGames(query::ReadSession& session, const std::string& params) {
  return nlohmann::json::parse(server::exploreReply(server::parseParams(params), session).body)["games"]
      .get<uint64_t>();
}

struct Case {
  const char* flags;
  const char* params;
  std::function<bool(const Expected&)> kept;
};

std::vector<Case> cases() {
  return {
      {"", "", [](const Expected&) { return true; }},
      {"--humans", "humans=1", noBot},
      {"--no-guests", "no_guests=true", noGuest},
      {"--tournament", "tournament=1", [](const Expected& e) { return e.tournament; }},
      {"--min-rating 1600", "min_rating=1600", [](const Expected& e) { return ratedAtLeast(e, 1600); }},
      {"--min-rating 0", "min_rating=0", [](const Expected& e) { return ratedAtLeast(e, 0); }},
      {"--humans --no-guests", "humans=1&no_guests=1", [](const Expected& e) { return noBot(e) && noGuest(e); }},
      {"--humans --min-rating 1390", "humans=1&min_rating=1390",
       [](const Expected& e) { return noBot(e) && ratedAtLeast(e, 1390); }},
  };
}

}  // namespace

TEST_CASE("ingest keeps each game's tournament mark, ratings and time control") {
  if (test::requireShared().empty() || !fixture().ready) return;
  query::ReadSession session(fixture().db);
  const auto games = apiGames(session, "");
  REQUIRE(games.size() == fixture().games.size());
  std::size_t rated = 0, timed = 0;
  for (const auto& g : games) {
    const std::string source = g["source"];
    INFO(source);
    const std::string name = std::filesystem::path(source).filename().string();
    CHECK(g["tournament"] == name.starts_with("T!"));
    if (name == "HV-blue1224-Dumbot-2016-04-02-1915.sgf") {
      CHECK(g["white_rating"] == 1325);
      CHECK(g["black_rating"].is_null());
      ++rated;
    }
    if (name == "rated.pgn") {
      CHECK(g["white_rating"] == 1500);
      CHECK(g["black_rating"] == 1900);
      ++rated;
    }
    if (name == "guest.pgn") {
      CHECK(g["white_rating"].is_null());  // "?"
      CHECK(g["black_rating"] == 2000);
    }
    if (name.ends_with(".pgn")) {
      CHECK(g["time_control"] == "600+5");
      ++timed;
    }
    if (name == "HV-Dumbot-Kaur50-2023-01-17-0059.sgf") CHECK(g["time_control"] == "None");
    if (name == "HV-Abbo69-WeakBot-2018-10-28-2007.sgf") CHECK(g["time_control"].is_null());
  }
  CHECK(rated == 2);
  CHECK(timed == std::size(kPgnGames));
}

TEST_CASE("each archive filter keeps the games worked out from the files, on the CLI and the API alike") {
  if (test::requireShared().empty() || !fixture().ready) return;
  query::ReadSession session(fixture().db);
  for (const Case& c : cases()) {
    INFO("filter " << c.flags);
    const std::size_t expected = expectedCount(c.kept);
    CHECK(cliCount(c.flags) == expected);
    CHECK(apiGames(session, c.params).size() == expected);
    // Every kept game passes the start: the explorer's count there is the filter's.
    CHECK(apiExploreGames(session, c.params) == expected);
  }
  // export writes the games the filters keep.
  for (const Case& c : cases()) {
    INFO("export " << c.flags);
    const auto run = test::runApiary("--db " + fixture().db.string() + " export --to uhp " + c.flags);
    REQUIRE(run.code == 0);
    std::size_t written = 0;
    for (std::size_t at = run.out.find("[GameType "); at != std::string::npos; at = run.out.find("[GameType ", at + 1))
      ++written;
    CHECK(written == expectedCount(c.kept));
  }
  // The fixture holds each kind, so no filter above was trivially right.
  CHECK(expectedCount(noBot) < fixture().games.size());
  CHECK(expectedCount(noGuest) < fixture().games.size());
  CHECK(expectedCount([](const Expected& e) { return e.tournament; }) == 2);
  CHECK(expectedCount([](const Expected& e) { return ratedAtLeast(e, 1600); }) == 1);
}

TEST_CASE("a rating that cannot be one is a usage error naming --min-rating") {
  if (test::requireShared().empty() || !fixture().ready) return;
  for (const char* bad : {"-5", "abc", "1000001"}) {
    INFO(bad);
    const auto run = test::runApiary("--db " + fixture().db.string() + " games --min-rating " + bad, true);
    CHECK(run.code == 2);
    CHECK(run.out.find("--min-rating") != std::string::npos);
  }
}

TEST_CASE("one session answers filters in turn from its cache as it would afresh") {
  if (test::requireShared().empty() || !fixture().ready) return;
  query::ReadSession session(fixture().db);
  const auto all = cases();
  // Twice round, so the second pass reads the filters' game sets from the cache.
  for (int pass = 0; pass < 2; ++pass)
    for (const Case& c : all) {
      INFO("pass " << pass << " filter " << c.flags);
      CHECK(apiExploreGames(session, c.params) == expectedCount(c.kept));
    }
}

TEST_CASE("players, player and search take the archive filters") {
  if (test::requireShared().empty() || !fixture().ready) return;
  query::ReadSession session(fixture().db);
  const auto players =
      nlohmann::json::parse(server::playersReply(server::parseParams("humans=1&limit=100"), session).body)["players"];
  REQUIRE_FALSE(players.empty());
  for (const auto& p : players) CHECK_FALSE(kTestBots.contains(lower(p["name"].get<std::string>())));
  const auto dumbot =
      nlohmann::json::parse(server::playerReply("Dumbot", server::parseParams("no_guests=1"), session).body);
  const std::size_t dumbotGames = expectedCount(
      [](const Expected& e) { return noGuest(e) && (lower(e.white) == "dumbot" || lower(e.black) == "dumbot"); });
  CHECK(dumbot["games"] == dumbotGames);
  CHECK(dumbotGames <
        expectedCount([](const Expected& e) { return lower(e.white) == "dumbot" || lower(e.black) == "dumbot"; }));
  const auto searched =
      nlohmann::json::parse(server::searchReply(server::parseParams("tournament=1&limit=100"), session).body);
  CHECK(searched["total"] == 2);
  const auto cli = test::runApiary("--db " + fixture().db.string() + " players --json --humans --limit 100");
  REQUIRE(cli.code == 0);
  CHECK(nlohmann::json::parse(cli.out)["players"] == players);
}

TEST_CASE("a user's bots.txt and $APIARY_BOTS make more games bot games, the stored ones included") {
  if (test::requireShared().empty() || !fixture().ready) return;
  const auto hasPlayer = [](const std::string& name) {
    return [name](const Expected& e) { return lower(e.white) == name || lower(e.black) == name; };
  };
  const std::size_t humans = expectedCount(noBot);
  const std::size_t abbo = expectedCount([&](const Expected& e) { return noBot(e) && hasPlayer("abbo69")(e); });
  const std::size_t jdoka = expectedCount([&](const Expected& e) { return noBot(e) && hasPlayer("jdokakill")(e); });
  REQUIRE(abbo == 0);  // Abbo69 played WeakBot: already out
  REQUIRE(jdoka == 1);
  const auto botsFile = fixture().db / "bots.txt";
  std::ofstream(botsFile) << "# our club's engines\nJewdoka\n";
  const std::size_t jewdoka = expectedCount([&](const Expected& e) { return noBot(e) && hasPlayer("jewdoka")(e); });
  REQUIRE(jewdoka > 0);
  CHECK(cliCount("--humans") == humans - jewdoka);
  setenv("APIARY_BOTS", "jdokakill,nobody", 1);  // the command inherits it
  CHECK(cliCount("--humans") == humans - jewdoka - jdoka);
  unsetenv("APIARY_BOTS");
  {
    query::ReadSession session(fixture().db);
    CHECK(apiGames(session, "humans=1").size() == humans - jewdoka);
  }
  std::filesystem::remove(botsFile);
  CHECK(cliCount("--humans") == humans);
}

TEST_CASE("info says how fresh the database is: the newest game's date, or none") {
  if (test::requireShared().empty() || !fixture().ready) return;
  query::ReadSession session(fixture().db);
  std::string newest;
  for (const auto& g : apiGames(session, "")) newest = std::max(newest, g["date"].get<std::string>());
  REQUIRE(newest == "2023-01-16");  // HV-Dumbot-Kaur50-2023-01-17-0059.sgf: DT[Mon Jan 16 20:59:12 AST 2023]
  const auto info = nlohmann::json::parse(server::infoReply(session).body);
  CHECK(info["newest_date"] == newest);
  const auto text = test::runApiary("--db " + fixture().db.string() + " info");
  CHECK(text.out.find("newest     " + newest + "\n") != std::string::npos);
  const test::TempDir empty("apiary-archive-empty");
  std::ofstream(empty.path / "none.pgn") << "";  // refused ("the file is empty"), the database made
  test::runApiary("--db " + (empty.path / "db").string() + " ingest " + (empty.path / "none.pgn").string());
  const auto none = test::runApiary("--db " + (empty.path / "db").string() + " info --json");
  CHECK(nlohmann::json::parse(none.out)["newest_date"].is_null());
}
