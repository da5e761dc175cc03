#include "query/game_position.hpp"

#include <string>

#include "query/error.hpp"

namespace apiary::query {

Board positionFromGame(const index::GameSearch& catalogue, index::GameId id, std::optional<uint32_t> ply) {
  const auto row = catalogue.movesOf(id);
  if (!row) throw QueryError(ErrorKind::NotFound, "game", "--game " + std::to_string(id) + ": no such game");
  if (ply && *ply > row->plies)
    throw QueryError(ErrorKind::BadInput, "ply",
                     "--ply " + std::to_string(*ply) + ": game " + std::to_string(id) + " has " +
                         std::to_string(row->plies) + " plies");
  index::GameRow start = *row;
  start.moves.resize(ply.value_or(row->plies));
  auto board = start.replay();
  if (!board)
    throw QueryError(ErrorKind::Corrupt, "game", "--game " + std::to_string(id) + " does not replay (run apiary check)");
  return *board;
}

Board readPosition(const notation::PositionInput& in, const index::GameSearch& catalogue) {
  if (!in.game) return notation::positionFromInput(in);
  notation::PositionInput rest = in;
  rest.game.reset();
  rest.ply.reset();
  if (rest.moves || rest.movesFile || rest.gameString || rest.fen)
    throw QueryError(ErrorKind::BadInput, "game",
                     "give the position once: --moves, --moves-file, --game-string, --fen or --game");
  return positionFromGame(catalogue, *in.game, in.ply);
}

}  // namespace apiary::query
