// Stored text that would take over a terminal: a player's name and a file's name
// holding a title-setting sequence (ESC ] 0 ; ... BEL). Every command that prints
// them to a terminal writes their controls as \x1B and \x07; a pipe gets them as
// stored.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include "run_apiary.hpp"
#include "support.hpp"

using apiary::test::runApiary;
using apiary::test::runOnTerminal;

namespace {

const std::string kEvilName = "Mallory\x1b]0;owned\x07";
const std::string kEvilNameShown = "Mallory\\x1B]0;owned\\x07";
const std::string kEvilFile = "games\x1b]0;title\x07.pgn";
const std::string kEvilFileShown = "games\\x1B]0;title\\x07.pgn";

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Neither ESC nor BEL reached the terminal raw: the ingest progress line's own
// "\r ESC [K" is the one sequence apiary writes there itself, and it sets no title.
bool noRawControls(const std::string& text) {
  for (std::size_t at = 0; (at = text.find('\x1b', at)) != std::string::npos; ++at)
    if (text.compare(at, 3, "\x1b[K") != 0) return false;
  return !has(text, "\x07");
}

// A generated game whose White is kEvilName, the same game under another event (an
// exact duplicate for dedup), and an illegal game (rejected), all in a file named
// kEvilFile; ingested on a terminal once, whose output is kept.
struct Fixture {
  apiary::test::TempDir dir{"apiary-terminal-text"};
  std::string db, ingestOutput, otherPlayer;

  Fixture() {
    const auto in = dir.path / "in";
    std::filesystem::create_directories(in);
    std::string game = runApiary("generate --games 1 --seed 5").out;
    const auto white = game.find("[White \"");
    REQUIRE(white != std::string::npos);
    const auto end = game.find('"', white + 8);
    game.replace(white + 8, end - white - 8, kEvilName);
    const auto black = game.find("[Black \"") + 8;
    otherPlayer = game.substr(black, game.find('"', black) - black);
    std::string copy = game;
    copy.replace(copy.find("[Event \""), 8, "[Event \"Copy of ");
    std::ofstream(in / kEvilFile) << game << "\n"
                                  << copy << "\n"
                                  << "[GameType \"Base\"]\n\n1. wS1\n2. bS1 wS1-\n3. wQ bS1-\n";
    db = "--db " + (dir.path / "db").string() + " ";
    ingestOutput = runOnTerminal(db + "ingest " + in.string());
    REQUIRE(runApiary(db + "info").code == 0);
    setenv("APIARY_EVIL_NAME", kEvilName.c_str(), 1);
  }
};

Fixture& fixture() {
  static Fixture f;
  return f;
}

}  // namespace

TEST_CASE("ingest's error lines name a file with controls escaped on a terminal", "[cli][text]") {
  const std::string& out = fixture().ingestOutput;
  CHECK(has(out, kEvilFileShown));
  CHECK(has(out, "added 2 games"));
  CHECK(noRawControls(out));
}

TEST_CASE("players and player print stored names with controls escaped on a terminal", "[cli][text]") {
  const Fixture& f = fixture();
  for (const std::string& command : std::vector<std::string>{"players", "player \"$APIARY_EVIL_NAME\"",
                                                             "player " + f.otherPlayer, "games --oldest-first"}) {
    INFO(command);
    const std::string out = runOnTerminal(f.db + command);
    CHECK(has(out, kEvilNameShown));
    CHECK(noRawControls(out));
  }
  CHECK(has(runApiary(f.db + "players").out, kEvilName));  // a pipe gets the name as stored
}

TEST_CASE("dedup and rejected print file names with controls escaped on a terminal", "[cli][text]") {
  const Fixture& f = fixture();
  for (const std::string command : {"dedup --mode exact --min-plies 1", "rejected"}) {
    INFO(command);
    const std::string out = runOnTerminal(f.db + command);
    CHECK(has(out, kEvilFileShown));
    CHECK(noRawControls(out));
    CHECK(has(runApiary(f.db + command).out, kEvilFile));
  }
}

TEST_CASE("export and search --to write games to a terminal with controls escaped and lines kept", "[cli][text]") {
  const Fixture& f = fixture();
  for (const std::string command : {"export 1 --to uhp", "search --to pgn-like"}) {
    INFO(command);
    const std::string out = runOnTerminal(f.db + command);
    CHECK(has(out, "[White \"" + kEvilNameShown + "\"]"));
    CHECK(has(out, "]\r\n[Black"));  // one tag a line, as in a file
    CHECK(noRawControls(out));
    const auto piped = runApiary(f.db + command);
    CHECK(piped.code == 0);
    CHECK(has(piped.out, "[White \"" + kEvilName + "\"]"));
  }
}
