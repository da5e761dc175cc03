// BoardSpace archive files: the bridge between grammar/sgf and the engine. The
// col/row of each turn are absolute board coordinates and say exactly where the
// piece went (q = col, r = -row, relative to the first piece), so a turn resolves
// by asking the engine about that one piece; the reference hints are ignored.
#include <algorithm>
#include <cctype>
#include <climits>

#include "engine/movegen.hpp"
#include "grammar/sgf.hpp"
#include "grammar/uhp.hpp"
#include "notation/notations.hpp"
#include "notation/repair.hpp"
#include "notation/replay.hpp"
#include "notation/uhp_text.hpp"

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

// A column as boardspace writes it: a letter, A = 0 to Z = 25, or past them a
// count and the end letter (`2Z` = 27, `3A` = -3); two letters are read as the
// base-26 number they spell. None for a column off any board.
std::optional<int> writtenColumn(const std::string& text, int farthest) {
  if (!text.empty() && std::isdigit(static_cast<unsigned char>(text.front()))) {
    const std::string count = text.substr(0, text.size() - 1);
    if (count.size() > 5) return std::nullopt;
    const int n = std::stoi(count);
    if (n > farthest) return std::nullopt;
    return std::toupper(static_cast<unsigned char>(text.back())) == 'Z' ? 25 + n : -n;
  }
  if (text.empty() || text.size() > 2) return std::nullopt;
  int column = 0;
  for (char c : text) column = column * 26 + (std::toupper(static_cast<unsigned char>(c)) - 'A');
  return column;
}

// A turn's place as axial coordinates; none for a place off any board (BoardSpace's
// have a few dozen columns and rows; farther ones would overflow the arithmetic).
std::optional<Axial> writtenPlace(const std::string& col, int row) {
  constexpr int kFarthest = 10000;
  const std::optional<int> column = writtenColumn(col, kFarthest);
  if (!column || row > kFarthest || row < -kFarthest) return std::nullopt;
  return Axial{*column, -row};
}

std::string tagValue(const grammar::Game<grammar::SgfTurn>& game, std::string_view name) {
  const std::string* value = game.tag(name);
  return value ? *value : std::string();
}

// Which player played white: the one who played most of the white pieces'
// turns, Pillbug throws aside (an opponent's throw moves a white piece too; after
// a colour swap the pieces tell); P0 when no white piece was played.
int whitePlayerOf(const grammar::Game<grammar::SgfTurn>& game) {
  int turns[2] = {0, 0};
  for (const auto& w : game.moves)
    if (w.move.kind == grammar::SgfTurnKind::Piece && w.move.piece.starts_with('w') && !w.move.pillbugAssisted)
      ++turns[w.move.player & 1];
  return turns[1] > turns[0] ? 1 : 0;
}

// The result RE states ("Game won by <player>", a draw); else what the log's
// ending says: a resignation or an accepted draw. A game ended on time
// (`WinOnTime`) takes its result from RE alone.
std::string outcomeOf(const grammar::Game<grammar::SgfTurn>& game, const std::string& white, const std::string& black,
                      int whitePlayer) {
  const std::string result = tagValue(game, "RE");
  if (result.find("draw") != std::string::npos) return "Draw";
  if (!white.empty() && result == "Game won by " + white) return "WhiteWins";
  if (!black.empty() && result == "Game won by " + black) return "BlackWins";
  if (!result.empty()) return {};
  for (auto it = game.moves.rbegin(); it != game.moves.rend(); ++it) {
    if (it->move.kind == grammar::SgfTurnKind::AcceptDraw) return "Draw";
    if (it->move.kind == grammar::SgfTurnKind::Resign)
      return it->move.player == whitePlayer ? "BlackWins" : "WhiteWins";
    if (it->move.kind == grammar::SgfTurnKind::Piece || it->move.kind == grammar::SgfTurnKind::Pass) break;
  }
  return {};
}

