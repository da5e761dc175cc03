#include "notation/replay.hpp"

#include <algorithm>
#include <utility>

#include "notation/repair.hpp"
#include "notation/uhp_text.hpp"

namespace apiary::notation {

void finishReplay(ReplayedGame& game, const ReplaySetup& setup) {
  const auto& history = game.board.history();
  for (std::size_t i = 0; i < history.size() && i < 2; ++i)
    if (!history[i].isPass() && bugOf(history[i].piece) == Bug::Queen)
      game.notes.push_back("opens with a Queen (played before the tournament rule)");
  if (setup.type) return;
  // Every move stays legal under the smaller type: the absent bugs were never in
  // play, and no rule depends on pieces in hand but one's own Queen.
  // A piece once placed never leaves, so the pieces on the board are those used.
  GameType type = GameType::containing(game.board.piecesOnBoard());
  if (setup.unnamedType) type.expansions |= setup.unnamedType->expansions;
  if (type == game.board.type()) return;
  Board smaller(type, game.board.rules(), game.board.firstMover());
  for (const Move& m : history) smaller.play(m);
  game.board = std::move(smaller);
}

const grammar::Rejection& firstSyntaxError(const std::vector<grammar::Rejection>& errors) {
  return *std::min_element(errors.begin(), errors.end(), [](const auto& a, const auto& b) {
    return std::pair(a.line, a.column) < std::pair(b.line, b.column);
  });
}

void rejectForSyntax(ReplayedGame& game, const grammar::Rejection& error, std::size_t movesBefore) {
  const int ply = movesBefore == 0 ? 0 : game.board.ply() + 1;
  game.error = grammar::rejectionAt(error.line, error.column, ply, error.message);
}

bool repairOrReject(ReplayedGame& game, const ReplaySetup& setup, const grammar::SourcePos& at, std::string_view text,
                    std::string why, const std::optional<Repaired>& repair) {
  const int ply = game.board.ply() + 1;
  if (repair && setup.lenient && int(game.repairs.size()) < kMaxRepairs) {
    game.repairs.push_back(
        {grammar::rejectionAt(at.line, at.column, ply, repairMessage(game.board, text, *repair)), repair->kind});
    playObserved(game.board, setup, repair->move);
    return true;
  }
  std::string message = "'" + grammar::printable(text) + "': " + why;
  if (repair && !setup.lenient)
    message +=
        "; lenient reading would take this as " + moveString(game.board, repair->move) + " (" + repair->detail + ")";
  else if (repair) message += "; a game is repaired at most " + std::to_string(kMaxRepairs) + " times";
  game.error = grammar::rejectionAt(at.line, at.column, ply, std::move(message));
  return false;
}

}  // namespace apiary::notation
