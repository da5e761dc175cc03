// UHP PGN files and GameString lines (Mzinga, hivegame.com), read and replayed.
#include "fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace apiary;
  fuzz::readAndRoundTrip("uhp", fuzz::textOf(data, size), "uhp");
  return 0;
}
