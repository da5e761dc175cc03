#include "notation/move_notation.hpp"

#include "notation/notation_table.hpp"

namespace apiary::notation {

std::optional<WriteFormat> parseMoveNotation(std::string_view name) {
  const Notation* notation = findNotation(name, NotationUse::WriteMoves);
  return notation ? notation->writes : std::nullopt;
}

// A format that writes no single moves (fen) writes them in UHP, as the API's
// `uhp` fields do.
MoveNotation::MoveNotation(WriteFormat format, const Board& position)
    : writer_(notationWriting(format).writeMove), position_(position) {
  if (!writer_) writer_ = notationWriting(WriteFormat::Uhp).writeMove;
}

std::string MoveNotation::write(const Board& board, const Move& move) const {
  return writer_(position_, board, move);
}

}  // namespace apiary::notation
