// The readers' fast path: a text that pins the destination is resolved by checking
// the named pieces' moves to that cell, not by listing every move. Both the check
// and what the readers make of it are compared with the full list of legal moves.
#include <catch2/catch.hpp>

#include "grammar/algebraic.hpp"
#include "notation/move_text.hpp"
#include "notation/resolve.hpp"
#include "notation_support.hpp"

using namespace apiary;
using namespace apiary::notation;

namespace {

// The cells a move could end on: every cell within two steps of a piece.
CellSet cellsNearHive(const Board& board) {
  CellSet near{};
  for (PieceId p = 0; p < kPieces; ++p) {
    if (!board.onBoard(p)) continue;
    const Cell at = board.cellOf(p);
    near.add(at);
    for (int d = 0; d < kDirs; ++d)
      for (int e = 0; e < kDirs; ++e) near.add(neighbor(neighbor(at, d), e));
  }
  if (board.piecesOnBoard() == 0) near.add(kOrigin);
  return near;
}

std::vector<Move> sorted(std::vector<Move> moves) {
  std::sort(moves.begin(), moves.end(), [](const Move& a, const Move& b) {
    return std::tie(a.piece, a.from, a.to) < std::tie(b.piece, b.from, b.to);
  });
  return moves;
}

// The legal moves of `pieces` ending in `to`, from the full list.
std::vector<Move> listedTo(const std::vector<Move>& legal, uint32_t pieces, const CellSet& to) {
  std::vector<Move> out;
  for (const Move& m : legal)
    if (!m.isPass() && (pieces & pieceBit(m.piece)) && to.has(m.to)) out.push_back(m);
  return sorted(out);
}

}  // namespace

TEST_CASE("checking the moves to a cell finds exactly the listed legal moves there") {
  GameGenerator generator(77);
  int positions = 0, found = 0, lists = 0, withThrowers = 0;
  for (int g = 0; g < 40; ++g) {
    const GeneratedGame game = generator.next();
    Board board(game.board.type(), game.board.rules(), game.board.firstMover());
    for (const Move& played : game.board.history()) {
      const auto legal = legalMoveVector(board);
      const CellSet near = cellsNearHive(board);
      // Each bug of each colour (all copies, as a reader names them), and all pieces.
      std::vector<uint32_t> masks{kAllPieces};
      for (Color c : {Color::White, Color::Black})
        for (int b = 0; b < kBugs; ++b) {
          uint32_t mask = 0;
          for (int copy = 1; copy <= kBugCopies[b]; ++copy) mask |= pieceBit(pieceId(c, Bug(b), copy));
          masks.push_back(mask);
        }
      for (const uint32_t mask : masks) {
        near.forEach([&](Cell c) {
          CellSet one{};
          one.add(c);
          std::vector<Move> there;
          addLegalMovesTo(board, mask, c, there);
          INFO("ply " << board.ply() << ", cell " << c << ", pieces " << mask);
          CHECK(sorted(there) == listedTo(legal, mask, one));
          found += int(there.size());
        });
        // A list of one cell takes a walk towards it, longer ones one walk that
        // stops when it has found them all: lists of every length up to the
        // longest a reader writes, cut from the cells near the hive in two orders
        // (so that lists end on cells reached and on cells not), a cell added
        // twice, which the list keeps once, and what the list says it holds.
        std::vector<Cell> cells;
        near.forEach([&](Cell c) { cells.push_back(c); });
        for (const bool reversed : {false, true}) {
          if (reversed) std::reverse(cells.begin(), cells.end());
          for (std::size_t start = 0, length = 2; start < cells.size(); start += length, length = length % 18 + 1) {
            CellList list;
            CellSet set{};
            for (std::size_t i = start; i < std::min(cells.size(), start + length); ++i) {
              list.add(cells[i]);
              list.add(cells[start]);
              set.add(cells[i]);
            }
            INFO("ply " << board.ply() << ", " << list.size() << " cells from " << cells[start] << ", pieces " << mask);
            CHECK(list.size() == set.count());
            int misheld = 0;
            for (const Cell c : cells) misheld += list.has(c) != set.has(c);
            CHECK(misheld == 0);
            std::vector<Move> there;
            addLegalMovesTo(board, mask, list, there);
            CHECK(sorted(there) == listedTo(legal, mask, set));
            lists += list.size() > 1;
          }
        }
      }
      ++positions;
      // Only the mover's Pillbug or Mosquito throws: positions with and without one.
      const Color me = board.toMove();
      withThrowers += board.onBoard(pieceId(me, Bug::Pillbug)) || board.onBoard(pieceId(me, Bug::Mosquito));
      board.play(played);
    }
  }
  CHECK(positions > 1000);
  CHECK(found > 10000);  // the comparison saw real moves, not only empty sets
  CHECK(lists > 10000);
  CHECK(withThrowers > 300);
  CHECK(positions - withThrowers > 300);
}

TEST_CASE("an algebraic move without colour or origin: the one legal move that fits, else all that do") {
  // Every legal move written as bug letter and destination only: the reader must
  // name it when no other legal move of that bug reaches the cell, and otherwise
  // say how many do, as many as the full list has.
  GameGenerator generator(78);
  int unique = 0, ambiguous = 0;
  for (int g = 0; g < 25; ++g) {
    const GeneratedGame game = generator.next();
    Board board(game.board.type(), game.board.rules(), game.board.firstMover());
    for (const Move& played : game.board.history()) {
      if (board.ply() >= 2) {
        const GameFrame frame = GameFrame::ofPosition(board);
        for (const Move& m : legalMoveVector(board)) {
          if (m.isPass()) continue;
          const Axial to = frame.at(board, m.to);
          std::string text(1, kBugLetters[int(bugOf(m.piece))]);
          text += grammar::algebraic::qToColumn(to.q) + std::to_string(to.r);
          int same = 0;
          for (const Move& o : legalMoveVector(board))
            same += !o.isPass() && o.to == m.to && bugOf(o.piece) == bugOf(m.piece);
          const Step step = readAlgebraicMove(board, frame, text);
          INFO("ply " << board.ply() << ": " << text << ": " << step.error);
          if (same == 1) {
            REQUIRE(step.move);
            CHECK(*step.move == m);
            ++unique;
          } else {
            CHECK_FALSE(step.move);
            CHECK(step.error.find("ambiguous, " + std::to_string(same) + " legal moves fit") != std::string::npos);
            ++ambiguous;
          }
        }
      }
      board.play(played);
    }
  }
  CHECK(unique > 1000);
  CHECK(ambiguous > 100);
}
