// The notation detector, with each kind of extension hint (the first byte picks it).
#include <iterator>

#include "fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace apiary;
  static constexpr std::string_view kHints[] = {"", ".sgf", ".pgn", "games/a.txt", "fen", "uhp", "x.zip", "pgn-like"};
  if (size == 0) return 0;
  const std::string_view hint = kHints[data[0] % std::size(kHints)];
  const notation::Notation* found = notation::detectNotation(fuzz::textOf(data + 1, size - 1), hint);
  if (found)
    fuzz::require(notation::findNotation(found->name, notation::NotationUse::Read) == found,
                  "a detected notation's name reads back");
  return 0;
}
