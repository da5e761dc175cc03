// Results as the index aggregates them. A game's result is kept relative to who
// moved first (Outcome), never as White/Black, so that a game and its colour swap
// count the same; at a position it becomes relative to the side to move there
// (mover wins / loses), which is what the explorer shows.
#pragma once
#include <array>
#include <cstdint>

#include "engine/board.hpp"

namespace apiary::index {

enum class Outcome : uint8_t { Unknown = 0, FirstWins = 1, SecondWins = 2, Draw = 3 };

// The outcome of a game whose first mover was `first` and whose result is `state`
// (WhiteWins, BlackWins, Draw; anything else is Unknown).
Outcome outcomeOf(GameState state, Color first);
// And back: the result in colours, InProgress when unknown.
GameState stateOf(Outcome outcome, Color first);

struct Counts {
  uint64_t games = 0;
  uint64_t moverWins = 0;
  uint64_t draws = 0;
  uint64_t moverLosses = 0;
  uint64_t firstWins = 0;   // the player who made the game's first move won
  uint64_t secondWins = 0;  // the other player won
  // The counted games' final lengths in plies, summed: the explorer's average game
  // length is lengthSum / games, for a position and for each next position alike.
  uint64_t lengthSum = 0;

  // Every field, in the order a position record stores them (position_record.cpp),
  // so that arithmetic and encoding name each field once.
  static constexpr std::array kFields = {&Counts::games,       &Counts::moverWins, &Counts::draws,
                                         &Counts::moverLosses, &Counts::firstWins, &Counts::secondWins,
                                         &Counts::lengthSum};

  Counts& operator+=(const Counts& o);
  Counts& operator-=(const Counts& o);  // clamps at zero (transpositions = total - continuations)
  bool operator==(const Counts&) const = default;
};

// What one game with this outcome and length (`plies`) adds to a position it
// reached at `ply` (the side to move there is the first mover when ply is even).
Counts countsOf(Outcome outcome, uint64_t ply, uint64_t plies);

}  // namespace apiary::index
