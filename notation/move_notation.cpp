#include "notation/move_notation.hpp"

#include "engine/uhp.hpp"
#include "notation/move_text.hpp"
#include "notation/position_input.hpp"

namespace apiary::notation {

std::optional<notation::WriteFormat> parseMoveNotation(std::string_view name) {
  if (name == "standard") return notation::WriteFormat::Uhp;
  const auto format = notation::parseWriteFormat(name);
  if (format == notation::WriteFormat::PositionString) return std::nullopt;
  return format;
}

MoveNotation::MoveNotation(notation::WriteFormat format, const Board& position) : format_(format), position_(position) {}

std::string MoveNotation::write(const Board& board, const Move& move) const {
  using notation::WriteFormat;
  if (format_ == WriteFormat::Uhp) return moveString(board, move);
  if (format_ == WriteFormat::PgnLike) return notation::writePgnLikeMove(board, move);
  notation::GameFrame frame = notation::GameFrame::ofPosition(board);
  if (!isSetUp(position_)) {
    Board game = position_;  // the frame of the game as this move continues it
    game.play(move);
    frame = notation::GameFrame::ofGame(game);
  }
  switch (format_) {
    case WriteFormat::Direction: return notation::writeDirectionMove(board, frame, move);
    case WriteFormat::AlgebraicLong: return notation::writeAlgebraicMove(board, frame, move, grammar::algebraic::Form::Long);
    case WriteFormat::AlgebraicCompressed:
      return notation::writeAlgebraicMove(board, frame, move, grammar::algebraic::Form::Compressed);
    default: return notation::writeAlgebraicMove(board, frame, move, grammar::algebraic::Form::Short);
  }
}

}  // namespace apiary::notation
