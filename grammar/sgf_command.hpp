// The command inside a BoardSpace `P0[...]`/`P1[...]` node: every command and
// argument form boardspace's Hive move specification writes (its own words and
// the standard ones every boardspace game shares), read into an event. Internal
// to grammar/sgf.cpp.
//
// Forms (command words in any case, after the move number boardspace writes):
//   Start P0|P1                         who moves next (and, first, who is white)
//   Pick <pool> <row> <piece>           from a reserve: pool W, B, or the set-up
//                                       pools WS, BS of an edited board
//   Pickb <col> <row> <piece>           from the board
//   Drop <pool> <row> <piece> [<ref>]   back to a reserve
//   Dropb|Pdropb <piece> <col> <row> [<ref>]
//   Move|PMove|MoveDone|PMoveDone <W|B> <piece> <col> <row> [<ref>]
//   Done, Pass, PassDone, NullMove, Resign, OfferDraw, AcceptDraw, DeclineDraw,
//   Reset, Undo, PleaseUndo, DontUndo, AllowUndo, Edit, Swap, PlayWhite,
//   PlayBlack, WinOnTime                no arguments
// `<col>` is a letter, A to Z, or past them a count and the end letter (`2Z` is
// two after Z, `3A` three before A); older files are read with letters alone.
// `<row>` is a number, `<ref>` the
// reference a human reads (`.`, `wQ-`, `/wQ`, `\\wQ`, `wQ`), never authoritative.
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace apiary::grammar::sgf {

enum class Cmd {
  Start,
  Pick,
  PickB,
  Drop,
  DropB,
  PDropB,
  Move,
  PMove,
  MoveDone,
  PMoveDone,
  Done,
  Pass,
  PassDone,
  NullMove,
  Resign,
  OfferDraw,
  AcceptDraw,
  DeclineDraw,
  Reset,
  Undo,
  PleaseUndo,
  DontUndo,
  AllowUndo,
  Edit,
  Swap,
  PlayWhite,
  PlayBlack,
  WinOnTime
};

struct Event {
  int player = 0;
  Cmd cmd = Cmd::Done;
  char color = 0;       // from a pool (`pick w`, `move B`) or `Start P1` (as '0'/'1'); 0 when none
  std::string piece;    // bug and number as written (`S1`, `b1`), colour stripped
  char pieceColor = 0;  // colour written in the piece token itself
  std::string col;      // upper case; Pickb: where the piece was picked
  int row = 0;
  std::string hint;  // SGF escapes undone
  const char* at = nullptr;
  std::string_view text;
};

// Whether a word names a command, in any case (`Done`, `pmove`).
bool isCommand(std::string_view word);

// Reads `12 dropb wA1 M 12 /wS1` (the move number may be left out) into `e`;
// else says what is wrong.
std::optional<std::string> parseCommand(std::string_view value, Event& e);

// SGF escapes: a backslash takes the next character literally.
std::string unescape(std::string_view v);

bool isPieceCommand(Cmd c);
bool isMoveCommand(Cmd c);  // Move, PMove, MoveDone, PMoveDone: the piece may stand anywhere

}  // namespace apiary::grammar::sgf
