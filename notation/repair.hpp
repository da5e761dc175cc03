// Lenient reading: when a written move fits no legal move, the repairs a reader
// may try, in this order, each taken only when exactly one move fits:
//  1. the move as written with the gate and contact rules dropped
//     (engine/relaxed_movement.hpp); never a placement;
//  2. the text with the colour of some of its pieces flipped (letter case in
//     PGN-like, `w`/`b` in UHP and algebraic): the fewest letters flipped that give
//     exactly one legal move win.
// The game goes on strictly from the repaired position; a game takes at most
// kMaxRepairs. Without leniency the repair that would have worked is named in the
// rejection, so a user knows what lenient reading would do.
#pragma once
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/board.hpp"
#include "engine/movegen.hpp"
#include "grammar/syntax.hpp"
#include "notation/game.hpp"
#include "notation/replay.hpp"

namespace apiary::notation {

inline constexpr int kMaxRepairs = 3;

// Which letters of a move's text carry a piece's colour.
enum class ColourLetters {
  None,    // the notation writes no colour (direction, BoardSpace)
  Case,    // every bug letter, by its case (PGN-like)
  Prefix,  // `w` or `b` before an upper-case bug letter (UHP, algebraic)
};

// The texts that flip `flips` of the colour letters, the first letter being the
// moved piece's; each with the letters it flipped as a bit mask over the letters.
struct FlippedText {
  std::string text;
  uint32_t flipped = 0;
};
std::vector<FlippedText> colourFlips(std::string_view text, ColourLetters letters, int flips);
int colourLetterCount(std::string_view text, ColourLetters letters);

// The repair's warning: "'text': repaired: detail -> move", the move in UHP.
std::string repairMessage(const Board& board, std::string_view text, const Repaired& repair);

// The one distinct move of a list, or nothing for none or several.
std::optional<Move> onlyMove(const std::vector<Move>& moves);

// A reader whose moves name one exact move (UHP, BoardSpace): the failed step's
// move, when it is legal without the sliding rules.
std::vector<Move> relaxedExactMove(const Board& board, const Step& failed);

// The repair of a written move that fits no legal move, or nothing. `relaxed(board,
// description, failed)` gives the movements the text fits with the sliding rules
// dropped; `parse` reads
// a changed text as the notation's description; `step` is the reader's own, so a
// text with flipped colours is resolved exactly as a written one would be.
template <class Description, class StepFn, class Relaxed, class Parse>
std::optional<Repaired> findRepair(const Board& board, const grammar::Written<Description>& written, const Step& failed,
                                   StepFn& step, Relaxed&& relaxed, ColourLetters letters, Parse&& parse) {
  std::vector<Move> loose = relaxed(board, written.move, failed);
  std::erase_if(loose, [&](const Move& m) { return m.isPlacement() || isLegal(board, m); });
  if (const auto only = onlyMove(loose))
    return Repaired{*only, RepairKind::SlideRulesIgnored, "gate and contact rules ignored"};
  const int count = colourLetterCount(written.text, letters);
  for (int flips = 1; flips <= count; ++flips) {
    std::vector<Move> found;
    FlippedText chosen;
    for (FlippedText& variant : colourFlips(written.text, letters, flips)) {
      std::optional<Description> read = parse(variant.text);
      if (!read) continue;
      const grammar::Written<Description> again{std::move(*read), variant.text, written.pos, {}};
      const Step s = step(board, again);
      if (!s.move || !(s.legal || isLegal(board, *s.move))) continue;
      if (std::find(found.begin(), found.end(), *s.move) == found.end()) {
        found.push_back(*s.move);
        chosen = std::move(variant);
      }
    }
    if (found.size() > 1) return std::nullopt;
    if (found.size() == 1)
      return Repaired{found.front(), chosen.flipped == 1 ? RepairKind::PieceColour : RepairKind::ReferenceColour,
                      "colour letters flipped, read as '" + chosen.text + "'"};
  }
  return std::nullopt;
}

}  // namespace apiary::notation
