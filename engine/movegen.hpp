// Legal moves. A move is a distinct (piece, from, to): the same destination reached
// by a walk and by a Pillbug throw, or by two bugs a Mosquito copies, is one move.
// A pass is legal only when nothing else is; a finished game has no moves.
#pragma once
#include <array>
#include <cstddef>

#include "engine/board.hpp"
#include "engine/pinned.hpp"  // pinnedPieces

namespace apiary {

// A fixed-capacity list, so that search and perft never allocate. Its storage is
// left uninitialised: constructing 2048 moves per call was a measurable cost.
class MoveList {
 public:
  MoveList() {}
  static constexpr std::size_t kCapacity = 2048;
  void push(const Move& m) { moves_[size_++] = m; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  void clear() { size_ = 0; }
  const Move& operator[](std::size_t i) const { return moves_[i]; }
  const Move* begin() const { return moves_; }
  const Move* end() const { return moves_ + size_; }
  bool contains(const Move& m) const;

 private:
  union {
    Move moves_[kCapacity];
  };
  std::size_t size_ = 0;
};

// Every legal move of the position.
void legalMoves(const Board& board, MoveList& out);
// The legal moves of some pieces (a pieceBit mask): their placements, their own
// moves, and throws of them. Readers that know which bug moved ask only this.
void legalMovesOfPieces(const Board& board, uint32_t pieces, MoveList& out);
inline void legalMovesOf(const Board& board, PieceId piece, MoveList& out) {
  legalMovesOfPieces(board, pieceBit(piece), out);
}
inline constexpr uint32_t kAllPieces = (uint32_t(1) << kPieces) - 1;
// The number of legal moves (a forced pass counts as one), without listing them.
int countLegalMoves(const Board& board);
// Whether the move is legal here, generating only what the move's piece needs.
bool isLegal(const Board& board, const Move& move);

// Whether lifting this one piece would split the hive (a flood fill, cheaper than
// all articulation points when only one piece is asked about).
bool splitsHive(const Board& board, PieceId piece);
// Whether a placement is legal, checked at its cell alone.
bool isLegalPlacement(const Board& board, const Move& move);

}  // namespace apiary
