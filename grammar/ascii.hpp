// ASCII character classes for the X3 grammars (include only from grammar/*.cpp).
// X3's own classes (x3::digit, x3::blank, ...) and no_case assert on bytes above
// 127, and any byte can come in from a file.
#pragma once
#include <boost/spirit/home/x3.hpp>
#include <cstdint>

namespace apiary::grammar::ascii {

namespace x3 = boost::spirit::x3;

// A set of bytes written as x3::char_ writes one ("a-zA-Z", "+-"), built at
// compile time.
struct ByteSet {
  std::uint64_t bits[4] = {};
  constexpr ByteSet(const char* spec) {  // NOLINT: implicit, so `in<"a-z">` reads well
    while (*spec) {
      const auto first = static_cast<unsigned char>(*spec++);
      if (spec[0] == '-' && spec[1] != 0) {  // a range; a trailing '-' is itself
        const auto last = static_cast<unsigned char>(spec[1]);
        spec += 2;
        for (unsigned c = first; c <= last; ++c) add(c);
      } else {
        add(first);
      }
    }
  }
  constexpr void add(unsigned c) { bits[c >> 6] |= std::uint64_t{1} << (c & 63); }
  constexpr bool has(unsigned char c) const { return (bits[c >> 6] >> (c & 63)) & 1; }
};

// A char parser for one ByteSet. x3::char_("...") keeps its set in a std::bitset
// inside the parser, tested with a bounds check and copied into every expression
// that uses it; here the set is a template argument, so the parser is empty and a
// test is a shift and a mask. Negation (`~in<"\r\n">`) works as for x3::char_.
template <ByteSet Set>
struct ByteClass : x3::char_parser<ByteClass<Set>> {
  using attribute_type = char;
  static bool const has_attribute = true;
  template <class Char, class Context>
  bool test(Char ch, Context const&) const {
    return Set.has(static_cast<unsigned char>(ch));
  }
};
template <ByteSet Set>
inline constexpr ByteClass<Set> in{};

inline constexpr auto digit = in<"0-9">;
inline constexpr auto lower = in<"a-z">;
inline constexpr auto alpha = in<"a-zA-Z">;
inline constexpr auto alnum = in<"a-zA-Z0-9">;
inline constexpr auto blank = in<" \t">;
inline constexpr auto space = in<" \t\r\n\v\f">;
inline constexpr auto graph = ~in<" \t\r\n\v\f">;  // any byte that is not white space

}  // namespace apiary::grammar::ascii
