// BoardSpace archive files (`.sgf`): not real SGF but a log of user-interface
// events, one node per line (`; P0[12 dropb wA1 M 12 /wS1]TM[5321]`). This layer
// reads the log and keeps only what the players committed: one SgfTurn per turn,
// with the board coordinates as written. Nothing here knows the rules.
//
// What the real files (2006-2023) taught, see also notations.md section 2:
// - Commands change case by era (`done`/`Done`, `pmove`/`PMove`) and come with
//   `move`, `movedone` (move and commit in one node), `dropb`/`pdropb`, `pick`
//   (from the reserve: `pick w 4 S1`, the colour is given) and `pickb` (from the
//   board). Only the last drop or move before the player's `done` counts.
// - Old files name pieces without colour (`S1`, `Q`, and `b1` = Beetle 1) and in
//   lower case (`g1`, `ws2`); the colour is taken from the token when it has one
//   (`wb1` = white Beetle 1), else from a `pick w ..` of the same turn, else from
//   the `W`/`B` of a move command, else from the player (the one who starts,
//   P0 unless `Start P1`, plays white). Unique bugs come as `wP1`, `bM1`; they are
//   written `wP`, `bM` here.
// - `pmove` is a Pillbug-assisted move. `pdropb` is one too in files that use
//   `dropb` for ordinary drops (2013, 2018); the 2013 "hive viewer" files use
//   `pdropb` for every drop, even from the reserve, so in a game where a
//   `pdropb` follows a reserve `pick` it is an ordinary drop.
// - A `done` with nothing before it, by the player to move, is a pass (newer files
//   omit forced passes); `pass`/`PassDone` are explicit. `offerdraw`,
//   `declinedraw`, `acceptdraw` are committed by a `done` but do not use up the
//   turn (2018: P1 offers, P0 declines, P1 then passes); a declining or accepting
//   player answers out of turn.
// - UI noise dropped: `Start`, picks, drops later replaced, `P-1[...]` nodes
//   (`Pop`, `vcr:@-1 doScrollTo`), `TM[...]` timings, `# ...` comments after a
//   node. A drop or move left without `done` at the very end of a log still
//   counts (a log cut at the winning move). A file can hold the same game twice
//   as two trees (2019, the second with `Pop` noise); a tree identical in tags
//   and turns to an earlier one is dropped. Every other command boardspace
//   writes, and what it means here, is in sgf_command.hpp and sgf_turns.hpp.
// - Hints: `.` is the first move or, since ~2016, climbing onto a stack (older
//   files write a bare reference there); otherwise UHP references (`wQ-`,
//   `/wQ`, `\\wQ` with the SGF escape doubling the backslash). Unique-bug
//   references come without the 1 (`/wL`). Compared with the PGN twins of the
//   same games, pieces and hints agree turn by turn except `.` vs a bare ref.
//
// The col/row grid (checked on 600+ hinted turns of all the files, no
// exception): columns are letters, A = 0 growing east; rows are numbers growing
// upwards. Neighbour offsets (dcol, drow): E (+1,0), W (-1,0), NE (+1,+1),
// NW (0,+1), SE (0,-1), SW (-1,-1), and a bare reference is the same cell. In the
// axial coordinates of notations.md (q right, r down-right): q = col, r = -row.
// The first piece is usually at N 13.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "grammar/syntax.hpp"

namespace apiary::grammar {

enum class SgfTurnKind { Piece, Pass, Resign, OfferDraw, AcceptDraw, DeclineDraw, WinOnTime };

struct SgfTurn {
  int player = 0;  // 0 for P0, 1 for P1
  SgfTurnKind kind = SgfTurnKind::Piece;
  std::string piece;  // Piece turns: canonical UHP name, `wA1`, `bP`
  std::string col;    // column letters as written, upper case (`N`)
  int row = 0;
  std::string hint;  // reference as written with SGF escapes undone: `/wS1`, `.`, `bQ\`
  bool pillbugAssisted = false;
  friend bool operator==(const SgfTurn&, const SgfTurn&) = default;
};

// Every game tree of the file. Tags: each header property by its name (GM, SU,
// DT, GN, RE, VV, ...), players as `P0`/`P1` (from `P0[id "name"]`) and their other
// entries as `P0 ranking`, `P1 time`. Written::text is the deciding node as
// written (`P0[12 dropb wA1 M 12 /wS1]`) and pos where that node starts. Bad
// input never throws; an unreadable node or command is a Rejection and the
// rest of the file is still read.
std::vector<Game<SgfTurn>> parseSgf(std::string_view content);

// The modern dialect (the lower-case commands of boardspace's files since 2020),
// one node a line, as boardspace's viewer and Mzinga Viewer read it. Tags become
// header properties in order: `P0`/`P1` as `P0[id "name"]`, `P0 ranking` as
// `P0[ranking 1500]`, `P0 time`/`P1 time` in the closing node, any other tag
// `NAME[value]`. Each Piece turn is a pick from the reserve (`pick W 1 wA1`) or
// from the board (`pickb N 13 wA1`), then `dropb` (`pdropb` when pillbug-assisted)
// and `done`; a Pass turn is `pass` and `done`. The first turn's player starts.
// A turn to write, with where its piece stood (`pickb` names it); an empty
// fromCol: from the reserve.
struct SgfTurnToWrite {
  SgfTurn turn;
  std::string fromCol;
  int fromRow = 0;
};
std::string writeSgf(const std::vector<Tag>& tags, const std::vector<SgfTurnToWrite>& turns);

// The SU variant compared as notations.md says: lower case, up to the first
// space (`Hive-PLM 2 0 101` -> `hive-plm`).
std::string sgfVariant(std::string_view su);

}  // namespace apiary::grammar
