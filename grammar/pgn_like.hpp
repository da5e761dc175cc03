// The PGN-like notation (../shared/spec/notations.md section 3): case gives colour,
// pieces are never numbered, a location is a neighbour qualified by other pieces and
// angles. `+SGs2` places a white spider next to the white grasshopper, 2 places
// clockwise around it from the black spider.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grammar/syntax.hpp"

namespace apiary::grammar::pgn_like {

// ref := piece ('(' ref ')')? angle?   e.g. `b(S)2`, `Q(s2)3`, `s1`.
struct Reference {
  char piece = 0;                    // one of QqGgAaSsBbMmLlPp
  std::vector<Reference> qualifier;  // empty, or the one bracketed reference
                                     // that tells which `piece` is meant
  int angle = 0;                     // 1..5, 0 when not written
  bool operator==(const Reference&) const = default;
};

// location := piece ref?   e.g. `G`, `Gs2`, `ab(S)2`.
struct Location {
  char neighbour = 0;              // the piece next to the location
  std::optional<Reference> other;  // a piece next to `neighbour`, angle from it
  bool operator==(const Location&) const = default;
};

// ply := ('+' piece | piece ('x' piece)? | 'pass') (location ('-' location)?)? '#'?
struct Ply {
  enum class Kind { Move, Place, Pass };
  Kind kind = Kind::Move;
  char piece = 0;                // the moving or placed piece; 0 for a pass
  char under = 0;                // `x` climbs onto this piece; 0 when absent
  std::optional<Location> from;  // locates the moving piece (`from-to`)
  std::optional<Location> to;    // the destination
  bool endsGame = false;         // `#`
  bool operator==(const Ply&) const = default;
};

// One ply written alone (no surrounding blanks or comment); nothing when `text` is
// not exactly one ply.
std::optional<Ply> parsePly(std::string_view text);

// Every game in a file. Tags, then turns `INT '.' ply ply?`; a tag after moves
// starts a new game. Comments (`{...}` or `;` to the end of the line) attach to the
// move before them; those before the first move are dropped. After an error the
// rest of the turn is skipped and parsing goes on at the next turn number or tag.
std::vector<Game<Ply>> parseGames(std::string_view text);
// The same, each game handed to `sink` as soon as it is complete.
void parseGames(std::string_view text, const GameSink<Ply>& sink);

// The ply as the tree holds it (choosing the shortest form is the resolver's job).
std::string writePly(const Ply& ply);
// Tags one per line, a blank line, then one numbered turn (two plies) per line;
// comments are written `{...}` after their move.
std::string writeGame(const Game<Ply>& game);

}  // namespace apiary::grammar::pgn_like
