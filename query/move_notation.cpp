#include "query/move_notation.hpp"

#include "engine/uhp.hpp"
#include "ingest/move_text.hpp"
#include "query/position_input.hpp"

namespace apiary::query {

std::optional<ingest::WriteFormat> parseMoveNotation(std::string_view name) {
  if (name == "standard") return ingest::WriteFormat::Uhp;
  const auto format = ingest::parseWriteFormat(name);
  if (format == ingest::WriteFormat::PositionString) return std::nullopt;
  return format;
}

MoveNotation::MoveNotation(ingest::WriteFormat format, const Board& position) : format_(format), position_(position) {}

std::string MoveNotation::write(const Board& board, const Move& move) const {
  using ingest::WriteFormat;
  if (format_ == WriteFormat::Uhp) return moveString(board, move);
  if (format_ == WriteFormat::PgnLike) return ingest::writePgnLikeMove(board, move);
  ingest::GameFrame frame = ingest::GameFrame::ofPosition(board);
  if (!isSetUp(position_)) {
    Board game = position_;  // the frame of the game as this move continues it
    game.play(move);
    frame = ingest::GameFrame::ofGame(game);
  }
  switch (format_) {
    case WriteFormat::Direction: return ingest::writeDirectionMove(board, frame, move);
    case WriteFormat::AlgebraicLong: return ingest::writeAlgebraicMove(board, frame, move, grammar::algebraic::Form::Long);
    case WriteFormat::AlgebraicCompressed:
      return ingest::writeAlgebraicMove(board, frame, move, grammar::algebraic::Form::Compressed);
    default: return ingest::writeAlgebraicMove(board, frame, move, grammar::algebraic::Form::Short);
  }
}

}  // namespace apiary::query
