// Position strings: the grammar alone, then the ingest reader that sets the
// position up (one a line); an accepted one written reads back to itself.
#include "fuzz/fuzz_support.hpp"
#include "grammar/position_string.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace apiary;
  const std::string_view text = fuzz::textOf(data, size);
  if (const auto parsed = grammar::parsePositionString(text); parsed.position)
    grammar::writePositionString(*parsed.position);
  fuzz::readAndRoundTrip("fen", text, "fen");
  return 0;
}
