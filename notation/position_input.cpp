#include "notation/position_input.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "notation/uhp_text.hpp"
#include "notation/notations.hpp"

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
// (the first is one piece, `pass` one word, every other move two words), and
// written back as the numbered lines the UHP reader reads.
std::string uhpMoveLines(std::string_view text) {
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
      const bool single = plies.empty() ? !(i + 1 < all.size() && all[i + 1] == ".") : all[i] == "pass";
      plies.push_back(single ? all[i] : all[i] + " " + (i + 1 < all.size() ? all[i + 1] : ""));
      i += single ? 1 : 2;
    }
  }
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

Board onlyGame(std::vector<notation::ReplayedGame> games, std::string_view what) {
  if (games.empty()) throw std::invalid_argument(std::string(what) + ": no game in the text");
  if (games.size() > 1)
    throw std::invalid_argument(std::string(what) + ": the text holds " + std::to_string(games.size()) +
                                " games; give one");
  const auto& game = games.front();
  if (!game.ok()) throw std::invalid_argument(notation::describeError(std::string(what), *game.error));
  return game.board;
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

}  // namespace

Board positionFromMoves(std::string_view text) {
  const auto given = words(text);
  if (given.empty()) return Board(GameType::all(), Rules{.tournament = false});
  if (onlyNumbers(given))
    throw std::invalid_argument("'" + std::string(text.substr(0, 60)) +
                                "' is not a position: a number names no move (show takes a game id)");
  const Notation* notation = detectNotation(text);
  if (!notation)
    throw std::invalid_argument("moves: cannot tell which notation '" + std::string(text.substr(0, 60)) + "' is in");
  if (notation->positions) return positionFromFen(text);
  if (notation == &uhpNotation()) {
    if (looksLikeGameString(text)) return positionFromGameString(text);
    if (text.find('[') == std::string_view::npos) return onlyGame(readGames(uhpNotation(), uhpMoveLines(text)), "moves");
  }
  return onlyGame(readGames(*notation, text), "moves");
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
  const Board board = type && movesFrom == fields.size()
                          ? Board(*type, Rules{.tournament = false})
                          : onlyGame(readGames(uhpNotation(), text), "game string");
  if (turn && !sameIgnoringCase(*turn, turnString(board)))
    throw std::invalid_argument("game string: the turn is " + std::string(*turn) + " but after its " +
                                std::to_string(board.ply()) + (board.ply() == 1 ? " move" : " moves") + " it is " +
                                turnString(board));
  return board;
}

Board positionFromFen(std::string_view text) {
  const auto read = notation::readPosition(text);
  if (!read.board) throw std::invalid_argument(notation::describeError("position string", read.error));
  return *read.board;
}

Board positionFromLine(std::string_view line) {
  return looksLikeGameString(line) ? positionFromGameString(line) : positionFromMoves(line);
}

Board positionFromInput(const PositionInput& in) {
  if (in.game) throw std::invalid_argument("--game needs a database");
  if (in.ply) throw std::invalid_argument("--ply goes with --game");
  const int given = int(in.moves.has_value()) + int(in.movesFile.has_value()) + int(in.gameString.has_value()) +
                    int(in.fen.has_value());
  if (given > 1) throw std::invalid_argument("give the position once: --moves, --moves-file, --game-string or --fen");
  if (in.moves) return positionFromMoves(*in.moves);
  if (in.gameString) return positionFromGameString(*in.gameString);
  if (in.fen) return positionFromFen(*in.fen);
  if (in.movesFile) {
    std::ifstream file(*in.movesFile, std::ios::binary);
    if (!file) throw std::invalid_argument("cannot read " + *in.movesFile);
    std::ostringstream text;
    text << file.rdbuf();
    return positionFromMoves(text.str());
  }
  return Board(GameType::all(), Rules{.tournament = false});
}

}  // namespace apiary::notation
