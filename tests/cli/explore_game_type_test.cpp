// The explorer's table offers only moves of pieces the board's game type has: a Base
// board reached by a Base+MLP game's first plies is not offered that game's Mosquito.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>

#include "run_apiary.hpp"
#include "support.hpp"

using namespace apiary;

namespace {

nlohmann::json explored(const std::string& db, const std::string& gameString) {
  const test::Run run = test::runApiary("--db " + db + " explore '" + gameString + "' --json");
  REQUIRE(run.code == 0);
  return nlohmann::json::parse(run.out);
}

std::vector<std::string> movesOf(const nlohmann::json& exploration) {
  std::vector<std::string> moves;
  for (const auto& m : exploration["moves"]) moves.push_back(m["uhp"]);
  return moves;
}

}  // namespace

TEST_CASE("explore offers only the moves of the board's game type") {
  test::TempDir dir("explore-game-type");
  const std::string games = (dir.path / "g.txt").string(), db = (dir.path / "db").string();
  std::ofstream(games) << "Base+MLP;InProgress;White[3];wG1;bB1 wG1-;wM -wG1\n";
  REQUIRE(test::runApiary("--db " + db + " ingest " + games).code == 0);
  const auto mlp = explored(db, "Base+MLP;InProgress;White[2];wG1;bB1 wG1-");
  CHECK(movesOf(mlp) == std::vector<std::string>{"wM -wG1"});
  // The same position as a Base game's: the Mosquito is no move of it.
  const auto base = explored(db, "Base;InProgress;White[2];wG1;bB1 wG1-");
  CHECK(base["games"] == 1);
  CHECK(movesOf(base).empty());
}
