// BoardSpace .sgf logs, read and replayed; an accepted game, written as SGF, reads
// back to the same game. SGF and not UHP: a log may have Black move first, which
// UHP, where White always begins, cannot record.
#include "fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace apiary;
  fuzz::readAndRoundTrip("sgf", fuzz::textOf(data, size), "sgf");
  return 0;
}
