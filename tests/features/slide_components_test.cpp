// The slide components against the Ant's own search: for every Ant and Mosquito
// alone in its cell in every position of generated games of every game type, the
// destinations SlideComponents gives (one flood shared by all of a position's
// pieces) are exactly those walks::ant finds on the board with that piece lifted,
// and the neighbourhoods it cannot tell, which countMobility then searches, occur.
#include <catch2/catch.hpp>

#include "engine/generate.hpp"
#include "engine/walks.hpp"
#include "features/slide_components.hpp"

using namespace apiary;

namespace {

struct Seen {
  int told = 0;      // answered from the components
  int searched = 0;  // left to the search
  int split = 0;     // told, with a neighbour of the Ant it does not reach
};

void compareAt(const Board& board, Seen& seen) {
  SlideComponents slides(board);
  for (uint32_t left = board.piecesOnBoard(); left; left &= left - 1) {
    const PieceId p = PieceId(std::countr_zero(left));
    if (bugOf(p) != Bug::Ant && bugOf(p) != Bug::Mosquito) continue;
    const Cell from = board.cellOf(p);
    if (board.height(from) != 1) continue;
    CellSet want{};
    int wanted = 0;
    walks::ant(LiftedBoard(board, from), from, [&](Cell c) {
      want.add(c);
      ++wanted;
      return false;
    });
    const auto got = slides.antFrom(from);
    if (!got) {
      ++seen.searched;
      continue;
    }
    ++seen.told;
    REQUIRE(got->count == wanted);
    for (Cell c = 0; c < kCells; ++c) REQUIRE(got->has(c) == want.has(c));
    for (int d = 0; d < kDirs; ++d) seen.split += !board.occupied(neighbor(from, d)) && !want.has(neighbor(from, d));
  }
}

}  // namespace

TEST_CASE("slide components give every lifted Ant exactly the cells its own search reaches", "[movegen]") {
  Seen seen;
  for (GameType type : kAllGameTypes) {
    GameGenerator generator(2000 + type.expansions, type);
    for (int i = 0; i < 15; ++i) {
      const Board final = generator.next().board;
      Board board(final.type(), final.rules(), final.firstMover());
      for (const Move& m : final.history()) {
        board.play(m);
        compareAt(board, seen);
      }
    }
  }
  CHECK(seen.told > 5000);
  CHECK(seen.split > 500);    // neighbours cut off by the lifting, told right
  CHECK(seen.searched > 20);  // the fallback, taken in generated games
}
