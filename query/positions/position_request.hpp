// The position a request names, one type for every front end: the CLI fills it
// from its POSITION argument and its flags, the server from its parameters. A
// position is, in this order: a base (the text `position`, or the stored `game`),
// rewound to `ply` plies when given, then `moves` played on. Errors are QueryErrors
// naming the field at fault, each front end words them (cli/ as flags, server/ as
// parameters).
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "engine/board.hpp"
#include "index/game_query.hpp"
#include "notation/notation_table.hpp"

namespace apiary::query {

// What the text `position` holds: read as it shows (Any), or only one form (the
// CLI's GameString and position string flags).
enum class PositionForm { Any, GameString, PositionString };

struct PositionRequest {
  // A move list in any notation, the whole text of one game (tags, several lines),
  // a UHP GameString or a position string; empty: the start.
  std::string position;
  PositionForm form = PositionForm::Any;
  std::optional<index::GameId> game;  // a stored game instead of `position`
  std::optional<uint32_t> ply;        // the base after this many plies (default: its end)
  // Played on the base: a move list in any notation when the base is the start,
  // UHP moves (one a line, or separated by ';') after a position or a game.
  std::string moves;
  // The notation to read the texts in when they read in it; else detected.
  const notation::Notation* notation = nullptr;
  // The game type of a text that names none (the request's game-type filter),
  // widened to hold the pieces its moves use; none: Base+MLP.
  std::optional<GameType> gameType;

  // Whether any part of a position was given (none: the start).
  bool named() const { return !position.empty() || game || ply || !moves.empty(); }
};

// The board the request names. Throws QueryError: BadInput naming `position`,
// `moves`, `ply` or `game` for what cannot be read or played; NotFound naming
// `game` for no such game. `catalogue` reads a `game`; without one it is refused.
Board readPosition(const PositionRequest& request, const index::GameSearch* catalogue);

// A stored game's position after `ply` plies (default: its end), errors as above.
Board positionFromGame(const index::GameSearch& catalogue, index::GameId id, std::optional<uint32_t> ply);

}  // namespace apiary::query
