// What players write around a move besides the move: a mark right after it (`!`,
// `?`, `!!`, `??`, `!?`, `?!`) and a numeric annotation glyph (`$1`, a NAG, as PGN
// writes them). Both are read and skipped: they say what someone thought of the
// move, not which move it was. Comments are each notation's own (`{...}`, `;`).
#pragma once
#include <cstddef>

#include "grammar/ascii.hpp"

namespace apiary::grammar::annotation {

// The bytes a mark is made of: none is a byte of any notation's move.
inline constexpr ascii::ByteSet markBytes = "!?";

// What may follow a mark: a blank, a line end, a comment or a NAG (or the end of
// the text). Anything else makes it no mark: `+SG?2` is a bad ply, not `+SG` and 2.
inline constexpr ascii::ByteSet afterMark = " \t\r\n{;$";

// As X3 parsers, for the grammars written as one expression.
inline const auto mark = boost::spirit::x3::repeat(1, 2)[ascii::in<markBytes>];
inline const auto nag = boost::spirit::x3::lit('$') >> +ascii::digit;
// A mark that ends where a move may: what a move's end may look ahead to.
inline const auto markThenEnd = mark >> &(ascii::in<afterMark> | boost::spirit::x3::eoi);

// The same for the hand-written drivers (PGN-like, algebraic): the length of the
// mark or NAG starting at `at`, 0 when there is none.
inline std::size_t markLength(const char* at, const char* end) {
  std::size_t n = 0;
  while (n < 2 && at + n != end && (at[n] == '!' || at[n] == '?')) ++n;
  return n;
}
// Whether a mark that ends as markThenEnd says starts at `at`.
inline bool markThenEndAt(const char* at, const char* end) {
  static constexpr ascii::ByteTable after{afterMark};
  const std::size_t length = markLength(at, end);
  return length > 0 && (at + length == end || after.has[static_cast<unsigned char>(at[length])]);
}
inline std::size_t nagLength(const char* at, const char* end) {
  if (at == end || *at != '$') return 0;
  std::size_t n = 1;
  while (at + n != end && static_cast<unsigned char>(at[n] - '0') < 10) ++n;
  return n > 1 ? n : 0;
}

}  // namespace apiary::grammar::annotation
