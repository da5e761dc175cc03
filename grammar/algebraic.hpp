// The algebraic (grid) notation (../shared/spec/notations.md section 5): a column
// letter for axial q and a row number for axial r, grid fixed by the first two bugs.
// `wA m-1 n2` long, `wA m n2` short (the origin only as far as needed), `wAmn2`
// compressed, `wA @m-1` a placement, `wG 3 k1 (wP k2)` a Pillbug-assisted move.
//
// Columns: `m` is q = 0, `n` 1, ..., `z` 13, then `aa` 14, `bb` 15, ...; `l` is -1,
// ..., `a` -12, then `zz` -13, `yy` -14, ... The names repeat every 52 columns
// (single letters, then doubled ones), so a name fixes q only up to a multiple of 52;
// the seed relies on no game spanning that many. columnToQ gives the value nearest
// to 0 (-25..26; `mm` is 26), the resolver may shift it by 52 to meet the hive.
//
// Reading the compressed form. Columns are a letter, once or doubled; rows are
// signed integers (`+2` and `2` are the same row). Within one word, the origin's
// column is read as short as possible: `wAmm2` is `wA m m2`, not `wA mm2` (column
// mm lies 26 columns from the middle, so this is the likely meaning), and `wAmmm2`
// is `wA m mm2`. With a blank after the piece the words are taken as they stand:
// `wA mm2` goes to mm2. The compressed writer checks that its output reads back to
// the same move and otherwise writes the short form.
//
// Files (the seed fixes none): optional PGN tag pairs `[Name "value"]` (a tag after
// moves starts the next game), then moves separated by blanks or line ends, each
// optionally preceded by a number `7.` or `7...` (numbers are not checked). `pass`
// is a move. Comments `{...}` (on one line) and `;` to the end of the line attach to
// the move before them. The writer numbers every move, one per line: `1. wG m0`.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grammar/syntax.hpp"

namespace apiary::grammar::algebraic {

// Rows are read up to a million either way: far beyond any game's, which spans
// fewer than 30, wherever its first piece was written.
constexpr int kFarthestRow = 1'000'000;

// Column text <-> axial q; nothing for text that names no column.
std::optional<int> columnToQ(std::string_view column);
std::string qToColumn(int q);  // any q, by the 52-column period

struct Piece {
  char colour = 0;  // 'w', 'b', or 0 when not written
  char bug = 0;     // Q S B G A M L P
  bool operator==(const Piece&) const = default;
};

// A cell, or as much of one as was written (an origin may give only the column or
// only the row).
struct Cell {
  std::optional<int> q;  // the column, as columnToQ gives it
  std::optional<int> r;  // the row
  bool operator==(const Cell&) const = default;
};

// `(wP)` or `(wP k2)`: the Pillbug that moved the piece.
struct Assist {
  Piece piece;
  std::optional<Cell> at;  // complete when present
  bool operator==(const Assist&) const = default;
};

struct Move {
  bool pass = false;  // `pass`; nothing else is set
  Piece piece;
  bool placement = false;    // `@` written; without it a move with no origin may
                             // still be a placement: the resolver decides
  std::optional<Cell> from;  // the moving piece's cell, as far as written
  Cell to;                   // the destination, always complete
  std::optional<Assist> assist;
  bool operator==(const Move&) const = default;
};

// Long: rows always signed (`n+2`, `m-1`, `m0`); short: `+` left out; compressed:
// no blanks. Each writes exactly the parts the move holds.
enum class Form { Long, Short, Compressed };

// One move written alone; nothing when `text` is not exactly one move.
std::optional<Move> parseMove(std::string_view text);

// Every game in a file (see the layout above). A bad move is reported at its
// position and the rest of its line is skipped.
std::vector<Game<Move>> parseGames(std::string_view text);
// The same, each game handed to `sink` as soon as it is complete.
void parseGames(std::string_view text, const GameSink<Move>& sink);

std::string writeMove(const Move& move, Form form);
// Tags, a blank line, then one numbered move per line with its `{comment}`.
std::string writeGame(const Game<Move>& game, Form form);

}  // namespace apiary::grammar::algebraic