// White, Black, Result and Date in the words the catalogue and UHP use, and the
// players' ratings (boardspace's rankings are Elo ratings: the names PGN gives
// them) and the time control; the header properties stay as they were.
std::vector<grammar::Tag> catalogueTags(const grammar::Game<grammar::SgfTurn>& game) {
  std::vector<grammar::Tag> tags;
  const int whitePlayer = whitePlayerOf(game);
  const std::string whiteP = whitePlayer == 0 ? "P0" : "P1", blackP = whitePlayer == 0 ? "P1" : "P0";
  const std::string white = tagValue(game, whiteP), black = tagValue(game, blackP);
  const std::string outcome = outcomeOf(game, white, black, whitePlayer);
  const auto add = [&](const char* name, const std::string& value) {
    if (!value.empty()) tags.push_back({name, value, game.pos});
  };
  add("Site", "boardspace.net");
  add("White", white);
  add("Black", black);
  add("Date", tagValue(game, "DT"));
  add("Result", outcome);
  add("WhiteElo", tagValue(game, whiteP + " ranking"));
  add("BlackElo", tagValue(game, blackP + " ranking"));
  add("TimeControl", tagValue(game, "TC"));
  for (const auto& tag : game.tags) tags.push_back(tag);
  return tags;
}

// The colour of the first piece played (a game written with Black first says so
// by its first piece); White when the log names none.
Color firstMoverOf(const grammar::Game<grammar::SgfTurn>& game) {
  for (const auto& w : game.moves) {
    if (w.move.kind == grammar::SgfTurnKind::Piece) return w.move.piece.starts_with('b') ? Color::Black : Color::White;
    if (w.move.kind == grammar::SgfTurnKind::Pass) break;
  }
  return Color::White;
}

