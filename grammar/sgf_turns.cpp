#include "grammar/sgf_turns.hpp"

#include <cctype>

#include "grammar/uhp.hpp"

namespace apiary::grammar::sgf {
namespace {

std::string cellOf(const Event& e) { return e.col + " " + std::to_string(e.row); }

// The editor's name for a piece: its colour as far as the event says, its bug and number.
std::string editKey(const Event& e) {
  std::string key(1, e.pieceColor ? e.pieceColor : (e.color == 'w' || e.color == 'b' ? e.color : '?'));
  for (char c : e.piece) key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return key;
}

}  // namespace

void TurnAssembler::event(const Event& e) {
  const int p = e.player;
  if (editAt_ && (e.cmd == Cmd::Pick || e.cmd == Cmd::PickB || e.cmd == Cmd::Drop || isPieceCommand(e.cmd) ||
                  e.cmd == Cmd::Done)) {
    edit(e);
    return;
  }
  switch (e.cmd) {
    case Cmd::Start: start(e); break;
    case Cmd::Pick:  // a pick from the reserve first puts back whatever the player had dropped
      takeBack(p);
      pickColor_[p] = e.pieceColor ? e.pieceColor : e.color;
      break;
    case Cmd::PickB: pickFromBoard(e); break;
    case Cmd::Drop:
    case Cmd::Reset:
    case Cmd::Undo: takeBack(p); break;
    case Cmd::Pass: pending_[p] = written(e, SgfTurnKind::Pass); break;
    case Cmd::PassDone:
    case Cmd::NullMove:
      takeBack(p);
      commit(written(e, SgfTurnKind::Pass));
      break;
    case Cmd::Resign: pending_[p] = written(e, SgfTurnKind::Resign); break;
    case Cmd::OfferDraw: pending_[p] = written(e, SgfTurnKind::OfferDraw); break;
    case Cmd::AcceptDraw: pending_[p] = written(e, SgfTurnKind::AcceptDraw); break;
    case Cmd::DeclineDraw: pending_[p] = written(e, SgfTurnKind::DeclineDraw); break;
    case Cmd::Done: done(e); break;
    case Cmd::PleaseUndo:
    case Cmd::DontUndo:
    case Cmd::AllowUndo: break;  // asked and answered only
    case Cmd::PlayWhite: whitePlayer_ = p; break;
    case Cmd::PlayBlack: whitePlayer_ = 1 - p; break;
    case Cmd::Swap: whitePlayer_ = 1 - whitePlayer_; break;
    case Cmd::Edit:
      editAt_ = e.at;
      edited_.clear();
      held_.clear();
      break;
    case Cmd::WinOnTime: commit(written(e, SgfTurnKind::WinOnTime)); break;
    default:
      if (isPieceCommand(e.cmd)) piece(e);
  }
}

void TurnAssembler::finish() {
  endEdit();
  for (int who : {toMove_, 1 - toMove_})
    if (pending_[who]) commit(std::move(*pending_[who]));
}

void TurnAssembler::start(const Event& e) {
  endEdit();
  const int who = e.color == '1' ? 1 : 0;
  toMove_ = who;
  if (!committed_) whitePlayer_ = who;  // the first to move plays white
  for (int p : {0, 1}) takeBack(p);
}

void TurnAssembler::pickFromBoard(const Event& e) {
  const int p = e.player;
  pickColor_[p] = e.pieceColor;
  // Lifting the piece just dropped keeps the place it first came from.
  const auto& pending = pending_[p];
  const bool liftsPending =
      pending && pending->move.kind == SgfTurnKind::Piece && pending->move.col == e.col && pending->move.row == e.row;
  if (!liftsPending) pickedFrom_[p] = cellOf(e);
}

void TurnAssembler::piece(const Event& e) {
  const int p = e.player;
  if ((e.cmd == Cmd::DropB || e.cmd == Cmd::PDropB) && pickedFrom_[p] == cellOf(e)) {
    takeBack(p);  // dropped where it was picked: put back
    return;
  }
  char color = e.pieceColor;
  if (!color) color = isMoveCommand(e.cmd) ? e.color : pickColor_[p];
  if (!color) color = p == whitePlayer_ ? 'w' : 'b';
  auto name = parsePieceName(std::string(1, color) + e.piece);
  if (!name) {
    game_.errors.push_back(syntaxError(pos_(e.at), "unknown piece '" + e.piece + "'"));
    return;
  }
  auto w = written(e, SgfTurnKind::Piece);
  w.move.piece = writePieceName(*name);
  w.move.col = e.col;
  w.move.row = e.row;
  w.move.hint = e.hint;
  w.move.pillbugAssisted = e.cmd == Cmd::PMove || e.cmd == Cmd::PMoveDone || (e.cmd == Cmd::PDropB && !plainPdropb_);
  pickColor_[p] = 0;
  if (e.cmd == Cmd::MoveDone || e.cmd == Cmd::PMoveDone) {
    takeBack(p);
    commit(std::move(w));
  } else {
    pending_[p] = std::move(w);  // only the last drop before `done` counts
  }
}

// In the editor a pick lifts a piece and a drop sets it down; `done` commits nothing.
void TurnAssembler::edit(const Event& e) {
  if (e.cmd == Cmd::Done) return;
  if (e.cmd == Cmd::Pick || e.cmd == Cmd::PickB) {
    held_ = editKey(e);
    heldFrom_ = e.cmd == Cmd::Pick ? "reserve" : cellOf(e);
    return;
  }
  const std::string key = held_.empty() ? editKey(e) : held_;
  // A robot's `move` names no place it came from: the edit cannot be undone.
  const std::string from = held_.empty() ? "?" : heldFrom_;
  const std::string to = e.cmd == Cmd::Drop ? "reserve" : cellOf(e);
  auto [it, fresh] = edited_.try_emplace(key, Edited{from, to});
  if (!fresh) it->second.now = to;
  held_.clear();
}

void TurnAssembler::endEdit() {
  if (!editAt_) return;
  for (const auto& [piece, place] : edited_)
    if (place.from != place.now) {
      game_.errors.push_back(syntaxError(pos_(editAt_), "the board was edited (Edit) and not put back: " + piece +
                                                            " moved from " + place.from + " to " + place.now));
      break;
    }
  editAt_ = nullptr;
  edited_.clear();
}

void TurnAssembler::done(const Event& e) {
  const int p = e.player;
  if (pending_[p]) {
    commit(std::move(*pending_[p]));
    pending_[p].reset();
  } else if (p == toMove_) {
    commit(written(e, SgfTurnKind::Pass));  // newer files omit forced passes
  }
  pickedFrom_[p].reset();
}

void TurnAssembler::takeBack(int player) {
  pending_[player].reset();
  pickedFrom_[player].reset();
}

void TurnAssembler::commit(Written<SgfTurn> w) {
  const auto kind = w.move.kind;
  const int player = w.move.player;
  game_.moves.push_back(std::move(w));
  // Draw offers and answers, and the endings, do not use up the turn.
  if (kind == SgfTurnKind::Piece || kind == SgfTurnKind::Pass) {
    toMove_ = 1 - player;
    committed_ = true;
  }
}

Written<SgfTurn> TurnAssembler::written(const Event& e, SgfTurnKind kind) const {
  Written<SgfTurn> w;
  w.move.player = e.player;
  w.move.kind = kind;
  w.text = std::string(e.text);
  w.pos = pos_(e.at);
  return w;
}

}  // namespace apiary::grammar::sgf
