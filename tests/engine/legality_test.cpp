// isLegal takes shortcuts (a placement is checked at its cell alone, one piece's
// pin by a flood fill): it must agree with the full move list everywhere.
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
