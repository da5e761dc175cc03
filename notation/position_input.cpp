#include "notation/position_input.hpp"

#include <cctype>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "engine/uhp.hpp"
#include "grammar/detect.hpp"
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

// A GameString without moves ("Base;NotStarted;White[1]", what UHP's newgame
// answers) is the empty board of its game type; the game reader wants moves.
std::optional<Board> emptyGame(std::string_view text) {
  std::vector<std::string> fields;
  std::istringstream in{std::string(text)};
  for (std::string field; std::getline(in, field, ';');) {
    const auto w = words(field);
    if (w.size() > 1) return std::nullopt;
    fields.push_back(w.empty() ? "" : w.front());
  }
  const auto type = fields.empty() ? std::nullopt : GameType::parse(fields.front());
  if (!type) return std::nullopt;
  for (std::size_t i = 1; i < fields.size(); ++i)
    if (!fields[i].empty() && !parseGameState(fields[i]) && !isTurnString(fields[i])) return std::nullopt;
  return Board(*type, Rules{.tournament = false});
}

}  // namespace

Board positionFromMoves(std::string_view text) {
  if (words(text).empty()) return Board(GameType::all(), Rules{.tournament = false});
  const grammar::Format format = grammar::detectFormat(text);
  switch (format) {
    case grammar::Format::Unknown:
      throw std::invalid_argument("moves: cannot tell which notation '" + std::string(text.substr(0, 60)) + "' is in");
    case grammar::Format::PositionString:
      return positionFromFen(text);
    case grammar::Format::Uhp:
      if (looksLikeGameString(text)) return positionFromGameString(text);
      if (text.find('[') == std::string_view::npos) return onlyGame(notation::readGames(grammar::Format::Uhp, uhpMoveLines(text)), "moves");
      [[fallthrough]];
    default:
      return onlyGame(notation::readGames(format, text), "moves");
  }
}

Board positionFromGameString(std::string_view text) {
  if (auto empty = emptyGame(text)) return std::move(*empty);
  return onlyGame(notation::readGames(grammar::Format::Uhp, text), "game string");
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
