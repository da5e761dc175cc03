// isLegal takes shortcuts (a placement is checked at its cell alone, a movement by
// walking the piece's own moves until the destination, a pin by a flood fill only
// when needed), and legalMovesOfPieces generates for a few pieces: both must agree
// with the full move list everywhere.
#include <random>
#include <set>
#include <tuple>

#include "engine/generate.hpp"
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
          INFO(gameString(board) << "  move " << pieceName(p) << " to cell " << to);
          CHECK(isLegal(board, m) == inList);
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
