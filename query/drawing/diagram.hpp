// A position as a picture: what every drawing of it shows (the stacks at their true
// coordinates, the last move, whose turn), and that picture drawn as text for a
// terminal. The SVG drawing (svg.hpp) takes the same Diagram, so the terminal and the
// file always agree on what the position is.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "engine/board.hpp"

namespace apiary::query {

struct DiagramStack {
  Axial at;
  std::vector<PieceId> pieces;  // bottom to top, never empty
  PieceId top() const { return pieces.back(); }
  int height() const { return int(pieces.size()); }
  std::string name() const;  // its pieces top first: "wB1 on bQ"
};

struct Diagram {
  std::vector<DiagramStack> stacks;  // row by row (r, then q)
  Color toMove = Color::White;
  GameState state = GameState::NotStarted;
  int ply = 0;
  // The last move: where the piece went, where it came from (nullopt for a placement
  // or a set-up position, which knows the piece but not its origin), and its UHP
  // move string (empty when unknown). A pass marks nothing.
  std::optional<Axial> lastTo;
  std::optional<Axial> lastFrom;
  std::string lastMove;

  const DiagramStack* stackAt(Axial a) const;
};

Diagram diagramOf(const Board& board);

// "ply 12, Black to move; last move wB1 /bQ", or "... White wins ...".
std::string statusText(const Diagram& diagram);

struct TextStyle {
  bool color = false;  // ANSI colours: only when writing to a terminal
  bool legend = true;  // a key and the stacks' contents under the board
};

// The hive on a hex grid drawn with offset rows: each row is shifted half a cell from
// the one above, so the six neighbours of a cell are left, right, and two above and
// below. One ring of empty cells ('.') frames the hive. A piece is its bug letter,
// upper case for White and lower case for Black (also in colour, so the text keeps
// its meaning when copied), followed by the stack's height when it is above 1. The
// last move's piece is in [ ], the cell it left in ( ). Without colour the text is a
// pure function of the diagram: the golden tests compare it byte for byte.
std::string drawText(const Diagram& diagram, const TextStyle& style = {});

}  // namespace apiary::query
