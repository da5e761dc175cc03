// apiary player, players, rejected, and the queries players asked for, as users run
// them: names in any script and letter case, transposed openings as one line, search
// results exported, a stored game's position, explore's unfinished games.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include <catch2/catch.hpp>
#include "run_apiary.hpp"
#include "support.hpp"

using apiary::test::runApiary;
using nlohmann::json;

namespace {

// A UHP game of the given moves (one a line) between these players.
std::string game(const std::string& white, const std::string& black, const std::string& result,
                 const std::string& event, const std::vector<std::string>& moves) {
  std::string text = "[GameType \"Base+MLP\"]\n[Event \"" + event + "\"]\n[Date \"2024.05.0" +
                     std::to_string(moves.size() % 9 + 1) + "\"]\n[White \"" + white + "\"]\n[Black \"" + black +
                     "\"]\n[Result \"" + result + "\"]\n\n";
  for (std::size_t i = 0; i < moves.size(); ++i) text += std::to_string(i + 1) + ". " + moves[i] + "\n";
  return text + "\n";
}

// Two games of Ünal's that reach one position after 6 plies by two move orders (the
// Queen and the Ant swapped), one of them written in other letter cases, and games of
// other players whose names fold: Straße/STRASSE, ΣΟΦΊΑ/σοφία.
const std::vector<std::string> kQueenFirst{"wG1", "bG1 -wG1", "wQ wG1-", "bQ -bG1", "wA1 wG1\\", "bA1 /bG1"};
const std::vector<std::string> kAntFirst{"wG1", "bG1 -wG1", "wA1 wG1\\", "bQ -bG1", "wQ wG1-", "bA1 /bG1"};

struct Fixture {
  apiary::test::TempDir dir{"apiary-players-cli"};
  std::string db;

  Fixture() {
    const auto file = dir.path / "players.pgn";
    std::ofstream(file) << game("Ünal", "ΣΟΦΊΑ", "WhiteWins", "Großer Preis", kQueenFirst)
                        << game("ÜNAL", "Straße", "BlackWins", "Kleiner Preis", kAntFirst)
                        << game("σοφία", "ünal", "Draw", "GROSSER PREIS", kQueenFirst)
                        << game("STRASSE", "Ünal", "InProgress", "Open", {"wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"});
    // A bad game: Black places a piece where it touches White on its second turn.
    std::ofstream(dir.path / "bad.pgn") << game("Ünal", "x", "WhiteWins", "Bad",
                                                {"wG1", "bG1 -wG1", "wQ wG1-", "bQ wQ-"});
    db = "--db " + (dir.path / "db").string() + " ";
    REQUIRE(runApiary(db + "ingest " + file.string()).code == 0);
    REQUIRE(runApiary(db + "ingest " + (dir.path / "bad.pgn").string()).code == 1);
  }
};

const std::string& db() {
  static Fixture f;
  return f.db;
}

json runJson(const std::string& args) {
  const auto run = runApiary(db() + args);
  REQUIRE(run.code == 0);
  return json::parse(run.out);
}

}  // namespace

TEST_CASE("non-ASCII names match in any letter case, in games, player and every filter", "[cli][players]") {
  for (const char* name : {"ünal", "ÜNAL", "Ünal", "üNaL"}) {
    CHECK(runJson(std::string("games --json --count --player '") + name + "'")["total"] == 4);
    CHECK(runJson(std::string("player --json '") + name + "'")["games"] == 4);
  }
  CHECK(runJson("games --json --count --white ünal")["total"] == 2);
  CHECK(runJson("games --json --count --black 'σοφία'")["total"] == 1);
  CHECK(runJson("games --json --count --player 'ΣΟΦΊΑ'")["total"] == 2);
  CHECK(runJson("games --json --count --player STRASSE")["total"] == 2);  // full folding: ß is ss
  CHECK(runJson("games --json --count --player strasse")["total"] == 2);
  CHECK(runJson("games --json --count --event 'grosser'")["total"] == 2);  // contains, folded
  CHECK(runJson("games --json --count --event 'PREIS'")["total"] == 3);
  CHECK(runJson("games --json --count --player nobody")["total"] == 0);
  const json players = runJson("players --json");
  CHECK(players["total"] == 3);  // Ünal, ΣΟΦΊΑ, Straße (x's game was rejected)
  CHECK(players["players"][0]["games"] == 4);
}

