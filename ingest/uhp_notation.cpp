// UHP move strings, GameStrings and PGN-style files: the bridge between
// grammar/uhp and the engine. UHP names the move exactly, so resolving a move asks
// the engine about that one piece only, never for every legal move.
#include <map>

#include "engine/uhp.hpp"
#include "grammar/uhp.hpp"
#include "ingest/notations.hpp"
#include "ingest/replay.hpp"

namespace apiary::ingest {

namespace {

// Written piece names to engine pieces, for one game. Copies enter play in order,
// so a file that places wA3 first (real files do) means the next Ant: the written
// name is remembered for the rest of the game.
class PieceNames {
 public:
  std::optional<PieceId> forMove(const Board& board, const grammar::PieceName& name, std::string& why) {
    const std::string text = grammar::writePieceName(name);
    if (auto it = alias_.find(text); it != alias_.end()) return it->second;
    const auto color = name.color == 'w' ? Color::White : Color::Black;
    const auto bug = Bug(kBugLetters.find(name.bug));
    if (!board.type().has(bug)) {
      why = text + " is not part of a " + board.type().name() + " game";
      return std::nullopt;
    }
    const PieceId next = board.nextInHand(color, bug);
    const auto exact = parsePieceName(text);
    if (exact && board.onBoard(*exact)) return exact;
    if (next == kNoPiece) {
      why = "no " + text + " left to place";
      return std::nullopt;
    }
    if (!exact || *exact != next) {
      alias_[text] = next;
      renumbered_ = true;
    }
    return next;
  }
  std::optional<PieceId> forReference(const Board& board, const grammar::PieceName& name, std::string& why) {
    const std::string text = grammar::writePieceName(name);
    if (auto it = alias_.find(text); it != alias_.end()) return it->second;
    const auto exact = parsePieceName(text);
    if (exact && board.onBoard(*exact)) return exact;
    why = "reference " + text + " is not on the board";
    return std::nullopt;
  }
  bool renumbered() const { return renumbered_; }

 private:
  std::map<std::string, PieceId> alias_;
  bool renumbered_ = false;
};

RefSide toRefSide(grammar::UhpSide side) {
  switch (side) {
    case grammar::UhpSide::OnTop: return RefSide::OnTop;
    case grammar::UhpSide::W: return RefSide::W;
    case grammar::UhpSide::E: return RefSide::E;
    case grammar::UhpSide::NW: return RefSide::NW;
    case grammar::UhpSide::NE: return RefSide::NE;
    case grammar::UhpSide::SW: return RefSide::SW;
    case grammar::UhpSide::SE: return RefSide::SE;
  }
  return RefSide::OnTop;
}

ReplayedGame replayUhpGame(const grammar::Game<grammar::UhpMove>& game) {
  ReplaySetup setup;
  if (const std::string* type = game.tag("GameType")) {
    setup.type = GameType::parse(*type);
    if (!setup.type) {
      ReplayedGame bad;
      bad.pos = game.pos;
      bad.tags = game.tags;
      bad.error = GameError{game.pos.line, game.pos.column, 0, "unknown game type '" + *type + "'"};
      return bad;
    }
  }
  PieceNames names;
  auto step = [&](const Board& board, const grammar::Written<grammar::UhpMove>& w) -> Step {
    const grammar::UhpMove& m = w.move;
    if (m.kind == grammar::UhpMoveKind::Pass) return Step::play(Move::pass());
    if (m.kind != grammar::UhpMoveKind::Normal) return Step::skipped();
    std::string why;
    const auto piece = names.forMove(board, m.piece, why);
    if (!piece) return Step::fail(why);
    std::optional<PieceId> reference;
    if (m.reference) {
      reference = names.forReference(board, m.reference->piece, why);
      if (!reference) return Step::fail(why);
    }
    const auto side = m.reference ? toRefSide(m.reference->side) : RefSide::OnTop;
    const MoveOrError move = uhpMove(board, *piece, reference, side, ClimbSpelling::AlsoBySide);
    return move.move ? Step::play(*move.move) : Step::fail(move.error);
  };
  ReplayedGame out = replayWritten(game, setup, step);
  if (names.renumbered()) out.notes.push_back("pieces numbered out of entry order, renumbered");
  return out;
}

}  // namespace

std::vector<ReplayedGame> readUhp(std::string_view text) {
  std::vector<ReplayedGame> games;
  for (const auto& game : grammar::parseUhpFile(text)) {
    games.push_back(replayUhpGame(game));
    games.back().index = int(games.size()) - 1;
  }
  return games;
}

std::string writeUhp(const ReplayedGame& game) {
  grammar::Game<grammar::UhpMove> out;
  out.tags = game.tags;
  bool typed = false;
  for (auto& tag : out.tags)
    if (tag.name == "GameType") tag.value = game.board.type().name(), typed = true;
  if (!typed) out.tags.insert(out.tags.begin(), {"GameType", game.board.type().name(), {}});
  Board replay(game.board.type(), game.board.rules(), game.board.firstMover());
  for (const Move& m : game.board.history()) {
    // The engine chooses the reference; the grammar owns the spelling.
    const auto parsed = grammar::parseMoveString(moveString(replay, m));
    out.moves.push_back({*parsed.move, {}, {}, {}});
    replay.play(m);
  }
  return grammar::writePgn(out) + "\n";
}

}  // namespace apiary::ingest
