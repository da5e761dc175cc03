#include "index/counts.hpp"

namespace apiary::index {

Outcome outcomeOf(GameState state, Color first) {
  switch (state) {
    case GameState::WhiteWins: return first == Color::White ? Outcome::FirstWins : Outcome::SecondWins;
    case GameState::BlackWins: return first == Color::Black ? Outcome::FirstWins : Outcome::SecondWins;
    case GameState::Draw: return Outcome::Draw;
    default: return Outcome::Unknown;
  }
}

GameState stateOf(Outcome outcome, Color first) {
  const GameState firstWins = first == Color::White ? GameState::WhiteWins : GameState::BlackWins;
  const GameState secondWins = first == Color::White ? GameState::BlackWins : GameState::WhiteWins;
  switch (outcome) {
    case Outcome::FirstWins: return firstWins;
    case Outcome::SecondWins: return secondWins;
    case Outcome::Draw: return GameState::Draw;
    default: return GameState::InProgress;
  }
}

Counts& Counts::operator+=(const Counts& o) {
  for (const auto field : kFields) this->*field += o.*field;
  return *this;
}

Counts& Counts::operator-=(const Counts& o) {
  for (const auto field : kFields) this->*field = this->*field > o.*field ? this->*field - o.*field : 0;
  return *this;
}

Counts countsOf(Outcome outcome, uint64_t ply, uint64_t plies) {
  Counts c;
  c.games = 1;
  c.lengthSum = plies;
  const bool moverIsFirst = ply % 2 == 0;
  switch (outcome) {
    case Outcome::FirstWins:
      c.firstWins = 1;
      (moverIsFirst ? c.moverWins : c.moverLosses) = 1;
      break;
    case Outcome::SecondWins:
      c.secondWins = 1;
      (moverIsFirst ? c.moverLosses : c.moverWins) = 1;
      break;
    case Outcome::Draw: c.draws = 1; break;
    case Outcome::Unknown: break;
  }
  return c;
}

}  // namespace apiary::index
