// isLegal takes shortcuts (a placement is checked at its cell alone, a movement by
// walking the piece's own moves until the destination, a pin by a flood fill only
// when needed), and legalMovesOfPieces generates for a few pieces: both must agree
// with the full move list everywhere.
#include <random>
#include <set>
#include <tuple>

#include "engine/generate.hpp"
#include "engine/walks.hpp"
#include "engine_support.hpp"

using namespace apiary;

TEST_CASE("isLegal agrees with legalMoves for every candidate move", "[movegen]") {
  GameGenerator generator(8080);
  long candidates = 0, legal = 0;
  for (int g = 0; g < 60; ++g) {
    const Board game = generator.next().board;
    Board board(game.type(), game.rules());
    for (const Move& played : game.history()) {
      const auto all = test::legalSet(board);
      // Every piece to every cell on or next to the hive, placed or moved.
      CellSet near{};
      for (PieceId p = 0; p < kPieces; ++p)
        if (board.onBoard(p))
          for (int d = 0; d < kDirs; ++d) near.add(neighbor(board.cellOf(p), d)), near.add(board.cellOf(p));
      if (board.ply() == 0) near.add(kOrigin);
      for (PieceId p = 0; p < kPieces; ++p) {
        near.forEach([&](Cell to) {
          const Move m{p, board.onBoard(p) ? board.cellOf(p) : kNoCell, to};
          const bool inList = all.count(test::keyOf(m)) > 0;
          // Millions of candidates: the position is written out only for a
          // disagreement (INFO would write it for every one, ASan's build timed out).
          if (isLegal(board, m) != inList) {
            FAIL_CHECK(gameString(board) << "  move " << pieceName(p) << " to cell " << to << ": isLegal says "
                                         << !inList << ", the move list " << inList);
          }
          ++candidates;
          legal += inList;
        });
      }
      // And splitsHive is the one-piece form of pinnedPieces.
      const uint32_t pinned = pinnedPieces(board);
      for (PieceId p = 0; p < kPieces; ++p)
        if (board.onBoard(p) && board.height(board.cellOf(p)) == 1)
          CHECK(splitsHive(board, p) == bool(pinned & pieceBit(p)));
      board.play(played);
    }
  }
  CHECK(candidates > 100000);
  CHECK(legal > 10000);
}

TEST_CASE("legalMovesOfPieces lists exactly the legal moves of the pieces asked", "[movegen]") {
  GameGenerator generator(4242);
  std::mt19937 random(7);
  long compared = 0;
  for (int g = 0; g < 30; ++g) {
    const Board game = generator.next().board;
    Board board(game.type(), game.rules());
    for (const Move& played : game.history()) {
      MoveList all;
      legalMoves(board, all);
      // Masks of one to six pieces, and of a whole bug of either colour.
      for (int trial = 0; trial < 4; ++trial) {
        uint32_t mask = 0;
        const int size = 1 + trial * 2;
        for (int i = 0; i < size; ++i) mask |= pieceBit(PieceId(random() % kPieces));
        std::set<std::tuple<int, int, int>> expected, listed;
        for (const Move& m : all)
          if (!m.isPass() && (mask & pieceBit(m.piece))) expected.insert({m.piece, m.from, m.to});
        MoveList some;
        legalMovesOfPieces(board, mask, some);
        for (const Move& m : some) listed.insert({m.piece, m.from, m.to});
        INFO(gameString(board) << "  mask " << mask);
        CHECK(listed == expected);
        CHECK(listed.size() == some.size());  // no move listed twice
        ++compared;
      }
      board.play(played);
    }
  }
  CHECK(compared > 5000);
}

