// The direction-based notation (../shared/spec/notations.md section 4): colour-free
// pieces, `×` for the opponent's, directions n a s m r f around the hexagon.
// `A2×Pm`: the mover's second ant goes to the midnight side of the opponent's
// Pillbug. Which ant is "second" and where midnight is are the resolver's business.
//
// Files (as the seed's example games): optional header lines `Name: value` (kept as
// tags), then one line per turn number, `N. ply [ply]`, the first player's Nth turn
// then the second player's. A number may stand on two lines, one ply each (`4. P+Qa`
// then `4. AxMm`), and the first turn may end the header line before it
// (`Tournament: ... 1. L P`), as in the seed. A header line after moves starts the
// next game. Turn numbers are not checked against the move count.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grammar/syntax.hpp"

namespace apiary::grammar::direction {

// In the order they go round the hexagon.
enum class Direction : char {
  Noon = 'n',
  Afternoon = 'a',
  Sunset = 's',
  Midnight = 'm',
  Sunrise = 'r',
  Forenoon = 'f'
};

// Piece notation: `×` when the piece is the opponent's, the bug, and its number among
// the identical visible pieces when written.
struct Piece {
  bool opponent = false;  // the player not on move owns it
  char bug = 0;           // Q B G S A M L P
  int number = 0;         // 1..3; 0 when not written
  bool operator==(const Piece&) const = default;
};

struct Move {
  bool pass = false;                   // `—` or `--`; nothing else is set
  Piece piece;                         // the moved (or placed) piece
  bool placement = false;              // `+`, or `✳︎` (`+×`) with an opponent reference
  std::optional<Piece> reference;      // the target next to the destination
  std::optional<Direction> direction;  // from the target, or from the moved piece
                                       // when there is no reference
  bool operator==(const Move&) const = default;
};

// The opponent mark, the `+×` star and the pass: `×` `✳︎` `—` or `x` `*` `--`.
enum class Spelling { Unicode, Ascii };

// One move written alone; nothing when `text` is not exactly one move. `why`, when
// given, receives the reason.
std::optional<Move> parseMove(std::string_view text, std::string* why = nullptr);

// Every game in a file (see the layout above). Errors carry their position; a bad
// line is skipped, a bad ply costs only itself.
std::vector<Game<Move>> parseGames(std::string_view text);
// The same, each game handed to `sink` as soon as it is complete.
void parseGames(std::string_view text, const GameSink<Move>& sink);

// The move as the description holds it: every part that is set, nothing else.
std::string writeMove(const Move& move, Spelling spelling = Spelling::Unicode);
// Header lines `Name: value`, then `N. first second` per line.
std::string writeGame(const Game<Move>& game, Spelling spelling = Spelling::Unicode);

}  // namespace apiary::grammar::direction
