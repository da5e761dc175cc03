// Helpers for the engine tests: replaying GameStrings and comparing move sets as
// board moves (piece, from, to), never as spellings.
#pragma once
#include <catch2/catch.hpp>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "engine/movegen.hpp"
#include "notation/uhp_text.hpp"

// The engine's tests read and write positions as UHP GameStrings (notation/uhp_text.hpp).
namespace apiary {
using notation::gameString, notation::moveString, notation::parseGameString, notation::parseMoveString;
}  // namespace apiary

namespace apiary::test {

using MoveKey = std::tuple<int, int, int>;
inline MoveKey keyOf(const Move& m) { return {m.piece, m.from, m.to}; }

inline Board replayGameString(const std::string& gameString, Rules rules = {}) {
  auto game = parseGameString(gameString, rules);
  INFO("GameString: " << gameString);
  INFO("ply " << game.error.ply << ": " << game.error.message);
  REQUIRE(game.value.has_value());
  return std::move(*game.value);
}

inline std::vector<std::string> splitList(const std::string& text, char sep) {
  std::vector<std::string> out;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, sep);)
    if (item.find_first_not_of(" \t") != std::string::npos) out.push_back(item);
  return out;
}

// Reads move strings against the board; each must name a move.
inline std::set<MoveKey> movesNamed(const Board& board, const std::vector<std::string>& texts) {
  std::set<MoveKey> out;
  for (const auto& text : texts) {
    const auto parsed = parseMoveString(board, text);
    INFO("move string: " << text << " (" << parsed.error.message << ")");
    REQUIRE(parsed.value.has_value());
    out.insert(keyOf(*parsed.value));
  }
  return out;
}

inline std::set<MoveKey> legalSet(const Board& board) {
  MoveList moves;
  legalMoves(board, moves);
  std::set<MoveKey> out;
  for (const Move& m : moves) out.insert(keyOf(m));
  return out;
}

inline std::string describe(const Board& board, const std::set<MoveKey>& moves) {
  std::string out;
  for (const auto& [piece, from, to] : moves)
    out += moveString(board, Move{PieceId(piece), Cell(from), Cell(to)}) + "; ";
  return out;
}

}  // namespace apiary::test
