// The apiary command as users and scripts run it: exit codes, JSON, files.
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include <catch2/catch.hpp>
#include "run_apiary.hpp"
#include "support.hpp"

using apiary::test::Run;
using apiary::test::runApiary;

TEST_CASE("perft --json prints every depth with the reference counts", "[cli]") {
  const Run run = runApiary("perft --json --game-type Base 3");
  REQUIRE(run.code == 0);
  const auto json = nlohmann::json::parse(run.out);
  CHECK(json["game_type"] == "Base");
  REQUIRE(json["depths"].size() == 4);
  CHECK(json["depths"][3]["nodes"] == 1440);
  CHECK(json["depths"][2]["nodes"] == 96);
  CHECK(json["depths"][3].contains("nps"));
}

TEST_CASE("perft --from a GameString counts from that position", "[cli]") {
  const Run run = runApiary("perft --json --from 'Base;InProgress;White[2];wS1;bS1 wS1-' 1");
  REQUIRE(run.code == 0);
  // Three placements for each of four bugs (no Queen rule on turn 2): 12... plus
  // none moving (no Queen yet): the reference engines agree on 4 bugs x 3 cells.
  CHECK(nlohmann::json::parse(run.out)["depths"][1]["nodes"] == 15);
}

TEST_CASE("usage errors exit with 2", "[cli]") {
  CHECK(runApiary("perft --game-type Chess 2").code == 2);
  CHECK(runApiary("perft --from 'Base;InProgress;White[1];wQ;bQ wQ-;wZ9 bQ-' 2").code == 2);
  CHECK(runApiary("no-such-command").code == 2);
}

TEST_CASE("generate writes the requested games, the same for the same seed", "[cli]") {
  const Run a = runApiary("generate --games 5 --seed 11"), b = runApiary("generate --games 5 --seed 11");
  REQUIRE(a.code == 0);
  CHECK(a.out == b.out);
  std::size_t games = 0;
  for (std::size_t at = 0; (at = a.out.find("[GameType ", at)) != std::string::npos; ++at) ++games;
  CHECK(games == 5);
  CHECK(a.out.find("\n1. w") != std::string::npos);

  const apiary::test::TempDir scratch("apiary-generate-test");
  const auto dir = scratch.path / "out";
  REQUIRE(runApiary("generate --games 3 --seed 11 -o " + dir.string()).code == 0);
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) files += entry.path().extension() == ".pgn";
  CHECK(files == 3);
}

TEST_CASE("convert turns a BoardSpace game into UHP and reports bad games", "[cli]") {
  const auto dir = apiary::test::requireShared();
  if (dir.empty()) return;
  const std::string sgf = (dir / "games/boardspace-sgf/HV-Dumbot-Kaur50-2023-01-17-0059.sgf").string();
  const Run run = runApiary("convert --to uhp '" + sgf + "'");
  CHECK(run.code == 0);
  CHECK(run.out.find("[GameType \"Base+MLP\"]") != std::string::npos);
  CHECK(run.out.find("\n1. wB1\n") != std::string::npos);

  // An invalid game: exit 1, and the valid game of another file still comes out.
  const std::string bad = (dir / "games/hivegame-fixtures/invalid/ant_climb.pgn").string();
  const Run mixed = runApiary("convert --to fen '" + bad + "' '" + sgf + "'");
  CHECK(mixed.code == 1);
  CHECK(std::count(mixed.out.begin(), mixed.out.end(), '\n') == 1);
}

TEST_CASE("convert --to sgf writes generated games that convert back to the same UHP", "[cli]") {
  const apiary::test::TempDir scratch("apiary-sgf-convert-test");
  const std::string bin = APIARY_BINARY;
  for (const char* type : {"Base", "Base+MLP"}) {
    INFO(type);
    const std::string generated = "generate --games 4 --seed 5 --game-type " + std::string(type);
    const Run direct = runApiary(generated + " | " + bin + " convert --to uhp -");
    REQUIRE(direct.code == 0);
    const std::string sgf = (scratch.path / "games.sgf").string();
    REQUIRE(runApiary(generated + " | " + bin + " convert --to sgf - > '" + sgf + "'").code == 0);
    CHECK(apiary::test::readFile(sgf).starts_with("(;\nGM[27]\nVV[1]\n"));
    const Run back = runApiary("convert --to uhp '" + sgf + "'");
    REQUIRE(back.code == 0);
    // The moves, White, Black, Date and a decided Result come back; Event, Site and
    // Round have no place in boardspace's header, and the order of the tags is the reader's.
    const auto kept = [](const std::string& text, bool tags) {
      std::vector<std::string> out;
      std::size_t at = 0;
      for (std::size_t end; (end = text.find('\n', at)) != std::string::npos; at = end + 1) {
        const std::string line = text.substr(at, end - at);
        const bool outcome = line.find("Wins\"]") != std::string::npos || line.find("Draw\"]") != std::string::npos;
        const bool held = line.starts_with("[White ") || line.starts_with("[Black ") || line.starts_with("[Date ") ||
                          (line.starts_with("[Result ") && outcome) || line.starts_with("[GameType ");
        if (tags ? held : (!line.empty() && line[0] >= '0' && line[0] <= '9')) out.push_back(line);
      }
      if (tags) std::sort(out.begin(), out.end());
      return out;
    };
    CHECK(kept(back.out, false) == kept(direct.out, false));
    CHECK(kept(back.out, true) == kept(direct.out, true));
    CHECK(kept(back.out, false).size() > 40);
  }
}

