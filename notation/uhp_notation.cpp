// UHP move strings, GameStrings and PGN-style files: the bridge between
// grammar/uhp and the engine. UHP names the move exactly, so resolving a move asks
// the engine about that one piece only, never for every legal move.
#include <array>

#include "grammar/uhp.hpp"
#include "notation/notations.hpp"
#include "notation/repair.hpp"
#include "notation/replay.hpp"
#include "notation/resolve.hpp"
#include "notation/uhp_text.hpp"

namespace apiary::notation {

namespace {

// Written piece names to engine pieces, for one game. Copies enter play in order,
// so a file that places wA3 first (real files do) means the next Ant: the written
// name is remembered for the rest of the game. Looked up twice a move, so by index,
// not by text, and a name starts out meaning its own piece: a move of a piece in
// play is one lookup.
class PieceNames {
 public:
  // The piece a written name moves or places, or kNoPiece (whyNoMove says why).
  PieceId forMove(const Board& board, const grammar::PieceName& name) {
    const int at = slot(name);
    if (const PieceId p = meaning_[at]; p != kNoPiece && board.onBoard(p)) return p;
    const PieceId next = board.nextInHand(name.color == 'w' ? Color::White : Color::Black, bugOf(name));
    // Not in play, so not yet renamed: its own piece, unless the number was off.
    if (next != kNoPiece && meaning_[at] != next) {
      meaning_[at] = next;
      renumbered_ = true;
    }
    return next;
  }
  [[gnu::cold, gnu::noinline]] static std::string whyNoMove(const Board& board, const grammar::PieceName& name) {
    if (!board.type().has(bugOf(name)))
      return grammar::writePieceName(name) + " is not part of a " + board.type().name() + " game";
    return "no " + grammar::writePieceName(name) + " left to place";
  }
  // The piece a written reference names, or kNoPiece when it is not in play.
  PieceId forReference(const Board& board, const grammar::PieceName& name) const {
    const PieceId p = meaning_[slot(name)];
    return p != kNoPiece && board.onBoard(p) ? p : kNoPiece;
  }
  [[gnu::cold, gnu::noinline]] static std::string whyNoReference(const grammar::PieceName& name) {
    return "reference " + grammar::writePieceName(name) + " is not on the board";
  }
  bool renumbered() const { return renumbered_; }

 private:
  static constexpr std::array<uint8_t, 128> kBugOfLetter = [] {
    std::array<uint8_t, 128> t{};
    for (std::size_t i = 0; i < kBugLetters.size(); ++i) t[std::size_t(kBugLetters[i])] = uint8_t(i);
    return t;
  }();
  static Bug bugOf(const grammar::PieceName& name) { return Bug(kBugOfLetter[std::size_t(name.bug) & 127]); }
  // Colour, bug and written number (0-3): 64 slots.
  static int slot(const grammar::PieceName& name) {
    return (name.color == 'b') * 32 + int(bugOf(name)) * 4 + (name.number & 3);
  }
  // What each slot means on its face: unique bugs carry no number (the grammar
  // drops `1`), the others need one within their count; kNoPiece otherwise.
  static constexpr std::array<PieceId, 64> kOnItsFace = [] {
    std::array<PieceId, 64> t{};
    t.fill(kNoPiece);
    for (int colour = 0; colour < 2; ++colour)
      for (int bug = 0; bug < kBugs; ++bug)
        for (int number = 0; number < 4; ++number) {
          const int copies = kBugCopies[bug];
          const int copy = copies == 1 ? 1 : number;
          if (copy >= 1 && copy <= copies) t[colour * 32 + bug * 4 + number] = pieceId(Color(colour), Bug(bug), copy);
        }
    return t;
  }();