ReplayedGame replaySgfGame(const grammar::Game<grammar::SgfTurn>& game, ReadOptions options) {
  ReplaySetup setup;
  setup.lenient = options.lenient;
  setup.observer = options.observer;
  setup.unnamedType = options.unnamedType;
  setup.type = typeOfVariant(grammar::sgfVariant(tagValue(game, "SU")));
  setup.firstMover = firstMoverOf(game);
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

namespace apiary::notation {

namespace {

// boardspace's variation names (`hive`, `hive-plm`, ...: its own letter order),
// capitalised as its recent files write them.
std::string variantOf(GameType type) {
  std::string letters;
  if (type.has(Bug::Pillbug)) letters += 'P';
  if (type.has(Bug::Ladybug)) letters += 'L';
  if (type.has(Bug::Mosquito)) letters += 'M';
  return letters.empty() ? "Hive" : "Hive-" + letters;
}

// The game's own tag, else the boardspace property it was read from (a header
// the catalogue's words do not cover, such as a localised RE).
std::string tagOr(const ReplayedGame& game, std::string_view name, std::string_view property) {
  if (const std::string* value = game.tag(name); value && !value->empty()) return *value;
  if (const std::string* value = game.tag(property)) return *value;
  return {};
}

// RE in boardspace's words, which name the winner.
std::string resultProperty(const ReplayedGame& game, const std::string& white, const std::string& black) {
  const std::string* result = game.tag("Result");
  if (result && *result == "Draw") return "The game is a draw";
  if (result && *result == "WhiteWins" && !white.empty()) return "Game won by " + white;
  if (result && *result == "BlackWins" && !black.empty()) return "Game won by " + black;
  const std::string* written = game.tag("RE");
  return written ? *written : std::string();
}

std::vector<grammar::Tag> headerTags(const ReplayedGame& game) {
  const std::string white = tagOr(game, "White", "P0"), black = tagOr(game, "Black", "P1");
  const std::pair<std::string, std::string> properties[] = {
      {"GM", "27"},
      {"VV", "1"},
      {"CM", tagOr(game, "CM", "CM")},
      {"TC", tagOr(game, "TimeControl", "TC")},
      {"SU", variantOf(game.board.type())},
      {"DT", tagOr(game, "Date", "DT")},
      {"GN", tagOr(game, "GN", "GN")},
      {"RE", resultProperty(game, white, black)},
      {"P0", white},
      {"P0 ranking", tagOr(game, "WhiteElo", "P0 ranking")},
      {"P1", black},
      {"P1 ranking", tagOr(game, "BlackElo", "P1 ranking")},
      {"P0 time", tagOr(game, "P0 time", "P0 time")},
      {"P1 time", tagOr(game, "P1 time", "P1 time")},
  };
  std::vector<grammar::Tag> tags;
  for (const auto& [name, value] : properties)
    if (!value.empty()) tags.push_back({name, value, {}});
  return tags;
}

// One turn before its place is named: where the piece went (and came from) in the
// engine's axial coordinates.
struct PlacedTurn {
  grammar::SgfTurnToWrite turn;
  std::optional<Axial> to, from;
};

// boardspace's column names: A to Z, then `1Z`, `2Z`... past Z and `1A`, `2A`...
// before A.
std::string columnName(int column) {
  if (column > 25) return std::to_string(column - 25) + "Z";
  if (column < 0) return std::to_string(-column) + "A";
  return std::string(1, char('A' + column));
}

// The engine's axial cells as boardspace's col/row (q = col, r = -row): the first
// piece at N 13 as boardspace places it, shifted when the game would reach past
// column A..Z (Mzinga Viewer reads single letters) or below row 1; a game wider
// than 26 columns goes on with boardspace's `1Z`, `1A`.
class PlaceNamer {
 public:
  explicit PlaceNamer(const std::vector<PlacedTurn>& turns) {
    int minQ = INT_MAX, maxQ = INT_MIN, maxR = INT_MIN;
    for (const PlacedTurn& t : turns)
      if (t.to) {
        minQ = std::min(minQ, t.to->q);
        maxQ = std::max(maxQ, t.to->q);
        maxR = std::max(maxR, t.to->r);
      }
    if (minQ == INT_MAX) return;
    column_ = std::clamp(13, -minQ, std::max(-minQ, 25 - maxQ));
    row_ = std::max(13, 1 + maxR);
  }
  void name(const Axial& at, std::string& col, int& row) const {
    col = columnName(at.q + column_);
    row = row_ - at.r;
  }

 private:
  int column_ = 13, row_ = 13;
};

std::vector<PlacedTurn> placedTurns(const Board& game) {
  std::vector<PlacedTurn> turns;
  Board replay(game.type(), game.rules(), game.firstMover());
  for (const Move& m : game.history()) {
    PlacedTurn t;
    grammar::SgfTurn& turn = t.turn.turn;
    turn.player = replay.toMove() == Color::White ? 0 : 1;
    if (m.isPass()) {
      turn.kind = grammar::SgfTurnKind::Pass;
    } else {
      const grammar::UhpMove uhp = uhpMoveOf(replay, m);
      const std::string text = grammar::writeMove(uhp);
      const auto space = text.find(' ');
      turn.piece = grammar::writePieceName(uhp.piece);
      turn.hint = space == std::string::npos ? "." : text.substr(space + 1);
      turn.pillbugAssisted = colorOf(m.piece) != replay.toMove();
      if (!m.isPlacement()) t.from = replay.axialOfPiece(m.piece);
    }
    replay.play(m);
    if (!m.isPass()) t.to = replay.axialOfPiece(m.piece);
    turns.push_back(std::move(t));
  }
  return turns;
}

}  // namespace

std::string writeSgf(const ReplayedGame& game) {
  std::vector<PlacedTurn> placed = placedTurns(game.board);
  const PlaceNamer namer(placed);
  std::vector<grammar::SgfTurnToWrite> turns;
  for (PlacedTurn& t : placed) {
    if (t.to) namer.name(*t.to, t.turn.turn.col, t.turn.turn.row);
    if (t.from) namer.name(*t.from, t.turn.fromCol, t.turn.fromRow);
    turns.push_back(std::move(t.turn));
  }
  return grammar::writeSgf(headerTags(game), turns);
}

}  // namespace apiary::notation