TEST_CASE("convert writes a log Black began as UHP with colours swapped, which converts again", "[cli]") {
  const apiary::test::TempDir scratch("apiary-black-first-convert");
  const std::string log = (scratch.path / "black-first.sgf").string();
  std::ofstream(log) << "(;\nGM[27]\nSU[hive]\nP0[id \"bob\"]\nP1[id \"alice\"]\nRE[Game won by bob]\n"
                        "; P0[1 Move B bG1 N 13 .]\n; P0[2 Done ]\n; P1[3 Move W wQ O 13 bG1-]\n; P1[4 Done ]\n"
                        "; P0[5 Move B bQ M 13 -bG1]\n; P0[6 Done ]\n)\n";
  const Run uhp = runApiary("convert --to uhp '" + log + "'");
  REQUIRE(uhp.code == 0);
  CHECK(uhp.out.find("[White \"bob\"]\n[Black \"alice\"]\n[Result \"WhiteWins\"]") != std::string::npos);
  CHECK(uhp.out.find("\n1. wG1\n2. bQ wG1-\n3. wQ -wG1\n") != std::string::npos);
  const std::string written = (scratch.path / "written.pgn").string();
  std::ofstream(written) << uhp.out;
  const Run again = runApiary("convert --to uhp '" + written + "'");
  CHECK(again.code == 0);
  CHECK(again.out == uhp.out);
}

TEST_CASE("convert reads stdin, writes files with -o, and refuses unknown notations", "[cli]") {
  CHECK(runApiary("convert --to chess -").code == 2);
  const apiary::test::TempDir scratch("apiary-convert-test");
  const auto out = scratch.path / "out";
  const std::string pgn = "[GameType \\\"Base\\\"]\\n\\n1. wS1\\n2. bS1 wS1-\\n";
  const Run run = runApiary("convert --to fen -o " + out.string() + " - <<< \"$(printf '" + pgn + "')\"");
  CHECK(run.code == 0);
  CHECK(std::filesystem::exists(out / "stdin.fen.txt"));
}

TEST_CASE("convert -o keeps inputs of the same name apart: their path below a folder, or an error", "[cli]") {
  const apiary::test::TempDir scratch("apiary-convert-names");
  const auto& dir = scratch.path;
  for (const char* folder : {"in/a", "in/b"}) {
    std::filesystem::create_directories(dir / folder);
    std::ofstream(dir / folder / "x.pgn") << "[GameType \"Base\"]\n[Event \"" << folder << "\"]\n\n1. wS1\n";
  }
  const std::string out = (dir / "out").string();
  REQUIRE(runApiary("convert --to uhp -o " + out + " " + (dir / "in").string()).code == 0);
  CHECK(apiary::test::readFile(dir / "out/a/x.uhp.txt").find("in/a") != std::string::npos);
  CHECK(apiary::test::readFile(dir / "out/b/x.uhp.txt").find("in/b") != std::string::npos);

  const Run twice = runApiary("convert --to uhp -o " + (dir / "flat").string() + " " + (dir / "in/a/x.pgn").string() +
                                  " " + (dir / "in/b/x.pgn").string(),
                              true);
  CHECK(twice.code == 1);
  CHECK(twice.out.find("is written already") != std::string::npos);
  CHECK(apiary::test::readFile(dir / "flat/x.uhp.txt").find("in/a") != std::string::npos);  // not overwritten
}

TEST_CASE("perft's README example runs, and an illegal move of --from names its rule", "[cli]") {
  const Run example = runApiary("perft --json --from 'Base+MLP;InProgress;Black[2];wS1;bG1 -wS1;wQ wS1/' 3");
  REQUIRE(example.code == 0);
  CHECK(nlohmann::json::parse(example.out)["depths"].size() == 4);
  const Run illegal = runApiary("perft --from 'Base+MLP;InProgress;White[3];wS1;bG1 -wS1;wQ /wS1' 3", true);
  CHECK(illegal.code == 2);
  CHECK(illegal.out.find("ply 3: 'wQ /wS1': ") != std::string::npos);
  CHECK(illegal.out.find("touch") != std::string::npos);
}

