// PGN tag pairs `[Name "value"]`: a tag read, written and read again is the same
// (its value on one line: an escaped line break is read, never written).
#include "fuzz/fuzz_support.hpp"
#include "grammar/tag_pair.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace apiary;
  const auto read = grammar::readTagPair(fuzz::textOf(data, size));
  if (!read) return 0;
  fuzz::require(read->second > 0 && read->second <= size, "a tag takes some of the text");
  const std::string written = grammar::writeTagPair(read->first);
  const auto again = grammar::readTagPair(written);
  fuzz::require(again && again->second == written.size(), "a written tag reads back whole");
  fuzz::require(again->first.name == read->first.name && again->first.value == grammar::tagOnOneLine(read->first.value),
                "a written tag reads back the same");
  return 0;
}