// The one-destination searches (the Ant's rim walkers' quick yes then its
// nearest-first search, the Ladybug's walk from both ends, the one step of the
// Queen and the Beetle, the Grasshopper's one line, the Spider's paths that stay
// within reach) against the walks that list every cell: for every piece
// on top lifted as if it were each bug (on the ground only, but for the Beetle),
// to every cell on or next to the hive.
TEST_CASE("one-destination searches agree with the walks that list every cell", "[movegen]") {
  GameGenerator generator(5151);
  long compared = 0, reached = 0, byRim = 0, ladybugReached = 0;
  for (int g = 0; g < 80; ++g) {
    const Board game = generator.next().board;
    Board board(game.type(), game.rules());
    for (const Move& played : game.history()) {
      CellSet near{};
      for (PieceId p = 0; p < kPieces; ++p)
        if (board.onBoard(p))
          for (int d = 0; d < kDirs; ++d) near.add(neighbor(board.cellOf(p), d)), near.add(board.cellOf(p));
      for (PieceId p = 0; p < kPieces; ++p) {
        if (!board.isTop(p)) continue;
        const Cell from = board.cellOf(p);
        const LiftedBoard view{board, from};
        for (const Bug bug : {Bug::Queen, Bug::Spider, Bug::Beetle, Bug::Grasshopper, Bug::Ant, Bug::Ladybug}) {
          if (bug != Bug::Beetle && board.height(from) != 1) continue;
          CellSet all{};
          walks::byBug(view, bug, from, [&](Cell c) {
            all.add(c);
            return false;
          });
          near.forEach([&](Cell to) {
            if (to == from) return;
            const bool rim = bug == Bug::Ant && walks::antAlongRim(view, from, to);
            const bool found = walks::byBug(view, bug, from, walks::Reaches{to});
            // A quick yes is a true yes, and the whole answer is the walk's.
            if ((rim && !all.has(to)) || found != all.has(to)) {
              INFO(gameString(board) << "  " << pieceName(p) << " as bug " << int(bug) << " to cell " << to);
              CHECK(!(rim && !all.has(to)));
              CHECK(found == all.has(to));
            }
            ++compared;
            if (bug == Bug::Ant) reached += all.has(to);
            if (bug == Bug::Ladybug) ladybugReached += all.has(to);
            byRim += rim;
          });
        }
      }
      board.play(played);
    }
  }
  CHECK(compared > 3000000);
  CHECK(ladybugReached > 10000);
  // The walkers answer most reachable cells, so the test exercises them.
  CHECK(byRim > reached / 2);
  CHECK(byRim <= reached);
}

// The Ant's rim walkers look for a slide only where they start: both ways round
// find none there or both find one, and after any slide the walker finds the next
// (at worst the way back), whatever stands around its new cell.
TEST_CASE("the rim walkers always have a next slide once they have slid", "[movegen]") {
  long slides = 0;
  for (int way = 0; way < 2; ++way)
    for (unsigned m = 0; m < 64; ++m)
      for (int wall = 0; wall < kDirs; ++wall) {
        if (!((m >> wall) & 1)) continue;
        const uint16_t slide = walks::kAlongRim[way][m * 8 + wall];
        CHECK((slide == walks::kNoSlide) == (walks::kAlongRim[1 - way][m * 8 + wall] == walks::kNoSlide));
        if (slide == walks::kNoSlide) continue;
        // The walker went from Y at the origin to its neighbour X in direction e:
        // around X, Y is empty, Y's neighbours are as m says, the rest anything.
        const int e = kDirOfStep[slide & (kCells - 1)];
        const unsigned held = slide >> kCellBits;
        REQUIRE(e >= 0);
        const Axial y{}, x = step(y, e);
        unsigned known = 0, knownOccupied = 0;
        for (int d = 0; d < kDirs; ++d) {
          const Axial n = step(x, d);
          if (n == y) known |= 1u << d;
          for (int dy = 0; dy < kDirs; ++dy)
            if (n == step(y, dy)) known |= 1u << d, knownOccupied |= ((m >> dy) & 1) << d;
        }
        for (unsigned rest = 0; rest < 64; ++rest) {
          if (rest & known) continue;
          const unsigned around = knownOccupied | rest;
          INFO("way " << way << " mask " << m << " wall " << wall << " then around " << around);
          CHECK(((around >> held) & 1) == 1);
          CHECK(walks::kAlongRim[way][around * 8 + held] != walks::kNoSlide);
          ++slides;
        }
      }
  CHECK(slides > 1000);
}
