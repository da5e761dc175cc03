// Positions the diagram and SVG tests draw: games apiary generated (data/sample) and
// positions built by hand, each chosen for what it shows.
#pragma once
#include <stdexcept>
#include <string>
#include <vector>

#include "notation/notations.hpp"
#include "notation/uhp_text.hpp"

namespace apiary::test {

struct NamedPosition {
  std::string name;  // also the golden file's name
  std::string text;  // a UHP GameString, or a position string when fen
  bool fen = false;
};

inline const std::vector<NamedPosition>& diagramPositions() {
  static const std::vector<NamedPosition> positions = {
      // Nothing on the board.
      {"empty", "Base+MLP;NotStarted;White[1]"},
      // One placement: marked where it went, nothing where it came from.
      {"first-move", "Base+MLP;InProgress;Black[1];wL"},
      // Both Beetles climb; the last one is marked on its stack and where it left.
      {"beetles", "Base+MLP;InProgress;White[5];wS1;bG1 wS1-;wQ -wS1;bQ bG1-;wB1 /wS1;bB1 bQ/;wB1 wS1;bB1 bQ"},
      // Sample game 300 (data/sample/pgn-like-games.txt #39): ends with Black's
      // Pillbug throwing White's and a Beetle on the surrounded White Queen.
      {"pillbug-throw",
       "Base+MLP;BlackWins;White[19];wM;bM wM-;wP \\wM;bS1 bM-;wQ -wM;bS2 bS1-;wP \\bM;bQ bS2/;wS1 wP/;"
       "bA1 bM\\;wL -wP;bA1 -wQ;wB1 wQ\\;bL \\bA1;wM -bQ;bL -wL;wS1 \\bQ;bQ wS1-;wB1 wQ;bG1 \\bL;wS2 \\wS1;"
       "bG2 /bA1;wS2 bQ-;bG1 wB1\\;wB2 wS2-;bB1 bS1\\;wB1 -bG1;bG3 -bL;wB1 wQ;bB2 bG2\\;wB2 wS2;bB2 -bG1;"
       "wG1 \\wP;bP bG1-;wB2 bQ\\;wP -bM"},
      // The same final position as a position string: the last piece is known, not
      // where it came from.
      {"set-up", "4G2SqS/1glL2M1B1/1aQ=BP:mss3/gbgp1b4 w", true},
  };
  return positions;
}

inline Board boardOf(const NamedPosition& p) {
  if (p.fen) {
    auto position = notation::readPosition(p.text);
    if (!position) throw std::runtime_error(p.name + ": " + position.error.message);
    return *position.value;
  }
  auto game = notation::parseGameString(p.text);
  if (!game) throw std::runtime_error(p.name + ": " + game.error.message);
  return *game.value;
}

}  // namespace apiary::test