  std::array<PieceId, 64> meaning_ = kOnItsFace;
  bool renumbered_ = false;
};

// UHP sides as directions, by table: one load a move instead of a jump.
constexpr std::array<std::optional<Dir>, 7> kDirectionOf = [] {
  std::array<std::optional<Dir>, 7> t{};
  for (int i = 0; i < 7; ++i) t[std::size_t(i)] = directionOf(grammar::UhpSide(i));
  return t;
}();

ReplayedGame unknownGameType(const grammar::Game<grammar::UhpMove>& game, const std::string& type) {
  ReplayedGame bad;
  bad.pos = game.pos;
  bad.tags = game.tags;
  bad.error = grammar::rejectionAt(game.pos.line, game.pos.column, 0, "unknown game type '" + type + "'");
  return bad;
}

std::optional<grammar::UhpMove> parsedUhpMove(std::string_view text) { return grammar::parseMoveString(text).value; }
std::vector<Move> relaxedExactMove(const Board& board, const grammar::UhpMove&, const Step& failed) {
  return notation::relaxedExactMove(board, failed);
}

// Takes the game's tags: the grammar hands each game over to be replayed once.
ReplayedGame replayUhpGame(grammar::Game<grammar::UhpMove>&& game, ReadOptions options) {
  ReplaySetup setup;
  setup.lenient = options.lenient;
  setup.observer = options.observer;
  setup.unnamedType = options.unnamedType;
  if (const std::string* type = game.tag("GameType")) {
    setup.type = GameType::parse(*type);
    // A temporary, so that the replayed game below is built where it is returned
    // (a game holds a whole board).
    if (!setup.type) return unknownGameType(game, *type);
  }
  PieceNames names;
  // Inlined into the replay loop: the failures are out of line, so what is left is
  // two name lookups and the reference's side.
  auto step = [&](const Board& board, const grammar::Written<grammar::UhpMove>& w) __attribute__((always_inline))
                  ->Step {
    const grammar::UhpMove& m = w.move;
    if (m.kind == grammar::UhpMoveKind::Pass) return Step::play(Move::pass());
    if (m.kind != grammar::UhpMoveKind::Normal) return Step::skipped();
    // The reasons are worded only for a move that fails.
    const PieceId piece = names.forMove(board, m.piece);
    if (piece == kNoPiece) return Step::fail(PieceNames::whyNoMove(board, m.piece));
    std::optional<PieceId> reference;
    if (m.reference) {
      reference = names.forReference(board, m.reference->piece);
      if (reference == kNoPiece) return Step::fail(PieceNames::whyNoReference(m.reference->piece));
    }
    const auto side = m.reference ? kDirectionOf[std::size_t(m.reference->side)] : std::nullopt;
    const PlacedMove placed = placeByReference(board, piece, reference, side, ClimbSpelling::AlsoBySide);
    if (placed.fault != ReferenceFault::None)
      return Step::fail(referenceFaultText(board, placed.fault, piece, reference));
    return Step::play(placed.move);
  };
  auto repair = [&](const Board& board, const grammar::Written<grammar::UhpMove>& w, const Step& failed) {
    return findRepair(board, w, failed, step, relaxedExactMove, ColourLetters::Prefix, parsedUhpMove);
  };
  ReplayedGame out = replayWritten(std::move(game), setup, step, repair);
  if (names.renumbered()) out.notes.push_back("pieces numbered out of entry order, renumbered");
  return out;
}

}  // namespace

void readUhp(std::string_view text, const GameSink& sink, ReadOptions options) {
  NumberedSink out(sink);
  // Each game replayed as soon as it is parsed, not once the whole file is.
  grammar::parseUhpFile(text,
                        [&](grammar::Game<grammar::UhpMove>&& game) { out(replayUhpGame(std::move(game), options)); });
}

std::string writeUhp(const ReplayedGame& game) {
  grammar::Game<grammar::UhpMove> out;
  out.tags = game.tags;
  setGameTypeTag(out.tags, game.board.type());
  asPgnTags(out.tags);  // BoardSpace's `P0 time` cannot stand in a tag pair as it is
  Board replay(game.board.type(), game.board.rules(), game.board.firstMover());
  for (const Move& m : game.board.history()) {
    out.moves.push_back({uhpMoveOf(replay, m), {}, {}, {}});
    replay.play(m);
  }
  return grammar::writePgn(out) + "\n";
}

}  // namespace apiary::notation
