// One move at a time in the notations that resolve written moves against a
// position (pgn-like, direction-based, algebraic): what the file bridges use per
// ply, open to tests and tools that hold a position rather than a game.
// A read gives the Step the replay driver would get: the one move that fits, or why
// none or several do. A write gives the text that resolves to exactly that move.
#pragma once
#include <string>
#include <string_view>
#include <utility>

#include "grammar/algebraic.hpp"
#include "grammar/direction.hpp"
#include "grammar/syntax.hpp"
#include "notation/frame.hpp"
#include "notation/game.hpp"
#include "notation/replay.hpp"
#include "notation/resolve.hpp"

namespace apiary::notation {

// PGN-like: colour by case, no orientation; the second piece goes east of the
// first. The write is the shortest text that fits only `move`, without `#`.
Step readPgnLikeMove(const Board& board, std::string_view text);
std::string writePgnLikeMove(const Board& board, const Move& move);

// Direction-based: pieces relative to the player on move, directions in `frame`.
// The write is canonical (every part kept).
Step readDirectionMove(const Board& board, const GameFrame& frame, std::string_view text);
std::string writeDirectionMove(const Board& board, const GameFrame& frame, const Move& move,
                               grammar::direction::Spelling spelling = grammar::direction::Spelling::Unicode);

// Algebraic: grid coordinates are frame coordinates.
Step readAlgebraicMove(const Board& board, const GameFrame& frame, std::string_view text);
std::string writeAlgebraicMove(const Board& board, const GameFrame& frame, const Move& move,
                               grammar::algebraic::Form form);

// A whole game in a notation that writes moves in the game's own frame (direction,
// algebraic): `describe(before, frame, move)` for each move, the frame advanced
// after it, and the game-type tag set (it also separates games in a file). The
// caller makes the tags fit its notation.
template <class Description, class Describe>
grammar::Game<Description> describeInOwnFrame(const ReplayedGame& game, Describe&& describe) {
  grammar::Game<Description> out;
  out.tags = game.tags;
  setGameTypeTag(out.tags, game.board.type());
  GameFrame frame = GameFrame::ofGame(game.board);
  Board replay(game.board.type(), game.board.rules(), game.board.firstMover());
  for (const Move& m : game.board.history()) {
    out.moves.push_back({describe(std::as_const(replay), std::as_const(frame), m), {}, {}, {}});
    frame.advance(replay, m);
    replay.play(m);
  }
  return out;
}

}  // namespace apiary::notation
