#include "notation/position_text.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <stdexcept>
#include <variant>
#include <vector>

#include "engine/movegen.hpp"

#include "notation/notations.hpp"
#include "notation/uhp_text.hpp"

namespace apiary::notation {

namespace {

std::vector<std::string> words(std::string_view text) {
  std::vector<std::string> out;
  std::istringstream in{std::string(text)};
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// "12." or "12..." : a move number.
bool isMoveNumber(std::string_view w) {
  std::size_t digits = 0;
  while (digits < w.size() && std::isdigit(static_cast<unsigned char>(w[digits]))) ++digits;
  return digits > 0 && digits < w.size() && w.find_first_not_of('.', digits) == std::string_view::npos;
}

// How many words from `i` on make a `{...}` comment or a NAG (`$1`); 0 if none does.
std::size_t annotationWords(const std::vector<std::string>& all, std::size_t i) {
  if (all[i].size() > 1 && all[i][0] == '$') return 1;
  if (all[i][0] != '{') return 0;
  std::size_t end = i;
  while (end < all.size() && all[end].find('}') == std::string::npos) ++end;
  return std::min(end + 1, all.size()) - i;
}

// UHP files hold one numbered ply per line, but people type move lists on one line:
// "1. wG1 2. bS1 wG1-", "wG1; bS1 wG1-" or just "wG1 bS1 wG1- wQ -wG1". The plies
// are split by move numbers, by ';' or line ends, or else by the shape of UHP moves
// (a game's first is one piece, `pass` one word, every other move two words).
std::vector<std::string> uhpPlies(std::string_view text, bool fromStart) {
  std::vector<std::string> plies;
  const auto all = words(text);
  bool numbered = false;
  for (const auto& w : all) numbered |= isMoveNumber(w);
  if (numbered) {
    for (const auto& w : all) {
      if (isMoveNumber(w)) plies.emplace_back();
      else if (!plies.empty()) plies.back() += (plies.back().empty() ? "" : " ") + w;
      else plies.push_back(w);
    }
  } else if (text.find(';') != std::string_view::npos || text.find('\n') != std::string_view::npos) {
    std::string segment;
    for (char c : std::string(text) + ";") {
      if (c == ';' || c == '\n') {
        if (!words(segment).empty()) plies.push_back(segment);
        segment.clear();
      } else {
        segment.push_back(c);
      }
    }
  } else {
    for (std::size_t i = 0; i < all.size();) {
      // A comment or NAG stays on the line of the move before it, for the grammar to read.
      if (const std::size_t notes = annotationWords(all, i); notes && !plies.empty()) {
        for (std::size_t end = i + notes; i < end; ++i) plies.back() += " " + all[i];
        continue;
      }
      const bool first = fromStart && plies.empty() && !(i + 1 < all.size() && all[i + 1] == ".");
      const bool single = first || all[i] == "pass";
      plies.push_back(single ? all[i] : all[i] + " " + (i + 1 < all.size() ? all[i + 1] : ""));
      i += single ? 1 : 2;
    }
  }
  std::erase_if(plies, [](const std::string& ply) { return words(ply).empty(); });
  return plies;
}

// The plies as the numbered lines the UHP reader reads.
std::string uhpMoveLines(std::string_view text) {
  const auto plies = uhpPlies(text, true);
  std::string out;
  for (std::size_t i = 0; i < plies.size(); ++i) out += std::to_string(i + 1) + ". " + plies[i] + "\n";
  return out;
}

bool looksLikeGameString(std::string_view text) {
  const auto start = text.find_first_not_of(" \t\r\n");
  if (start == std::string_view::npos) return false;
  const auto field = text.substr(start, text.find(';', start) - start);
  return text.find(';') != std::string_view::npos && GameType::parse(field).has_value();
}

// Where in the text a game failed: "line 2, column 5: ply 3: ...". A text rewritten
// before reading (a one-line UHP list) has no lines and columns of the user's.
std::string whereText(const grammar::Rejection& error, bool rewritten) {
  std::string out;
  if (!rewritten && error.line > 0)
    out = (error.line > 1 ? "line " + std::to_string(error.line) + ", " : "") + "column " +
          std::to_string(error.column) + ": ";
  if (error.ply > 0) out += "ply " + std::to_string(error.ply) + ": ";
  return out + error.message;
}

// The one game of a text, or why there is none.
std::variant<Board, std::string> onlyGame(std::vector<notation::ReplayedGame> games, bool rewritten) {
  if (games.empty()) return std::string("no game in the text");
  if (games.size() > 1) return "the text holds " + std::to_string(games.size()) + " games; give one";
  auto& game = games.front();
  if (!game.ok()) return whereText(*game.error, rewritten);
  return std::move(game.board);
}

Board orThrow(std::variant<Board, std::string> read) {
  if (auto* why = std::get_if<std::string>(&read)) throw std::invalid_argument(*why);
  return std::get<Board>(std::move(read));
}

// GameType;GameState;Turn;moves...: the header's fields, trimmed.
std::vector<std::string_view> gameStringFields(std::string_view text) {
  std::vector<std::string_view> fields;
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t end = std::min(text.find(';', start), text.size());
    std::string_view field = text.substr(start, end - start);
    while (!field.empty() && std::isspace(static_cast<unsigned char>(field.front()))) field.remove_prefix(1);
    while (!field.empty() && std::isspace(static_cast<unsigned char>(field.back()))) field.remove_suffix(1);
    fields.push_back(field);
    start = end + 1;
  }
  while (fields.size() > 1 && fields.back().empty()) fields.pop_back();  // files end with a ';'
  return fields;
}

bool sameIgnoringCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  return true;
}

// Only move numbers: "123", "5", "12." are no position (a game id, a typo).
bool onlyNumbers(const std::vector<std::string>& words) {
  for (const auto& w : words)
    if (w.find_first_not_of("0123456789.") != std::string::npos) return false;
  return true;
}

// isLegal asks the move's piece; a pass has none: it is legal when nothing else is.
bool legalHere(const Board& board, const Move& move) {
  if (!move.isPass()) return isLegal(board, move);
  MoveList legal;
  legalMoves(board, legal);
  return legal.contains(move);
}

// The text read as a game of `notation`, or why not.
std::variant<Board, std::string> readAs(const Notation& notation, std::string_view text, const PositionTextOptions& o) {
  if (!notation.readGames) return "'" + std::string(notation.name) + "' is not read";
  if (notation.positions) {
    const auto read = readPosition(text);
    if (!read) return whereText(read.error, false);
    return *read.value;
  }
  const ReadOptions options{.unnamedType = o.gameType};
  if (&notation == &uhpNotation() && text.find('[') == std::string_view::npos)
    return onlyGame(readGames(notation, uhpMoveLines(text), options), true);
  return onlyGame(readGames(notation, text, options), false);
}

}  // namespace

