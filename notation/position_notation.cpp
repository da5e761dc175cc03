// Hive position strings: one position, no history. Reading sets up a board (copies
// numbered in reading order, the game type the smallest that holds the pieces);
// writing draws a board in the true axial coordinates of its game.
#include <algorithm>

#include "grammar/position_string.hpp"
#include "notation/notations.hpp"

namespace apiary::notation {

namespace {

// Which side moves when the string does not say: White moves first, so with as
// many pieces each it is White's turn, otherwise the side with fewer pieces'.
Color inferredMover(const std::vector<PlacedStack>& stacks) {
  int white = 0, black = 0;
  for (const auto& s : stacks)
    for (PieceId p : s.pieces) (colorOf(p) == Color::White ? white : black) += 1;
  return black < white ? Color::Black : Color::White;
}

// Whether the stacks form one hive: each reachable from the first through
// neighbouring stacks. No game reaches a position that breaks this, and the board
// (a torus 32 cells wide, where pieces far apart would land on one cell) and the
// canonical keys are built on it.
bool formOneHive(const std::vector<PlacedStack>& stacks) {
  if (stacks.empty()) return true;
  std::vector<bool> reached(stacks.size(), false);
  std::vector<std::size_t> todo{0};
  reached[0] = true;
  std::size_t count = 1;
  while (!todo.empty()) {
    const Axial at = stacks[todo.back()].at;
    todo.pop_back();
    for (std::size_t i = 0; i < stacks.size(); ++i)
      for (int d = 0; d < kDirs && !reached[i]; ++d)
        if (step(at, d) == stacks[i].at) {
          reached[i] = true;
          ++count;
          todo.push_back(i);
        }
  }
  return count == stacks.size();
}

}  // namespace

grammar::OrRejection<Board> readPosition(std::string_view text) {
  const auto parsed = grammar::parsePositionString(text);
  if (!parsed.errors.empty()) {
    const auto& e = parsed.errors.front();
    return {std::nullopt, grammar::rejectionAt(e.line, e.column, 0, e.message)};
  }
  std::vector<PlacedStack> stacks;
  std::array<int, 2 * kBugs> copies{};
  uint32_t used = 0;
  PieceId lastMoved = kNoPiece;
  for (const auto& cell : parsed.position->cells) {
    PlacedStack stack{Axial{cell.col, cell.row}, {}};
    for (std::size_t level = 0; level < cell.stack.size(); ++level) {
      const auto& piece = cell.stack[level];
      const Color color = piece.color == 'w' ? Color::White : Color::Black;
      const Bug bug = Bug(kBugLetters.find(piece.bug));
      int& copy = copies[int(color) * kBugs + int(bug)];
      if (++copy > kBugCopies[int(bug)])
        return {std::nullopt,
                grammar::rejectionAt(1, 1, 0, "too many " + std::string(1, piece.bug) + " of one colour")};
      const PieceId id = pieceId(color, bug, copy);
      used |= pieceBit(id);
      stack.pieces.push_back(id);
      const auto& mark = parsed.position->lastMoved;
      if (mark && mark->col == cell.col && mark->row == cell.row && mark->level == int(level)) lastMoved = id;
    }
    stacks.push_back(std::move(stack));
  }
  if (!formOneHive(stacks)) return {std::nullopt, grammar::rejectionAt(1, 1, 0, "the pieces do not form one hive")};
  const auto side = parsed.position->sideToMove;
  const Color mover = side ? (*side == 'b' ? Color::Black : Color::White) : inferredMover(stacks);
  return {Board::fromPosition(GameType::containing(used), Rules{}, mover, stacks, lastMoved), {}};
}

std::string writePosition(const Board& board) {
  grammar::PositionString out;
  for (PieceId p = 0; p < kPieces; ++p) {
    if (!board.onBoard(p) || board.under(p) != kNoPiece) continue;
    const Axial at = board.axialOfPiece(p);
    grammar::PositionCell cell{at.q, at.r, {}};
    std::vector<PieceId> stack;
    for (PieceId q = board.top(board.cellOf(p)); q != kNoPiece; q = board.under(q)) stack.push_back(q);
    std::reverse(stack.begin(), stack.end());
    for (std::size_t level = 0; level < stack.size(); ++level) {
      const PieceId q = stack[level];
      cell.stack.push_back({colorOf(q) == Color::White ? 'w' : 'b', kBugLetters[int(bugOf(q))]});
      if (q == board.lastMoved()) out.lastMoved = grammar::PositionMark{at.q, at.r, int(level)};
    }
    out.cells.push_back(std::move(cell));
  }
  out.sideToMove = board.toMove() == Color::White ? 'w' : 'b';
  return grammar::writePositionString(out);
}

void readPositions(std::string_view text, const GameSink& sink) {
  NumberedSink out(sink);
  int line = 0;
  for (const auto row : grammar::splitLines(text)) {
    ++line;
    if (grammar::trimBlanks(row).empty()) continue;
    ReplayedGame game;
    game.pos = {line, 1};
    game.setUp = true;
    auto position = readPosition(row);
    if (position) {
      game.board = std::move(*position.value);
    } else {
      game.error = position.error;
      game.error->line = line;
    }
    out(std::move(game));
  }
}

}  // namespace apiary::notation
