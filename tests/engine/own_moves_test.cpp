// The own-moves memo against fresh counts: following generated games of every game
// type move by move, with the memo told of each move, both colours' counts (whole
// and capped) at every ply equal countMobility's without a memo, and every piece's
// own moves (and every thrower's throws) still in the memo equal those a fresh
// count finds.
#include <catch2/catch.hpp>
#include <bit>
#include <random>

#include "engine/mobility.hpp"
#include "engine/pinned.hpp"
#include "engine_support.hpp"

using namespace apiary;

namespace {

// What the comparisons met, so that a test cannot pass on positions that ask little.
struct Seen {
  int positions = 0;
  int kept = 0;     // pieces whose own moves were in the memo before a count
  int checked = 0;  // kept pieces compared with a fresh count's
  std::array<int, kBugs> checkedByBug{};
  int throwersChecked = 0;  // kept throws compared with a fresh count's
};

void compareAt(const Board& board, OwnMovesMemo& memo, std::mt19937_64& rng, Seen& seen) {
  const uint32_t pinned = pinnedPieces(board);
  seen.kept += std::popcount(memo.known());
  SharedMobility shared(board, &memo);
  OwnMovesMemo fresh;
  SharedMobility freshShared(board, &fresh);
  for (Color c : {Color::White, Color::Black}) {
    const int want = countMobility(board, c, pinned, freshShared);
    REQUIRE(countMobility(board, c, pinned, shared) == want);
    const int cap = 1 + int(rng() % 120);
    OwnMovesMemo copy = memo;
    SharedMobility capped(board, &copy);
    REQUIRE(countMobility(board, c, pinned, capped, cap) == std::min(want, cap));
  }
  for (uint32_t both = memo.known() & fresh.known(); both; both &= both - 1) {
    const PieceId p = PieceId(std::countr_zero(both));
    REQUIRE(memo.find(p)->near == fresh.find(p)->near);
    REQUIRE(memo.find(p)->far == fresh.find(p)->far);
    REQUIRE(memo.find(p)->lines == fresh.find(p)->lines);
    ++seen.checked;
    ++seen.checkedByBug[int(bugOf(p))];
  }
  for (uint32_t both = memo.throwsKnown() & fresh.throwsKnown(); both; both &= both - 1) {
    const PieceId p = PieceId(std::countr_zero(both));
    REQUIRE(memo.findThrows(p)->near == fresh.findThrows(p)->near);
    ++seen.throwersChecked;
  }
  ++seen.positions;
}

}  // namespace

TEST_CASE("own moves kept move by move give every ply the counts and moves a fresh count gives", "[movegen]") {
  std::mt19937_64 rng(7);
  Seen seen;
  OwnMovesMemo memo;
  test::forEachGeneratedPly(3000, 30, [&](const Board& board, const Move& m) {
    if (board.ply() == 1) memo = OwnMovesMemo();
    memo.played(board, m);
    compareAt(board, memo, rng, seen);
  });
  CHECK(seen.positions > 15000);
  CHECK(seen.kept > 4 * seen.positions);  // a few pieces a position come from the memo
  CHECK(seen.checked > 5 * seen.positions);
  for (Bug bug : {Bug::Queen, Bug::Spider, Bug::Beetle, Bug::Grasshopper, Bug::Mosquito, Bug::Ladybug, Bug::Pillbug})
    CHECK(seen.checkedByBug[int(bug)] > 1000);
  CHECK(seen.throwersChecked > 1000);
}
