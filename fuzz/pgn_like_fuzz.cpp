// PGN-like files, read and every move resolved against the legal ones.
#include "fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace apiary;
  fuzz::readAndRoundTrip(grammar::Format::PgnLike, fuzz::textOf(data, size), notation::WriteFormat::PgnLike);
  return 0;
}
