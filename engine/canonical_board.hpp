// A board whose canonical position is kept up to date move by move, for walking
// through every position of a game: a Board and the CanonicalTrack that follows it
// (canonical_track.hpp says how). canonical() is always exactly
// canonicalize(board()), and hashed() its key's hash and frame.
#pragma once
#include <utility>

#include "engine/canonical_track.hpp"

namespace apiary {

class CanonicalBoard {
 public:
  explicit CanonicalBoard(Board board) : board_(std::move(board)), track_(board_) {}
  const Board& board() const { return board_; }
  // Plays a move the board accepts (Board::play trusts its move, and so does this).
  void play(const Move& m) {
    track_.beforeMove(board_, m);
    board_.play(m);
    track_.afterMove(board_, m);
  }
  CanonicalPosition canonical() const { return track_.canonical(board_); }
  HashedPosition hashed() const { return track_.hashed(board_); }

 private:
  Board board_;
  CanonicalTrack track_;
};

}  // namespace apiary
