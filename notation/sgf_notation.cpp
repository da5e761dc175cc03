// BoardSpace archive files: the bridge between grammar/sgf and the engine. The
// col/row of each turn are absolute board coordinates and say exactly where the
// piece went (q = col, r = -row, relative to the first piece), so a turn resolves
// by asking the engine about that one piece; the reference hints are ignored.
#include <cctype>

#include "engine/movegen.hpp"
#include "grammar/sgf.hpp"
#include "notation/notations.hpp"
#include "notation/repair.hpp"
#include "notation/replay.hpp"

namespace apiary::notation {

namespace {

// `hive`, `hive-m`, `hive-plm`, `hive-pielm`, `hive-ultimate`: the expansion
// letters after the dash (the `ie` of pielm name no bug).
std::optional<GameType> typeOfVariant(const std::string& variant) {
  if (variant.rfind("hive", 0) != 0) return std::nullopt;
  if (variant == "hive-ultimate") return GameType::all();
  GameType type;
  for (char c : variant.substr(4)) {
    if (c == 'm') type.expansions |= GameType::kMosquito;
    if (c == 'l') type.expansions |= GameType::kLadybug;
    if (c == 'p') type.expansions |= GameType::kPillbug;
  }
  return type;
}

// A turn's place as axial coordinates; none for a place off any board (BoardSpace's
// have a few dozen columns and rows; farther ones would overflow the arithmetic).
std::optional<Axial> writtenPlace(const std::string& letters, int row) {
  constexpr int kFarthest = 10000;
  if (letters.size() > 2 || row > kFarthest || row < -kFarthest) return std::nullopt;
  int column = 0;
  for (char c : letters) column = column * 26 + (std::toupper(static_cast<unsigned char>(c)) - 'A');
  return Axial{column, -row};
}

std::string tagValue(const grammar::Game<grammar::SgfTurn>& game, std::string_view name) {
  const std::string* value = game.tag(name);
  return value ? *value : std::string();
}

// White, Black, Result and Date in the words the catalogue and UHP use; the
// header properties stay as they were.
std::vector<grammar::Tag> catalogueTags(const grammar::Game<grammar::SgfTurn>& game) {
  std::vector<grammar::Tag> tags;
  const std::string white = tagValue(game, "P0"), black = tagValue(game, "P1");
  const std::string result = tagValue(game, "RE");
  std::string outcome;
  if (result.find("draw") != std::string::npos) outcome = "Draw";
  else if (!white.empty() && result == "Game won by " + white) outcome = "WhiteWins";
  else if (!black.empty() && result == "Game won by " + black) outcome = "BlackWins";
  tags.push_back({"Site", "boardspace.net", game.pos});
  if (!white.empty()) tags.push_back({"White", white, game.pos});
  if (!black.empty()) tags.push_back({"Black", black, game.pos});
  if (!tagValue(game, "DT").empty()) tags.push_back({"Date", tagValue(game, "DT"), game.pos});
  if (!outcome.empty()) tags.push_back({"Result", outcome, game.pos});
  for (const auto& tag : game.tags) tags.push_back(tag);
  return tags;
}

ReplayedGame replaySgfGame(const grammar::Game<grammar::SgfTurn>& game, ReadOptions options) {
  ReplaySetup setup;
  setup.lenient = options.lenient;
  setup.observer = options.observer;
  setup.unnamedType = options.unnamedType;
  setup.type = typeOfVariant(grammar::sgfVariant(tagValue(game, "SU")));
  std::optional<Axial> origin;  // the col/row of the first piece, which the engine puts at (0, 0)
  auto step = [&](const Board& board, const grammar::Written<grammar::SgfTurn>& w) -> Step {
    const grammar::SgfTurn& turn = w.move;
    if (turn.kind == grammar::SgfTurnKind::Pass) return Step::play(Move::pass());
    if (turn.kind != grammar::SgfTurnKind::Piece) return Step::skipped();
    const auto piece = parsePieceName(turn.piece);
    if (!piece) return Step::fail("unknown piece '" + turn.piece + "'");
    if (!board.type().has(bugOf(*piece)))
      return Step::fail(turn.piece + " is not part of a " + board.type().name() + " game");
    const std::optional<Axial> written = writtenPlace(turn.col, turn.row);
    if (!written) return Step::fail("place " + turn.col + " " + std::to_string(turn.row) + " is off any board");
    if (!origin) origin = *written;
    const Cell to = cellAt(*written - *origin);
    if (board.onBoard(*piece)) return Step::play(Move{*piece, board.cellOf(*piece), to});
    // Copies enter play in order whatever number the log gives them.
    const PieceId next = board.nextInHand(colorOf(*piece), bugOf(*piece));
    if (next == kNoPiece) return Step::fail("no " + turn.piece + " left to place");
    return Step::play(Move{next, kNoCell, to});
  };
  // BoardSpace names the exact move and writes no colour: only the sliding rules
  // are dropped.
  auto repair = [&](const Board& board, const grammar::Written<grammar::SgfTurn>& w, const Step& failed) {
    return findRepair(
        board, w, failed, step,
        [](const Board& b, const grammar::SgfTurn&, const Step& f) { return relaxedExactMove(b, f); },
        ColourLetters::None, [](std::string_view) { return std::optional<grammar::SgfTurn>(); });
  };
  ReplayedGame out = replayWritten(game, setup, step, repair);
  out.tags = catalogueTags(game);
  return out;
}

}  // namespace

void readSgf(std::string_view text, const GameSink& sink, ReadOptions options) {
  NumberedSink out(sink);
  for (const auto& game : grammar::parseSgf(text)) out(replaySgfGame(game, options));
}

}  // namespace apiary::notation
