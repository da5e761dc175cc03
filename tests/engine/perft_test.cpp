// Perft from the start position for all eight game types, against the counts that
// Mzinga, nokamute and the hivegame.com engine agree on.
#include <fstream>
#include <map>

#include "engine/perft.hpp"
#include "engine_support.hpp"
#include "support.hpp"

using namespace apiary;

namespace {

// GameType name -> depth -> nodes, read from ../shared/engine-tests.
std::map<std::string, std::map<int, uint64_t>> referenceCounts() {
  std::map<std::string, std::map<int, uint64_t>> counts;
  const auto dir = test::requireShared();
  if (dir.empty()) return counts;
  for (const auto& line : test::readLines(dir / "engine-tests/perft_start_positions.txt")) {
    if (line.empty() || line[0] == '#') continue;
    const auto fields = test::splitList(line, '\t');
    if (fields.size() == 3) counts[fields[0]][std::stoi(fields[1])] = std::stoull(fields[2]);
  }
  return counts;
}

void checkPerft(int minDepth, int maxDepth, const std::vector<GameType>& types) {
  const auto counts = referenceCounts();
  if (counts.empty()) return;
  for (GameType type : types) {
    for (int depth = minDepth; depth <= maxDepth; ++depth) {
      Board board(type);
      INFO(type.name() << " depth " << depth);
      REQUIRE(counts.at(type.name()).count(depth));
      CHECK(perft(board, depth) == counts.at(type.name()).at(depth));
    }
  }
}

}  // namespace

TEST_CASE("perft to depth 5 for all eight game types", "[perft]") {
  checkPerft(0, 5, {kAllGameTypes.begin(), kAllGameTypes.end()});
}

TEST_CASE("perft depth 6 for Base and Base+MLP", "[perft]") { checkPerft(6, 6, {GameType{}, GameType::all()}); }

TEST_CASE("perft depth 6 for the other six game types", "[perft][slow]") {
  checkPerft(6, 6, {kAllGameTypes.begin() + 1, kAllGameTypes.end() - 1});
}

TEST_CASE("perft depth 7 for Base", "[perft][slow]") { checkPerft(7, 7, {GameType{}}); }

TEST_CASE("perft leaves the board as it found it", "[perft]") {
  Board board =
      test::replayGameString("Base+MLP;InProgress;White[5];wB1;bB1 -wB1;wQ wB1-;bQ /bB1;wB2 wQ-;bQ /wB1;wB2 wQ;bB1 bQ");
  const std::string before = gameString(board);
  const uint64_t first = perft(board, 3);
  CHECK(gameString(board) == before);
  CHECK(perft(board, 3) == first);
  // Bulk counting at the last ply must agree with playing every leaf move.
  MoveList moves;
  legalMoves(board, moves);
  uint64_t played = 0;
  for (const Move& m : moves) {
    board.play(m);
    MoveList replies;
    legalMoves(board, replies);
    played += replies.size();
    board.undo();
  }
  CHECK(played == perft(board, 2));
}
