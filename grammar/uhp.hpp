// Standard notation (the Universal Hive Protocol's move strings) and the files
// written with it: UHP GameStrings and the PGN-style files of Mzinga and
// hivegame.com. Syntax only: `wA1 bQ/` becomes "white Ant 1, next to the black
// Queen on its north-east side", never a board move.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grammar/syntax.hpp"

namespace apiary::grammar {

// A piece as UHP names it: `wA1`, `bQ`. Always canonical case ('w'/'b', upper
// case bug) whatever the text said.
struct PieceName {
  char color = 'w';  // 'w' or 'b'
  char bug = 'Q';    // one of Q S B G A M L P
  int number = 0;    // entry order 1-3; 0 when absent, and always 0 for Q M L P
  friend bool operator==(const PieceName&, const PieceName&) = default;
};

// Where the destination lies relative to the reference piece. W, E and the four
// diagonals follow the side the separator is written on: `-X` W, `X-` E,
// `\X` NW, `X/` NE, `/X` SW, `X\` SE; a bare reference means on top of it.
enum class UhpSide { OnTop, W, E, NW, NE, SW, SE };

struct UhpReference {
  PieceName piece;
  UhpSide side = UhpSide::OnTop;
  friend bool operator==(const UhpReference&, const UhpReference&) = default;
};

enum class UhpMoveKind { Normal, Pass, Resign, OfferDraw, AcceptDraw, DeclineDraw };

struct UhpMove {
  UhpMoveKind kind = UhpMoveKind::Normal;
  PieceName piece;                        // Normal moves only
  std::optional<UhpReference> reference;  // absent for a first move (`wS1`, `wS1 .`)
  friend bool operator==(const UhpMove&, const UhpMove&) = default;
};

// Parses exactly one piece name (`wA1`, `BQ`, `wp1`); nullopt for anything else.
// Unique bugs written with a 1 (`wP1`) come back with number 0; numbers other
// than 1-3, and Q/M/L/P numbered above 1, are not piece names.
std::optional<PieceName> parsePieceName(std::string_view text);
std::string writePieceName(const PieceName& piece);  // canonical: `wP`, `wA1`

// One move string. On failure the value is empty and `error` says where (line 1,
// column counted in `text`) and why.
OrRejection<UhpMove> parseMoveString(std::string_view text);

// `GameType;GameState;Turn;move;...` (a trailing ';' is tolerated). The three
// header fields become tags GameType, GameState and Turn, kept as written; a bad
// header field or move is a Rejection and parsing goes on with the next field.
Game<UhpMove> parseGameString(std::string_view text);

// A whole file: PGN-style games (tag pairs, then `N. move` lines, `{...}`
// comments, an optional result line such as `WhiteWins`) and/or GameStrings one
// per line. A tag after moves starts a new game. Never throws: a bad line becomes
// a Rejection of the game it stands in and the rest of the file is still read.
// Text with no game at all yields one game holding only errors.
std::vector<Game<UhpMove>> parseUhpFile(std::string_view content);
// The same, each game handed to `sink` as soon as it is complete.
void parseUhpFile(std::string_view content, const GameSink<UhpMove>& sink);

// Writers, all canonical: `wA1 bQ/`, `pass`, `wS1` for a first move.
std::string writeMove(const UhpMove& move);
// GameType and GameState come from the tags (defaults `Base`, and `NotStarted`
// or `InProgress`); Turn is recomputed from the number of moves, as UHP does.
std::string writeGameString(const Game<UhpMove>& game);
// Tags as `[Name "value"]`, a blank line, one `N. move` per line, and when the
// Result tag is WhiteWins, BlackWins or Draw a blank line and that result, the
// layout of the Mzinga/BoardSpace exports.
std::string writePgn(const Game<UhpMove>& game);

}  // namespace apiary::grammar
