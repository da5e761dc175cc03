// BoardSpace .sgf logs, read and replayed; an accepted game reads back from UHP
// (apiary writes no SGF).
#include "fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace apiary;
  fuzz::readAndRoundTrip("sgf", fuzz::textOf(data, size), "uhp", "uhp");
  return 0;
}
