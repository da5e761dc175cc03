// Hive position strings ("Hive FEN", notations.md section 5): one position, no
// history, e.g. `7a3/6A4/5M=bGlgp=B=mS/4GL1q2s/2gG=B=bP6/1aQA:7/1as8/1g9/A10 w`.
//
// Reading decided from the real example: every letter is one piece (upper case
// white, lower case black) and `=` puts the next piece on top of the previous
// one. `bG` inside `M=bG` is not a colour prefix: `M=b` is a white Mosquito under
// a black Beetle, then comes a white Grasshopper. Only this reading gives every
// row of the example the same width (11), as a parallelogram must, and it leaves
// no letter for a "colour prefix" to mean (`b` is the black Beetle, and a black
// Beetle on a Mosquito is an ordinary stack). Digits are runs of empty cells
// (`10` is ten), `:` follows the piece that moved last, ` w`/` b` gives the side
// to move.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grammar/syntax.hpp"

namespace apiary::grammar {

struct PositionPiece {
  char color = 'w';  // 'w' or 'b'
  char bug = 'Q';    // upper case: Q S B G A M L P
  friend bool operator==(const PositionPiece&, const PositionPiece&) = default;
};

// Rows run in ascending axial r, each from the smallest q of the parallelogram,
// so a parsed cell's (col, row) is (q - minQ, r - minR): add any offset to place
// the position on a board.
struct PositionCell {
  int col = 0;
  int row = 0;
  std::vector<PositionPiece> stack;  // bottom first
  friend bool operator==(const PositionCell&, const PositionCell&) = default;
};

struct PositionMark {
  int col = 0;
  int row = 0;
  int level = 0;  // index in the stack of the piece the `:` follows
  friend bool operator==(const PositionMark&, const PositionMark&) = default;
};

struct PositionString {
  std::vector<std::string> rows;    // as written (parse only; the writer ignores it)
  std::vector<PositionCell> cells;  // occupied cells, in reading order
  std::optional<PositionMark> lastMoved;
  std::optional<char> sideToMove;  // 'w' or 'b'
};

// A text that does not follow the grammar gives no position and an error with
// its column; a readable one whose rows differ in width, or with two `:`, gives
// the position and errors saying so.
struct PositionParseResult {
  std::optional<PositionString> position;
  std::vector<Rejection> errors;
  explicit operator bool() const { return position.has_value(); }
};
PositionParseResult parsePositionString(std::string_view text);
// A run of empty cells making a row wider than this is an error (28 pieces span fewer).
inline constexpr int kMaxRowWidth = 64;

// The smallest parallelogram around `cells` (any coordinates: only differences
// matter), in the spelling above; exact inverse of parsing for canonical text.
// Empty stacks are ignored; a cell listed twice has its stacks joined in order.
// No piece at all is written `1`, one empty cell (the readers take `6` as well).
std::string writePositionString(const PositionString& position);

}  // namespace apiary::grammar
