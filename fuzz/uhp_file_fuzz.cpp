// UHP PGN files and GameString lines (Mzinga, hivegame.com), read and replayed.
#include "fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace apiary;
  fuzz::readAndRoundTrip(grammar::Format::Uhp, fuzz::textOf(data, size), notation::WriteFormat::Uhp);
  return 0;
}
