// UHP move strings, GameStrings and PGN-style files: the bridge between
// grammar/uhp and the engine. UHP names the move exactly, so resolving a move asks
// the engine about that one piece only, never for every legal move.
#include <array>

#include "engine/uhp.hpp"
#include "grammar/uhp.hpp"
#include "ingest/notations.hpp"
#include "ingest/replay.hpp"
#include "ingest/resolve.hpp"

namespace apiary::ingest {

namespace {

// Written piece names to engine pieces, for one game. Copies enter play in order,
// so a file that places wA3 first (real files do) means the next Ant: the written
// name is remembered for the rest of the game. Looked up once a move, so by index,
// not by text.
class PieceNames {
 public:
  PieceNames() { alias_.fill(kNoPiece); }
  std::optional<PieceId> forMove(const Board& board, const grammar::PieceName& name, std::string& why) {
    if (const PieceId a = alias_[slot(name)]; a != kNoPiece) return a;
    const auto color = name.color == 'w' ? Color::White : Color::Black;
    const auto bug = bugOf(name);
    if (!board.type().has(bug)) {
      why = grammar::writePieceName(name) + " is not part of a " + board.type().name() + " game";
      return std::nullopt;
    }
    const PieceId next = board.nextInHand(color, bug);
    const auto exact = exactPiece(name);
    if (exact && board.onBoard(*exact)) return exact;
    if (next == kNoPiece) {
      why = "no " + grammar::writePieceName(name) + " left to place";
      return std::nullopt;
    }
    if (!exact || *exact != next) {
      alias_[slot(name)] = next;
      renumbered_ = true;
    }
    return next;
  }
  std::optional<PieceId> forReference(const Board& board, const grammar::PieceName& name, std::string& why) {
    if (const PieceId a = alias_[slot(name)]; a != kNoPiece) return a;
    const auto exact = exactPiece(name);
    if (exact && board.onBoard(*exact)) return exact;
    why = "reference " + grammar::writePieceName(name) + " is not on the board";
    return std::nullopt;
  }
  bool renumbered() const { return renumbered_; }

 private:
  // Asked several times a move: a table, not a search of kBugLetters.
  static Bug bugOf(const grammar::PieceName& name) {
    static constexpr std::array<uint8_t, 128> kBugOfLetter = [] {
      std::array<uint8_t, 128> t{};
      for (std::size_t i = 0; i < kBugLetters.size(); ++i) t[std::size_t(kBugLetters[i])] = uint8_t(i);
      return t;
    }();
    return Bug(kBugOfLetter[std::size_t(name.bug) & 127]);
  }
  static int slot(const grammar::PieceName& name) {
    return (name.color == 'b') * 32 + int(bugOf(name)) * 4 + name.number;
  }
  // The piece the name means on its face: unique bugs carry no number (the grammar
  // drops `1`), the others need one within their count.
  static std::optional<PieceId> exactPiece(const grammar::PieceName& name) {
    const Bug bug = bugOf(name);
    const int copies = kBugCopies[int(bug)];
    const int copy = copies == 1 ? 1 : name.number;
    if (copy < 1 || copy > copies) return std::nullopt;
    return pieceId(name.color == 'w' ? Color::White : Color::Black, bug, copy);
  }

  std::array<PieceId, 64> alias_;
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
  setGameTypeTag(out.tags, game.board.type());
  asPgnTags(out.tags);  // BoardSpace's `P0 time` cannot stand in a tag pair as it is
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
