// Direction-based files (Unicode and ASCII spellings), read and resolved.
#include "fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace apiary;
  fuzz::readAndRoundTrip("direction", fuzz::textOf(data, size), "direction");
  return 0;
}
