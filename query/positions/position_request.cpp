#include "query/positions/position_request.hpp"

#include <stdexcept>
#include <string>

#include "notation/position_text.hpp"
#include "query/error.hpp"

namespace apiary::query {

namespace {

// What notation/ throws about a text, as an error of the field it came from.
template <class Read>
decltype(auto) readField(Field field, Read&& read) {
  try {
    return read();
  } catch (const QueryError&) {
    throw;
  } catch (const std::invalid_argument& e) {
    throw QueryError(ErrorKind::BadInput, field, std::string(": ") + e.what());
  }
}

Board baseOf(const PositionRequest& r, const index::GameSearch* catalogue) {
  if (r.game) {
    if (!catalogue) throw QueryError(ErrorKind::BadInput, Field::Game, ": a stored game is not taken here");
    return positionFromGame(*catalogue, *r.game, r.ply);
  }
  const notation::PositionTextOptions options{r.notation, r.gameType.value_or(GameType::all())};
  return readField(Field::Position, [&] {
    switch (r.form) {
      case PositionForm::GameString: return notation::positionFromGameString(r.position);
      case PositionForm::PositionString: return notation::positionFromFen(r.position);
      case PositionForm::Any: break;
    }
    return notation::positionFromText(r.position, options);
  });
}

// A text's game rewound to `ply` plies: a pasted game opens where asked.
void rewind(Board& board, uint32_t ply) {
  const int last = board.ply(), first = last - int(board.history().size());
  if (int(ply) < first || int(ply) > last)
    throw QueryError(ErrorKind::BadInput, Field::Ply,
                     " " + std::to_string(ply) + ": only plies " + std::to_string(first) + " to " +
                         std::to_string(last) + " are known");
  while (board.ply() > int(ply)) board.undo();
}

}  // namespace

Board positionFromGame(const index::GameSearch& catalogue, index::GameId id, std::optional<uint32_t> ply) {
  const auto row = catalogue.movesOf(id);
  if (!row) throw QueryError(ErrorKind::NotFound, Field::Game, " " + std::to_string(id) + ": no such game");
  if (ply && *ply > row->plies)
    throw QueryError(
        ErrorKind::BadInput, Field::Ply,
        " " + std::to_string(*ply) + ": game " + std::to_string(id) + " has " + std::to_string(row->plies) + " plies");
  index::GameRow start = *row;
  start.moves.resize(ply.value_or(row->plies));
  auto board = start.replay();
  if (!board)
    throw QueryError(ErrorKind::Corrupt, Field::Game, " " + std::to_string(id) + " does not replay (run apiary check)");
  return *board;
}

Board readPosition(const PositionRequest& r, const index::GameSearch* catalogue) {
  if (r.game && !r.position.empty())
    throw QueryError(ErrorKind::BadInput, Field::Game, ": give the position once: a text or a stored game");
  Board board = [&] {
    if (r.game || !r.position.empty()) return baseOf(r, catalogue);
    // From the start, `moves` is a move list in any notation, read as a position is.
    const notation::PositionTextOptions options{r.notation, r.gameType.value_or(GameType::all())};
    return readField(Field::Moves, [&] { return notation::positionFromMoves(r.moves, options); });
  }();
  if (r.ply && !r.game) rewind(board, *r.ply);
  if (!r.moves.empty() && (r.game || !r.position.empty()))
    readField(Field::Moves, [&] { notation::playUhpMoves(board, r.moves); });
  return board;
}

}  // namespace apiary::query
