// PGN tag pairs, `[Name "value"]`: how the PGN-like and algebraic files (and any
// other line-based notation that wants them) carry a game's tags.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "grammar/syntax.hpp"

namespace apiary::grammar {

// A PGN tag pair `[Name "value"]` at the start of `text` (blanks may surround the
// parts; `\"` and `\\` escape inside the value). Gives the tag (pos left zero) and
// the number of bytes it took, or nothing when `text` does not start with one.
std::optional<std::pair<Tag, std::size_t>> readTagPair(std::string_view text);
// The same read into `tag` (name and value replaced, pos untouched), for readers
// that place the tag straight into its game: the bytes it took, 0 when `text` does
// not start with one (a tag pair is never empty).
std::size_t readTagPair(std::string_view text, Tag& tag);
// `[Name "value"]`, escaping `"` and `\` in the value, on one line (tagOnOneLine).
std::string writeTagPair(const Tag& tag);
// A tag's value as a writer puts it on one line: each run of line breaks (`\r`,
// `\n`) becomes a blank. Values may hold them (a BoardSpace property spanning
// lines), and no reader takes a tag across lines.
std::string tagOnOneLine(std::string_view value);

}  // namespace apiary::grammar