TEST_CASE("a file of position strings converts to fen, is answered line by line and is no game to ingest", "[cli]") {
  const apiary::test::TempDir scratch("apiary-fen-lines");
  const auto& dir = scratch.path;
  const std::string fen = (dir / "positions.txt").string();
  std::ofstream(fen) << "5S1/3Sq2/3M2B/3ApA1/2AG1l1/3b1GB/2g1GP1/1mg:4/aQa4/as5 w\n\n1A/b1 b\n2Q/1q1\n";
  const Run converted = runApiary("convert --to fen '" + fen + "'");
  CHECK(converted.code == 0);
  CHECK(std::count(converted.out.begin(), converted.out.end(), '\n') == 3);

  const std::string db = "--db '" + (dir / "db").string() + "' ";
  const Run ingested = runApiary(db + "ingest '" + fen + "'", true);
  CHECK(ingested.code == 1);
  CHECK(ingested.out.find("position strings, not games") != std::string::npos);

  const Run answered = runApiary(db + "explore --batch '" + fen + "'");
  CHECK(answered.code == 0);
  CHECK(std::count(answered.out.begin(), answered.out.end(), '\n') == 3);
  CHECK(answered.out.find("\"error\"") == std::string::npos);
}

TEST_CASE("a pasted move list opens with any piece, its errors name the CLI's flags", "[cli]") {
  for (const std::string text : {"wP;bP wP-", "wL;bL wL-", "1. wL 2. bL wL-", "wQ;bM wQ-"}) {
    INFO(text);
    const Run run = runApiary("show --json '" + text + "'");
    REQUIRE(run.code == 0);
    CHECK(nlohmann::json::parse(run.out)["ply"] == 2);
  }
  const Run moves = runApiary("show --moves 'wS1;bG1 -wQ'", true);
  CHECK(moves.code == 2);
  CHECK(moves.out.find("apiary show: --moves: ply 2: ") != std::string::npos);
  const Run position = runApiary("show 'wS1;bG1 -wQ'", true);
  CHECK(position.code == 2);
  CHECK(position.out.find("apiary show: position: ply 2: ") != std::string::npos);
  // --moves play on after the position given, as the API's moves do.
  const Run after = runApiary("show --json 'wS1;bG1 -wS1' --moves 'wQ wS1-'");
  REQUIRE(after.code == 0);
  CHECK(nlohmann::json::parse(after.out)["ply"] == 3);
}

TEST_CASE("ingest --notation reads every file as the notation named, --format, its old spelling, still does", "[cli]") {
  const apiary::test::TempDir scratch("apiary-ingest-notation");
  const auto& dir = scratch.path;
  const std::string games = (dir / "games.txt").string();
  const Run written = runApiary("generate --games 3 --seed 5 | " + std::string(APIARY_BINARY) +
                                " convert --to direction - > '" + games + "'");
  REQUIRE(written.code == 0);
  const auto database = [&](const char* name) { return "--db '" + (dir / name).string() + "' "; };

  // Named wrongly, nothing is added: the PGN-like reader refuses the file at its first
  // line (it cannot tell where a direction game ends), and the refusal says which
  // notation was used and where.
  const Run wrong = runApiary(database("wrong") + "ingest --notation pgn-like '" + games + "'", true);
  CHECK(wrong.code == 1);
  CHECK(wrong.out.find("added 0 games") != std::string::npos);
  const auto rejected = nlohmann::json::parse(runApiary(database("wrong") + "rejected --json").out);
  REQUIRE(rejected["rejected"].size() == 1);
  CHECK(rejected["rejected"][0]["notation"] == "pgn-like");
  CHECK(rejected["rejected"][0]["line"] == 1);

  for (const char* flag : {"--notation", "--format"}) {
    INFO(flag);
    const std::string db = database(flag + 2);
    CHECK(runApiary(db + "ingest " + flag + " direction '" + games + "'").code == 0);
    const auto info = nlohmann::json::parse(runApiary(db + "info --json").out);
    CHECK(info["notations"] == nlohmann::json{{"direction", 3}});
    const Run unknown = runApiary(db + "ingest " + flag + " klingon '" + games + "'", true);
    CHECK(unknown.code == 2);
    CHECK(unknown.out.find("unknown notation 'klingon'") != std::string::npos);
  }
  CHECK(runApiary(database("both") + "ingest --notation direction --format direction '" + games + "'", true).code == 2);
  const Run help = runApiary("ingest --help");
  CHECK(help.out.find("--notation") != std::string::npos);
  CHECK(help.out.find("--format") == std::string::npos);  // kept for scripts, not offered
}
