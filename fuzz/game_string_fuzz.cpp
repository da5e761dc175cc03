// UHP GameStrings: the grammar, and the engine's replay of every move; a game
// replayed, written again, replays to the same position.
#include "fuzz/fuzz_support.hpp"
#include "grammar/uhp.hpp"
#include "notation/uhp_text.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace apiary;
  using notation::gameString, notation::parseGameString;
  const std::string_view text = fuzz::textOf(data, size);
  grammar::parseGameString(text);
  const auto game = parseGameString(text);
  if (!game) return 0;
  const auto again = parseGameString(gameString(*game.value));
  fuzz::require(again.value.has_value(), "a replayed GameString, written, replays");
  fuzz::require(again.value->history() == game.value->history(), "... with the same moves");
  return 0;
}
