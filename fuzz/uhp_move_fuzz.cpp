// One UHP move string: the grammar (a move read, written and read again is the
// same) and the engine's reading of it against a position with pieces to name.
#include "engine/uhp.hpp"
#include "fuzz/fuzz_support.hpp"
#include "grammar/uhp.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace apiary;
  static const Board board = *parseGameString("Base+MLP;InProgress;White[4];wS1;bG1 -wS1;wQ /wS1;bQ bG1-;wP wQ\\;bM bQ/").board;
  const std::string_view text = fuzz::textOf(data, size);
  if (const auto read = grammar::parseMoveString(text)) {
    const auto again = grammar::parseMoveString(grammar::writeMove(*read.move));
    fuzz::require(again && *again.move == *read.move, "a written move string reads back the same");
  }
  parseMoveString(board, text);
  return 0;
}
