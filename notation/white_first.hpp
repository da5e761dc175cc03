// A game Black began, for the notations where White always moves first: UHP (and
// its GameStrings), and direction, whose colour-free text reads back with White
// first. The rules count a game with the colours swapped as the same game
// (spec/rules.md), so such a game is written with every colour swapped: its
// pieces, and its tags with them (the players, their ratings, the result), so
// that each name keeps its pieces and the winner stays the winner.
#pragma once
#include <optional>
#include <vector>

#include "engine/board.hpp"
#include "grammar/syntax.hpp"
#include "notation/game.hpp"

namespace apiary::notation {

// A game Black began with its colours and its colour tags swapped; nullopt for a
// game White began (or a set-up position): it is written as it stands.
std::optional<ReplayedGame> whiteFirst(const ReplayedGame& game);
// The moves alone, as a GameString writes them.
std::optional<Board> whiteFirst(const Board& game);
// Every `White...` tag becomes `Black...` and the other way round (White, WhiteElo,
// ...), and a Result's winner changes colour (WhiteWins, 1-0 and their twins);
// the tags stay in their order.
void swapColourTags(std::vector<grammar::Tag>& tags);

}  // namespace apiary::notation
