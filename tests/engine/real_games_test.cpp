// At every ply of four real championship games, our legal moves equal Mzinga's list,
// compared as board moves (piece, from, to), not as spellings.
#include "engine_support.hpp"
#include "support.hpp"

using namespace apiary;

TEST_CASE("legal moves at every ply of four championship games equal Mzinga's", "[movegen]") {
  const auto dir = test::requireShared();
  if (dir.empty()) return;
  int positions = 0, games = 0;
  for (const auto& rawLine : test::readLines(dir / "engine-tests/mzinga-valid-moves-real-games.csv")) {
    std::string line = rawLine;
    if (line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);  // byte-order mark
    if (line.empty()) continue;
    if (line[0] == '#') {
      ++games;
      continue;
    }
    const auto fields = test::splitList(line, '\t');
    REQUIRE(fields.size() == 2);
    INFO(fields[0]);
    const Board board = test::replayGameString(fields[0]);
    const auto listed = test::movesNamed(board, test::splitList(fields[1], ';'));
    const auto legal = test::legalSet(board);
    std::set<test::MoveKey> missing, extra;
    for (const auto& m : listed)
      if (!legal.count(m)) missing.insert(m);
    for (const auto& m : legal)
      if (!listed.count(m)) extra.insert(m);
    INFO("missing: " << test::describe(board, missing));
    INFO("extra: " << test::describe(board, extra));
    CHECK(legal == listed);
    ++positions;
  }
  CHECK(games == 4);
  CHECK(positions == 195);
}
