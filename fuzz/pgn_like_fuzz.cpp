// PGN-like files, read and every move resolved against the legal ones.
#include "fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace apiary;
  fuzz::readAndRoundTrip("pgn-like", fuzz::textOf(data, size), "pgn-like");
  return 0;
}
