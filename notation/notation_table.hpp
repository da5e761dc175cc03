// The one table of the notations apiary knows. A row says what a notation is
// called, how detection tells it (its grammar's sniffer), how it reads a text,
// how it writes a game and a single move, and which lenient repairs its reader
// makes. Code names a notation by its row (`const Notation&`). Detection walks
// the rows, and every list of notations (the CLI's options, their help, checks
// and completion, the HTTP API's values and its /api/notations answer) is made
// from them: a new notation is its own files and one row.
#pragma once
#include <array>
#include <span>
#include <string>
#include <string_view>

#include "engine/board.hpp"
#include "grammar/detect.hpp"
#include "notation/game.hpp"
#include "notation/repair.hpp"

namespace apiary::notation {

using GameReader = void (*)(std::string_view text, const GameSink& sink, ReadOptions options);
using GameWriter = std::string (*)(const ReplayedGame& game);
// A move legal on `board`, the user's `position` set up again; `position` keeps the
// history that fixes the frame of the self-orienting notations.
using MoveWriter = std::string (*)(const Board& position, const Board& board, const Move& move);

// What lenient reading may repair in a notation (notation/repair.hpp).
struct LenientRepairs {
  bool slideRules = false;
  ColourLetters colourLetters = ColourLetters::None;
};

struct Notation {
  std::string_view name;
  std::array<std::string_view, 2> aliases{};  // unused entries empty
  const grammar::Sniffer* sniffer = nullptr;  // none: never detected (a written form only)
  GameReader readGames = nullptr;
  GameWriter writeGame = nullptr;
  MoveWriter writeMove = nullptr;  // none: it writes games, not single moves
  LenientRepairs repairs;
  // Its texts hold set-up positions, not games: ingest stores none of them, and
  // convert writes a set-up position only in such a notation.
  bool positions = false;
  // Its games begin with White (UHP), or read back so (direction, colour-free):
  // writeGame writes a game Black began with its colours swapped (white_first.hpp).
  bool whiteFirst = false;
};

// What a command asks of a notation: convert and ingest read games, convert and a
// game's export write games, explore writes moves.
enum class NotationUse { Read, Write, WriteMoves };
bool serves(const Notation& notation, NotationUse use);

std::span<const Notation> notationTable();

// The row a user's word names (a name or an alias, any case, blanks around
// ignored) among those that serve `use`; nullptr for any other word.
const Notation* findNotation(std::string_view word, NotationUse use, std::span<const Notation> table = notationTable());
// "uhp, sgf, pgn-like, ...": the names of the rows that serve `use`, with their
// aliases in parentheses when asked, for help texts and error messages.
std::string notationNames(NotationUse use, bool withAliases = false, std::span<const Notation> table = notationTable());
// The same as words separated by spaces, aliases included: a completion's list.
std::string notationWords(NotationUse use, std::span<const Notation> table = notationTable());

// UHP's row: what apiary writes when no notation is asked, and the notation of
// GameStrings.
const Notation& uhpNotation();

}  // namespace apiary::notation