Board positionFromMoves(std::string_view text, const PositionTextOptions& options) {
  const auto given = words(text);
  // Nothing but blanks and the `;` between UHP moves: no move, the start.
  if (text.find_first_not_of(" \t\r\n;") == std::string_view::npos)
    return Board(options.gameType.value_or(GameType::all()), Rules{.tournament = false});
  if (onlyNumbers(given))
    throw std::invalid_argument("'" + std::string(text.substr(0, 60)) +
                                "' is not a position: a number names no move (show takes a game id)");
  // The notation asked first; a text it does not read is detected (the page sends
  // back UHP moves whatever notation it shows), a tie going to the one asked.
  std::optional<std::variant<Board, std::string>> asked;
  if (options.notation && options.notation->readGames) {
    asked = readAs(*options.notation, text, options);
    if (std::holds_alternative<Board>(*asked)) return std::get<Board>(std::move(*asked));
  }
  const Notation* detected = detectNotation(text, options.notation ? options.notation->name : "uhp");
  if (detected && detected != options.notation) return orThrow(readAs(*detected, text, options));
  if (asked) return orThrow(std::move(*asked));
  throw std::invalid_argument("cannot tell which notation '" + std::string(text.substr(0, 60)) + "' is in");
}

// The header's turn must be the one the moves reach: "White[99];wS1" is a typo or
// a cut-off game, and answering for the position after wS1 would hide it.
Board positionFromGameString(std::string_view text) {
  const auto fields = gameStringFields(text);
  std::size_t movesFrom = 1;
  if (movesFrom < fields.size() && parseGameState(fields[movesFrom])) ++movesFrom;
  std::optional<std::string_view> turn;
  if (movesFrom < fields.size() && isTurnString(fields[movesFrom])) turn = fields[movesFrom++];
  const auto type = GameType::parse(fields.front());
  // A GameString of no moves is its game type's start position.
  const Board board = type && movesFrom == fields.size() ? Board(*type, Rules{.tournament = false})
                                                         : orThrow(onlyGame(readGames(uhpNotation(), text), false));
  if (turn && !sameIgnoringCase(*turn, turnString(board)))
    throw std::invalid_argument("the turn is " + std::string(*turn) + " but after its " + std::to_string(board.ply()) +
                                (board.ply() == 1 ? " move" : " moves") + " it is " + turnString(board));
  return board;
}

Board positionFromFen(std::string_view text) {
  const auto read = notation::readPosition(text);
  if (!read) throw std::invalid_argument(whereText(read.error, false));
  return *read.value;
}

Board positionFromText(std::string_view text, const PositionTextOptions& options) {
  return looksLikeGameString(text) ? positionFromGameString(text) : positionFromMoves(text, options);
}

void playUhpMoves(Board& board, std::string_view moves) {
  int number = 0;
  for (const std::string& text : uhpPlies(moves, board.ply() == 0 && board.piecesOnBoard() == 0)) {
    ++number;
    const auto fail = [&](const std::string& why) {
      throw std::invalid_argument("move " + std::to_string(number) + ": '" + text.substr(0, 40) + "': " + why);
    };
    if (board.gameOver()) fail("the game is over");
    const auto read = parseMoveString(board, text);
    if (!read) fail(read.error.message);
    if (!legalHere(board, *read.value)) fail("not a legal move here");
    board.play(*read.value);
  }
}

}  // namespace apiary::notation
