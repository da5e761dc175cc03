// countMobility against the generator: for both colours of every position of
// generated games of every game type and of the positions in ../shared/engine-tests,
// the count equals position_features' mobility (the generator's count; for the side
// not to move, on the board set up again with its turn), and a capped count is the
// smaller of the two.
#include <random>

#include "engine/engine_support.hpp"
#include "engine/generate.hpp"
#include "features/mobility.hpp"
#include "features/position_features.hpp"
#include "support.hpp"

using namespace apiary;

namespace {

// What the comparisons met, so that a test cannot pass on positions that ask little.
struct Seen {
  int positions = 0;
  int movements = 0;  // positions where a colour had pieces to move
  int forcedPasses = 0;
  int throws = 0;  // a Pillbug on the board of the colour counted
};

void compareAt(const Board& board, std::mt19937_64& rng, Seen& seen) {
  const uint32_t pinned = pinnedPieces(board);
  for (Color c : {Color::White, Color::Black}) {
    const int want = mobility(board, c);
    INFO(gameString(board) << "\ncolour " << int(c));
    REQUIRE(countMobility(board, c, pinned) == want);
    const int cap = 1 + int(rng() % 80);
    REQUIRE(countMobility(board, c, pinned, cap) == std::min(want, cap));
    seen.movements += board.queenPlaced(c) && !board.gameOver();
    seen.forcedPasses += want == 1 && !board.gameOver() && board.ply() > 2;
    seen.throws += board.onBoard(pieceId(c, Bug::Pillbug));
  }
  ++seen.positions;
}

void compareAlong(const Board& final, std::mt19937_64& rng, Seen& seen) {
  Board board(final.type(), final.rules(), final.firstMover());
  compareAt(board, rng, seen);
  for (const Move& m : final.history()) {
    board.play(m);
    compareAt(board, rng, seen);
  }
}

}  // namespace

TEST_CASE("mobility counts every legal move of both colours in every position of generated games", "[movegen]") {
  std::mt19937_64 rng(5);
  Seen seen;
  for (GameType type : kAllGameTypes) {
    GameGenerator generator(1000 + type.expansions, type);
    for (int i = 0; i < 40; ++i) compareAlong(generator.next().board, rng, seen);
  }
  CHECK(seen.positions > 20000);
  CHECK(seen.movements > seen.positions);
  CHECK(seen.throws > seen.positions / 4);
}

TEST_CASE("mobility counts every legal move in the positions of the shared engine tests", "[movegen]") {
  const auto dir = test::requireShared();
  if (dir.empty()) return;
  std::mt19937_64 rng(6);
  Seen seen;
  int games = 0;
  for (const char* file : {"mzinga_rule_tests.txt", "mzinga-valid-moves-real-games.csv", "nokamute_uhp_tests.txt",
                           "hivegame_regressions.txt"})
    for (std::string line : test::readLines(dir / "engine-tests" / file)) {
      if (line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);  // byte-order mark
      if (line.rfind("Base", 0) != 0) continue;
      const std::string text = line.substr(0, line.find('\t'));
      auto game = parseGameString(text, Rules{});
      if (!game) game = parseGameString(text, Rules{.tournament = false});
      if (!game) continue;  // the files' own invalid cases
      compareAlong(*game.value, rng, seen);
      ++games;
    }
  CHECK(games > 250);  // 290 parse
  CHECK(seen.positions > 5000);
  CHECK(seen.forcedPasses > 0);
}
