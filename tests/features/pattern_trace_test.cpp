// The contacts and per-ply features a PatternTrace keeps by following moves, against
// every position of generated games looked at whole: each pair of adjacent tops and
// each piece right on another is among the game's contacts (and the game has no
// other), and each ply's features are position_features' numbers, its pinned
// pieces those that splitsHive (a flood from the piece's neighbours) says split, its
// mobility the generator's count up to the cap.
#include <algorithm>
#include <bit>
#include <catch2/catch.hpp>

#include "engine/generate.hpp"
#include "engine/movegen.hpp"
#include "features/pattern_trace.hpp"
#include "features/position_features.hpp"

using namespace apiary;

namespace {

// Every contact of one position, from all of its stacks.
void addContactsOf(const Board& board, Contacts& out) {
  for (PieceId p = 0; p < kPieces; ++p) {
    if (!board.onBoard(p)) continue;
    if (const PieceId below = board.under(p); below != kNoPiece)
      out.add(Contacts::stackedBit(bugOf(p), bugOf(below), colorOf(p) != colorOf(below)));
    if (!board.isTop(p)) continue;
    for (int d = 0; d < kDirs; ++d) {
      const Cell n = neighbor(board.cellOf(p), d);
      if (board.occupied(n))
        out.add(Contacts::adjacentBit(bugOf(p), bugOf(board.top(n)), colorOf(p) != colorOf(board.top(n))));
    }
  }
}

}  // namespace

TEST_CASE("a pattern trace keeps the contacts and features every position of a game has") {
  GameGenerator generator(42);
  int stacked = 0, belowCap = 0, atCap = 0, wide = 0;
  for (int game = 0; game < 150; ++game) {
    const Board final = generator.next().board;
    Board board(final.type(), final.rules(), final.firstMover());
    PatternTrace trace;
    Contacts seen;
    for (const Move& m : final.history()) {
      board.play(m);
      trace.played(board, m);
      addContactsOf(board, seen);
      const PlyFeatures f = trace.plies().back();
      for (Color c : {Color::White, Color::Black}) {
        REQUIRE(f.queenNeighbours(c) == queenNeighbours(board, c));
        REQUIRE(f.onTop(c) == onTop(board, c));
        int pinned = 0;
        for (PieceId p = 0; p < kPieces; ++p) pinned += colorOf(p) == c && splitsHive(board, p);
        REQUIRE(f.pinned(c) == pinned);
        const int moves = mobility(board, c);
        REQUIRE(f.mobility(c) == std::min(moves, PlyFeatures::kMobilityCap));
        ++(moves < PlyFeatures::kMobilityCap ? belowCap : atCap);
        wide += moves > 63;  // beyond what 6 bits would hold
      }
      REQUIRE(f.placed() == m.isPlacement());
    }
    REQUIRE(trace.plies().size() == final.history().size());
    REQUIRE(trace.contacts().words == seen.words);
    stacked += (seen.words[2] | seen.words[3]) != 0;
  }
  CHECK(stacked > 20);  // Beetles climbed in many of the games
  CHECK(belowCap > 1000);
  CHECK(wide > 1000);
  CHECK(atCap > 0);  // rare by design (under 0.1 % of counts), but there
}

TEST_CASE("the empty board's features are all 0 but the legal moves, one a bug of the game type") {
  for (GameType type : kAllGameTypes) {
    const PlyFeatures f = PlyFeatures::emptyBoard(type);
    const Board empty(type, Rules{.tournament = false});
    for (Color c : {Color::White, Color::Black}) {
      REQUIRE(f.mobility(c) == mobility(empty, c));
      REQUIRE(f.mobility(c) == 5 + std::popcount(type.expansions));
      REQUIRE(f.queenNeighbours(c) + f.onTop(c) + f.pinned(c) == 0);
    }
    REQUIRE_FALSE(f.placed());
  }
}
