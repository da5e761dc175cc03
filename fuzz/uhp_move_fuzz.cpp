// One UHP move string: the grammar (a move read, written and read again is the
// same) and its reading against a position with pieces to name.
#include "fuzz/fuzz_support.hpp"
#include "grammar/uhp.hpp"
#include "notation/uhp_text.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace apiary;
  using notation::parseGameString, notation::parseMoveString;
  // Never destroyed (the process ends with libFuzzer): one 240-s run ended in a SEGV
  // inside ASan's free while a static Board was destroyed at exit.
  static const Board& board =
      *new Board(*parseGameString("Base+MLP;InProgress;White[4];wS1;bG1 -wS1;wQ /wS1;bQ bG1-;wP wQ\\;bM bQ/").value);
  const std::string_view text = fuzz::textOf(data, size);
  if (const auto read = grammar::parseMoveString(text)) {
    const auto again = grammar::parseMoveString(grammar::writeMove(*read.value));
    fuzz::require(again && *again.value == *read.value, "a written move string reads back the same");
  }
  parseMoveString(board, text);
  return 0;
}