TEST_CASE(
    "player gives results overall, by seat and year, opponents and streak, and a repertoire that merges transposed "
    "orders",
    "[cli][players]") {
  const json p = runJson("player --json ünal");
  CHECK(p["name"] == "ünal");  // as written in the latest game (by date)
  CHECK(p["wins"] == 1);
  CHECK(p["draws"] == 1);
  CHECK(p["losses"] == 1);
  CHECK(p["unfinished"] == 1);
  CHECK(p["as_first"]["games"] == 2);
  CHECK(p["as_second"]["games"] == 2);
  CHECK(p["by_year"]["2024"]["games"] == 4);
  CHECK(p["longest_winning_streak"] == 1);
  CHECK(p["average_plies"] == 5.5);
  REQUIRE(p["opponents"].size() == 2);
  for (const auto& o : p["opponents"]) CHECK(o["games"] == 2);
  // As first player: one line of 2 plies and one of 6 (two move orders), two of 4.
  std::map<int, std::vector<json>> lines;
  for (const auto& line : p["repertoire"]["first"]) lines[line["plies"].get<int>()].push_back(line);
  REQUIRE(lines[2].size() == 1);
  CHECK(lines[2][0]["games"] == 2);
  CHECK(lines[4].size() == 2);
  REQUIRE(lines[6].size() == 1);
  CHECK(lines[6][0]["games"] == 2);
  CHECK(lines[6][0]["wins"] == 1);
  CHECK(lines[6][0]["losses"] == 1);
  REQUIRE(lines[6][0]["moves"].size() == 6);
  CHECK(lines[6][0]["moves"][2] == "wQ wG1-");  // the first game's order
  // As second player: 2, 4 and 6 plies of one game, 2 and 4 of the other.
  CHECK(p["repertoire"]["second"].size() == 5);
  // The moves in another notation, and --color keeping one seat.
  const json pgn = runJson("player --json ünal --notation pgn-like");
  CHECK(pgn["repertoire"]["first"][0]["moves"].size() == 2);
  CHECK(pgn["repertoire"]["first"][0]["moves"][1] != "bG1 -wG1");
  CHECK(runJson("player --json ünal --color second")["games"] == 2);
  CHECK(runApiary(db() + "player ünal --player x").code == 2);
  CHECK(runApiary(db() + "player ünal --notation fen").code == 2);
  CHECK(runApiary(db() + "players --sort height").code == 2);
}

TEST_CASE("explore --player NAME --color first|second is that player's own tree", "[cli][players]") {
  const json first = runJson("explore --json --player ünal --color first");
  CHECK(first["games"] == 2);
  const json second = runJson("explore --json --player ünal --color second");
  CHECK(second["games"] == 2);
  CHECK(runApiary(db() + "explore --color first").code == 2);  // whose seat?
  CHECK(runApiary(db() + "explore --player ünal --color third").code == 2);
}

TEST_CASE("explore's table: win, draw, loss and unfinished shares add up to the games", "[cli][players]") {
  const auto run = runApiary(db() + "explore --moves '1. wG1 2. bG1 -wG1'");
  REQUIRE(run.code == 0);
  CHECK(run.out.find("unfin%") != std::string::npos);
  // wQ: one win, one draw for the mover (Ünal won, σοφία drew); wA1: one loss.
  std::istringstream lines(run.out);
  int rows = 0;
  for (std::string line; std::getline(lines, line);) {
    // A row: the move (two words), games, win%, draw%, loss%, unfin%, and three more.
    std::istringstream cells(line);
    std::vector<std::string> words;
    for (std::string w; cells >> w;) words.push_back(w);
    if (words.size() != 10 || words[0][0] != 'w') continue;
    ++rows;
    double sum = 0;
    for (int i = 3; i <= 6; ++i) sum += std::stod(words[i]);
    CHECK(sum == Approx(100).margin(0.2));
  }
  CHECK(rows == 2);
}

TEST_CASE("search --to writes every game through the position in the notation asked", "[cli][players]") {
  const auto uhp = runApiary(db() + "search --to uhp --moves '1. wG1 2. bG1 -wG1'");
  REQUIRE(uhp.code == 0);
  std::size_t games = 0;
  for (std::size_t at = 0; (at = uhp.out.find("[GameType", at)) != std::string::npos; ++at) ++games;
  CHECK(games == 3);
  const auto file = std::filesystem::temp_directory_path() / ("apiary-search-to-" + std::to_string(getpid()));
  const auto written = runApiary(db() + "search --to pgn-like -o " + file.string() + " --player straße wG1");
  CHECK(written.code == 0);
  const std::string text = apiary::test::readFile(file);
  std::filesystem::remove(file);
  CHECK(text.find("Straße") != std::string::npos);
  CHECK(text.find("ΣΟΦΊΑ") == std::string::npos);
  CHECK(runApiary(db() + "search --to png wG1").code == 2);
}

TEST_CASE("a stored game's position (--game ID --ply N) gives the same answers as its moves", "[cli][players]") {
  for (const char* command : {"explore --json", "search --json"}) {
    json byGame = runJson(std::string(command) + " --game 2 --ply 4");
    json byMoves = runJson(std::string(command) + " --moves '" + "1. wG1 2. bG1 -wG1 3. wA1 wG1\\ 4. bQ -bG1'");
    byGame.erase("elapsed_ms");
    byMoves.erase("elapsed_ms");
    CHECK(byGame == byMoves);
  }
  const json shown = runJson("show --json --game 2 --ply 4");
  CHECK(shown["ply"] == 4);
  CHECK(shown["game"]["id"] == 2);
  CHECK(runApiary(db() + "explore --game 2 --ply 99").code == 2);
  CHECK(runApiary(db() + "explore --game 99").code == 2);
  CHECK(runApiary(db() + "explore --ply 3").code == 2);
}

TEST_CASE("rejected lists every rejected game with its source, line, column, ply and reason", "[cli][players]") {
  const json r = runJson("rejected --json");
  REQUIRE(r["total"] == 1);
  const auto& bad = r["rejected"][0];
  CHECK(bad["source"].get<std::string>().find("bad.pgn") != std::string::npos);
  CHECK(bad["source_index"] == 0);  // placed as a stored game is
  CHECK(bad["notation"] == "uhp");
  CHECK(bad["ply"] == 4);
  CHECK(bad["line"].get<int>() > 0);
  CHECK(bad["column"].get<int>() > 0);
  CHECK_FALSE(bad["message"].get<std::string>().empty());
  const auto text = runApiary(db() + "rejected");
  CHECK(text.out.find("bad.pgn:") != std::string::npos);
  CHECK(text.out.find("1 rejected game") != std::string::npos);
}
