// The options that give a command its position, registered in one place, and the
// query::PositionRequest they fill (the server fills the same from its parameters).
#pragma once
#include <CLI/CLI.hpp>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include "index/game_query.hpp"
#include "query/error.hpp"
#include "query/positions/position_request.hpp"

namespace apiary::cli {

struct PositionOptions {
  query::PositionRequest request;  // --moves, --game and --ply set it directly
  std::optional<std::string> movesFile, gameString, fen;
};

inline void addPositionOptions(CLI::App* cmd, PositionOptions& p) {
  auto group = "Position (default: the start)";
  cmd->add_option("--moves", p.request.moves,
                  "After these moves (any notation; played on the position or --game when one is given, in UHP)")
      ->group(group);
  cmd->add_option("--moves-file", p.movesFile, "... the moves in this file")->group(group);
  cmd->add_option("--game-string", p.gameString, "The position of this UHP GameString")->group(group);
  cmd->add_option("--fen", p.fen, "The position of this position string")->group(group);
  cmd->add_option("--game", p.request.game, "The position of this stored game (its id), after --ply plies")
      ->group(group);
  // show has a --ply of its own (the game it shows, rewound): the same meaning.
  if (!cmd->get_option_no_throw("--ply"))
    cmd->add_option("--ply", p.request.ply, "After this many plies of the game or position given (default: the end)")
        ->group(group);
}

// How many of those options were given: a command takes one position at most.
inline int positionOptionsGiven(const PositionOptions& p) {
  return int(!p.request.moves.empty()) + int(bool(p.movesFile)) + int(bool(p.gameString)) + int(bool(p.fen)) +
         int(bool(p.request.game));
}

// The request of the options and the POSITION argument (`text`); a move list
// named without a game type takes the filter's (--game-type).
inline query::PositionRequest positionRequest(const PositionOptions& p, const std::string& text,
                                              const index::GameQuery& filter = {},
                                              const notation::Notation* notation = nullptr) {
  using query::Field;
  query::PositionRequest r = p.request;
  const int bases = int(!text.empty()) + int(bool(p.gameString)) + int(bool(p.fen)) + int(bool(r.game));
  if (bases > 1)
    throw query::QueryError(query::ErrorKind::BadInput, Field::None,
                            "give the position once: as an argument, --game-string, --fen or --game");
  if (p.movesFile && !r.moves.empty())
    throw query::QueryError(query::ErrorKind::BadInput, Field::Moves, ": give the moves once, here or in --moves-file");
  r.position = text;
  if (p.gameString) r.position = *p.gameString, r.form = query::PositionForm::GameString;
  if (p.fen) r.position = *p.fen, r.form = query::PositionForm::PositionString;
  if (p.movesFile) {
    std::ifstream file(*p.movesFile, std::ios::binary);
    if (!file) throw std::invalid_argument("cannot read " + *p.movesFile);
    std::ostringstream moves;
    moves << file.rdbuf();
    r.moves = moves.str();
  }
  if (filter.gameType) r.gameType = filter.gameType;
  r.notation = notation;
  return r;
}

}  // namespace apiary::cli
