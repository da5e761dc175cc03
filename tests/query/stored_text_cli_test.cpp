// Bytes users do not expect, in tags and in query lines: tags are stored as UTF-8
// (Latin-1 and Windows-1252 decoded), every JSON answer is valid UTF-8 whatever a
// database holds, control bytes reach no terminal, a bad --batch line is answered
// with an error and the rest go on; numbers, counts and dates that mean nothing are
// refused with the reason.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include <catch2/catch.hpp>
#include "index/index_support.hpp"
#include "run_apiary.hpp"

using namespace apiary;

namespace {

// One game whose White is "José" in Latin-1 followed by ESC [31m and BEL, and five
// generated games, ingested into a scratch database once for the file.
struct Fixture {
  test::ScratchDir dir{"stored-text"};
  std::string db;

  Fixture() {
    std::filesystem::create_directories(dir.path());
    const auto odd = dir.path() / "odd.pgn";
    std::ofstream(odd)
        << "[GameType \"Base\"]\n[White \"Jos\xe9 \x1b[31mRED\x07\"]\n[Black \"B\"]\n\n1. wS1\n2. bS1 wS1-\n";
    const std::string generated = (dir.path() / "generated.pgn").string();
    db = "--db " + (dir.path() / "db").string() + " ";
    REQUIRE(test::runApiary("generate --games 5 --seed 5 > " + generated).code == 0);
    REQUIRE(test::runApiary(db + "ingest " + odd.string() + " " + generated).code == 0);
  }
};

const std::string& db() {
  static Fixture f;
  return f.db;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("a tag in Latin-1 is stored as UTF-8 and every JSON answer holding it parses", "[cli][text]") {
  const auto games = nlohmann::json::parse(test::runApiary(db() + "games --json --oldest-first --limit 1").out);
  CHECK(games["games"][0]["white"] == "Jos\u00e9 \x1b[31mRED\x07");
  const auto search = test::runApiary(db() + "search --json 'wS1 bS1 wS1-'");
  REQUIRE(search.code == 0);
  CHECK(nlohmann::json::parse(search.out)["total"] == 1);
  const auto show = nlohmann::json::parse(test::runApiary(db() + "show 1 --json").out);
  CHECK(show["game"]["tags"][1]["value"] == "Jos\u00e9 \x1b[31mRED\x07");
  const auto exported = test::runApiary(db() + "export 1 --to uhp --json");
  REQUIRE(exported.code == 0);
  CHECK(has(nlohmann::json::parse(exported.out).dump(), "Jos\u00e9"));
}

TEST_CASE("a database holding bytes that are not UTF-8 still answers valid JSON", "[cli][text]") {
  test::ScratchDir dir("stored-bytes");
  {
    index::Database database(dir.path());
    auto records = test::recordsOf(test::generateGames(3, 2));
    records[0].meta.tags.emplace_back("White", "Jos\xe9\xff");  // as an older apiary stored it
    records[0] = index::makeRecord(test::generateGames(3, 1)[0].board, records[0].meta);
    database.addGames(records);
  }
  const std::string at = "--db " + dir.path().string() + " ";
  for (const char* command : {"games --json", "search --json", "show 1 --json", "export 1 --to uhp --json"}) {
    INFO(command);
    const auto run = test::runApiary(at + command);
    CHECK(run.code == 0);
    CHECK_NOTHROW(nlohmann::json::parse(run.out));
  }
}

TEST_CASE("a --batch line of bytes that are not UTF-8, or holding a NUL, gets an error and the rest are answered",
          "[cli][text]") {
  for (const char* command : {"explore", "search"}) {
    INFO(command);
    const auto run =
        test::runApiary(db() + command + " --batch - <<< $'wS1\\n\\xff\\xfe\\nwS1\\x01 bS1\\nwS1 bS1 wS1-'");
    CHECK(run.code == 1);
    std::istringstream lines(run.out);
    std::vector<nlohmann::json> answers;
    for (std::string line; std::getline(lines, line);) answers.push_back(nlohmann::json::parse(line));
    REQUIRE(answers.size() == 4);
    CHECK(answers[1]["line"] == 2);
    CHECK(answers[1].contains("error"));
    CHECK(answers[2]["line"] == 3);
    CHECK_FALSE(answers[3].contains("error"));
  }
  // bash's $'' cannot hold a NUL: printf writes one.
  const auto nul = test::runApiary(db() + "explore --batch - < <(printf 'wS1\\0 bS1\\nwS1\\n')");
  CHECK(nul.code == 1);
  CHECK(has(nul.out, "\"line\":1"));
  CHECK(has(nul.out, "\"games\":"));
}

TEST_CASE("control bytes of stored text are escaped on a terminal, kept in a pipe", "[cli][text]") {
  for (const std::string command : {"games --oldest-first --limit 1", "show 1 --color never"}) {
    INFO(command);
    const std::string terminal = test::runOnTerminal(db() + command);
    CHECK(has(terminal, "Jos\u00e9 \\x1B[31mRED\\x07"));
    CHECK_FALSE(has(terminal, "\x1b"));
    CHECK_FALSE(has(terminal, "\x07"));
    CHECK(has(test::runApiary(db() + command).out, "\x1b[31mRED\x07"));
  }
}

TEST_CASE("a bare number is not a position", "[cli][text]") {
  for (const char* command : {"search 123", "explore 5", "explore --moves 12.", "show --moves 7"}) {
    INFO(command);
    const auto run = test::runApiary(db() + command, true);
    CHECK(run.code == 2);
    CHECK(has(run.out, "is not a position"));
  }
}

TEST_CASE("counts, dates and GameStrings that mean nothing are refused with the reason", "[cli][text]") {
  const std::vector<std::pair<std::string, std::string>> refused{
      {"games --limit -1", "at least 1"},
      {"games --limit 0", "at least 1"},
      {"search --offset -2", "at least 0"},
      {"games --from-date 2024-13-45", "expected yyyy-mm-dd"},
      {"games --to-date 2023-02-29", "expected yyyy-mm-dd"},
      {"explore 'Base;InProgress;White[99];wS1'", "the turn is White[99]"},
      {"explore --game-string 'Base;NotStarted;White[2]'", "the turn is White[2]"},
  };
  for (const auto& [command, reason] : refused) {
    INFO(command);
    const auto run = test::runApiary(db() + command, true);
    CHECK(run.code == 2);
    CHECK(has(run.out, reason));
  }
  CHECK(test::runApiary(db() + "games --from-date 2024-02-29").code == 0);
  const auto start = nlohmann::json::parse(test::runApiary(db() + "explore --json 'Base;NotStarted;White[1]'").out);
  CHECK(start["games"] == 6);
  const auto first = nlohmann::json::parse(test::runApiary(db() + "explore --json 'Base;InProgress;Black[1];wS1'").out);
  CHECK(first["to_move"] == "black");
}
