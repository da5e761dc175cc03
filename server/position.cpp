#include "server/position.hpp"

#include <stdexcept>

#include "engine/movegen.hpp"
#include "engine/uhp.hpp"
#include "query/error.hpp"
#include "query/game_position.hpp"
#include "notation/position_input.hpp"

namespace apiary::server {

namespace {

std::string trimmed(std::string_view text) {
  const auto begin = text.find_first_not_of(" \t\r\n");
  if (begin == std::string_view::npos) return {};
  const auto end = text.find_last_not_of(" \t\r\n");
  return std::string(text.substr(begin, end - begin + 1));
}

// isLegal asks the move's piece; a pass has none: it is legal when nothing else is.
bool legalHere(const Board& board, const Move& move) {
  if (!move.isPass()) return isLegal(board, move);
  MoveList legal;
  legalMoves(board, legal);
  return legal.contains(move);
}

void playMoves(Board& board, std::string_view moves) {
  int ply = 0;
  for (std::size_t start = 0; start <= moves.size();) {
    std::size_t end = moves.find(';', start);
    if (end == std::string_view::npos) end = moves.size();
    const std::string text = trimmed(moves.substr(start, end - start));
    start = end + 1;
    if (text.empty()) continue;
    ++ply;
    const auto fail = [&](const std::string& why) {
      throw query::QueryError(query::ErrorKind::BadInput, "moves",
                              "moves: move " + std::to_string(ply) + ": '" + text.substr(0, 40) + "': " + why);
    };
    if (board.gameOver()) fail("the game is over");
    const MoveOrError read = parseMoveString(board, text);
    if (!read.move) fail(read.error);
    if (!legalHere(board, *read.move)) fail("not a legal move here");
    board.play(*read.move);
  }
}

}  // namespace

Board requestedBoard(const Params& params, const index::GameSearch* catalogue) {
  Board board = [&] {
    if (params.game) {
      if (!catalogue) throw query::QueryError(query::ErrorKind::BadInput, "game", "game: not taken here");
      return query::positionFromGame(*catalogue, *params.game, params.ply);
    }
    try {
      return notation::positionFromLine(params.position);
    } catch (const query::QueryError&) {
      throw;
    } catch (const std::invalid_argument& e) {
      throw query::QueryError(query::ErrorKind::BadInput, "position", e.what());
    }
  }();
  playMoves(board, params.moves);
  return board;
}

}  // namespace apiary::server
