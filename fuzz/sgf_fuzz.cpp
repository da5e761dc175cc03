// BoardSpace .sgf logs, read and replayed; an accepted game reads back to the same
// game from apiary's SGF writer, and from UHP: a log Black began is written there
// with its colours swapped (notation/white_first.hpp), the same game by the rules.
#include "fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace apiary;
  const std::string_view text = fuzz::textOf(data, size);
  fuzz::readAndRoundTrip("sgf", text, "sgf");
  fuzz::readAndRoundTrip("sgf", text, "uhp", "uhp");
  return 0;
}
