// The options that give a command its position, registered in one place.
#pragma once
#include <CLI/CLI.hpp>

#include "notation/position_input.hpp"

namespace apiary::cli {

inline void addPositionOptions(CLI::App* cmd, notation::PositionInput& p) {
  auto group = "Position (default: the start)";
  cmd->add_option("--moves", p.moves, "The position after these moves (any notation)")->group(group);
  cmd->add_option("--moves-file", p.movesFile, "... after the moves in this file")->group(group);
  cmd->add_option("--game-string", p.gameString, "... of this UHP GameString")->group(group);
  cmd->add_option("--fen", p.fen, "... of this position string")->group(group);
}

// How many of those options were given: a command takes one position at most.
inline int positionOptionsGiven(const notation::PositionInput& p) {
  return int(bool(p.moves)) + int(bool(p.movesFile)) + int(bool(p.gameString)) + int(bool(p.fen));
}

}  // namespace apiary::cli
