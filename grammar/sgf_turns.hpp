// BoardSpace's event log made into committed turns (internal to grammar/sgf.cpp).
// What each command means for the record, from boardspace's own replay of it:
// - A turn is what a player holds when `done` commits it: the last drop or move
//   (`dropb`, `pdropb`, `move`...), a `pass`, a `resign` or a draw offer or answer.
//   `movedone`, `pmovedone`, `passdone` and `nullmove` (the robot's pass) commit
//   at once. A `done` with nothing before it, by the player to move, is a pass.
// - Taking back: `pick` from a reserve and `drop` to it, `reset` and `undo` drop
//   the player's uncommitted turn; a `dropb` to the cell its piece was picked
//   from puts it back. `pleaseundo`, `dontundo` and `allowundo` only ask and
//   answer: boardspace removes the undone moves from its record itself.
// - `Start P0|P1` says who moves next (the first one: who plays white when the
//   pieces carry no colour); `playwhite`, `playblack` and `swap` change which
//   player has which colour; no board change.
// - `edit` opens boardspace's board editor until the next `Start`: the picks and
//   drops in between are followed, and an edit that leaves a piece elsewhere
//   than it stood is an error (apiary replays played moves only).
// - `winontime` ends the game on time; `resign` and an accepted draw end it too.
//   The result is the one the record's RE states.
#pragma once
#include <functional>
#include <map>
#include <optional>
#include <string>

#include "grammar/sgf.hpp"
#include "grammar/sgf_command.hpp"

namespace apiary::grammar::sgf {

class TurnAssembler {
 public:
  using PosOf = std::function<SourcePos(const char*)>;
  TurnAssembler(Game<SgfTurn>& game, PosOf pos, bool plainPdropb)
      : game_(game), pos_(std::move(pos)), plainPdropb_(plainPdropb) {}

  void event(const Event& e);
  // A log that stops before the final `done`: what was played still counts.
  void finish();

 private:
  void start(const Event& e);
  void pickFromBoard(const Event& e);
  void piece(const Event& e);
  void edit(const Event& e);
  void endEdit();
  void done(const Event& e);
  void takeBack(int player);
  void commit(Written<SgfTurn> w);
  Written<SgfTurn> written(const Event& e, SgfTurnKind kind) const;

  Game<SgfTurn>& game_;
  PosOf pos_;
  bool plainPdropb_;
  int toMove_ = 0;
  int whitePlayer_ = 0;  // who plays white: colours of colourless pieces
  bool committed_ = false;
  char pickColor_[2] = {0, 0};
  std::optional<std::string> pickedFrom_[2];  // the cell of this turn's `pickb`
  std::optional<Written<SgfTurn>> pending_[2];
  // The board editor: where each piece stood when first picked, and where it is.
  struct Edited {
    std::string from, now;
  };
  const char* editAt_ = nullptr;
  std::map<std::string, Edited> edited_;
  std::string held_;  // the piece the editor holds, and where it came from
  std::string heldFrom_;
};

}  // namespace apiary::grammar::sgf
