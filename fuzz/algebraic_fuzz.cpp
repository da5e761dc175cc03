// Algebraic files in any of the three forms, read and resolved; an accepted game
// is written back in one form (long, short or compressed, by the input's length).
#include "fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace apiary;
  static constexpr std::string_view kForms[] = {"algebraic-long", "algebraic", "algebraic-compressed"};
  fuzz::readAndRoundTrip("algebraic", fuzz::textOf(data, size), kForms[size % 3], "algebraic");
  return 0;
}
