// games, search and pattern asked for a page of every game: the rows are printed as each is
// read, so the memory does not follow the page's length (a million rows took 3 GB
// as a page held whole), and the document is the one a short page gives. players,
// which reads every game, keeps one at a time too.
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>

#include "run_apiary.hpp"
#include "run_bounded.hpp"
#include "support.hpp"

namespace fs = std::filesystem;
using apiary::test::runApiary;
using apiary::test::runBounded;
using apiary::test::TempDir;

namespace {

constexpr int kGames = 20000;

std::string databaseOfGames(const TempDir& dir) {
  const std::string db = (dir.path / "db").string();
  REQUIRE(runApiary("generate --games " + std::to_string(kGames) + " --seed 8 | " + APIARY_BINARY + " --db " + db +
                    " ingest -")
              .code == 0);
  return db;
}

std::vector<uint64_t> idsOf(const nlohmann::json& answer) {
  std::vector<uint64_t> ids;
  for (const auto& g : answer["games"]) ids.push_back(g["id"]);
  return ids;
}

}  // namespace

TEST_CASE("games, search and pattern print a page of 20,000 games whole", "[cli]") {
  TempDir dir("apiary-long-page");
  const std::string db = databaseOfGames(dir);
  for (const std::string command : {"games --count", "search", "pattern --where 'ply <= 2'"}) {
    INFO(command);
    const auto all = runApiary("--db " + db + " " + command + " --json --limit " + std::to_string(kGames));
    REQUIRE(all.code == 0);
    const auto answer = nlohmann::json::parse(all.out);
    const auto ids = idsOf(answer);
    CHECK(ids.size() == kGames);
    CHECK(std::set<uint64_t>(ids.begin(), ids.end()).size() == kGames);
    CHECK(answer.contains("elapsed_ms"));
    CHECK(answer["total"] == kGames);
    if (command.starts_with("games")) CHECK(answer["more"] == false);
    const auto first = nlohmann::json::parse(runApiary("--db " + db + " " + command + " --json --limit 10").out);
    CHECK(std::vector<uint64_t>(ids.begin(), ids.begin() + 10) == idsOf(first));
    const auto text = runApiary("--db " + db + " " + command + " --limit " + std::to_string(kGames));
    CHECK(std::count(text.out.begin(), text.out.end(), '\n') == kGames + 1);  // a head line, a line a game
  }
}

// Apart from the test above: a child's peak resident memory counts from its
// parent's at the fork, so this process must not have parsed the long answers.
TEST_CASE("games, search and pattern print a page of 20,000 games in the memory of a page of 10", "[cli]") {
#ifndef __SANITIZE_ADDRESS__  // the sanitizer's quarantine holds freed rows back
  TempDir dir("apiary-long-page-memory");
  const std::string db = databaseOfGames(dir);
  // Held whole, the long page took 8-71 MB more than the short one.
  for (const std::string command : {"games", "search", "pattern"})
    for (const bool json : {false, true}) {
      INFO(command << (json ? " --json" : ""));
      std::vector<std::string> args{"--db", db, command, "--limit", "10"};
      if (command == "pattern") args.insert(args.end(), {"--where", "ply <= 2"});
      if (json) args.push_back("--json");
      const long shortPage = runBounded(args, dir.path).peakKiB;
      args[4] = std::to_string(kGames);
      const long longPage = runBounded(args, dir.path).peakKiB;
      CHECK(longPage - shortPage < 6 * 1024);
    }
  // players reads every game's row, one at a time (held whole: 13 MB more here).
  const long shortPage = runBounded({"--db", db, "games", "--limit", "10"}, dir.path).peakKiB;
  CHECK(runBounded({"--db", db, "players", "--json"}, dir.path).peakKiB - shortPage < 6 * 1024);
#endif
}
