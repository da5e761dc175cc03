// ASCII character classes for the X3 grammars, three byte-level primitives, and
// the text of a record built in place (include only from grammar/*.cpp).
// X3's own classes (x3::digit, x3::blank, ...) and no_case assert on bytes above
// 127, and any byte can come in from a file.
#pragma once
#include <boost/spirit/home/x3.hpp>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace apiary::grammar::ascii {

namespace x3 = boost::spirit::x3;
// Every grammar reads bytes in place.
using It = const char*;

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

// One flag per byte: a test is one load, where ByteSet::has takes a shift, a
// mask and a word select, which adds up over every byte a grammar reads.
struct ByteTable {
  bool has[256] = {};
  constexpr explicit ByteTable(const ByteSet& set) {
    for (unsigned c = 0; c < 256; ++c) has[c] = set.has(static_cast<unsigned char>(c));
  }
};

// A char parser for one ByteSet. x3::char_("...") keeps its set in a std::bitset
// inside the parser, tested with a bounds check and copied into every expression
// that uses it; here the set is a template argument, so the parser is empty and a
// test is a table load. Negation (`~in<"\r\n">`) works as for x3::char_.
template <ByteSet Set>
struct ByteClass : x3::char_parser<ByteClass<Set>> {
  using attribute_type = char;
  static bool const has_attribute = true;
  static constexpr ByteTable table{Set};
  template <class Char, class Context>
  bool test(Char ch, Context const&) const {
    return table.has[static_cast<unsigned char>(ch)];
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

// Byte-level X3 primitives that are not a class of bytes.

// `\r\n`, `\n` or a lone `\r`: what `lit("\r\n") | '\n' | '\r'` reads, in one
// test for the usual `\n` where the literal string goes through a loop.
struct LineBreak : x3::parser<LineBreak> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;
  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, It const& last, Ctx const&, RCtx const&, Attr&) const {
    if (first == last) return false;
    if (*first == '\n') return ++first, true;
    if (*first != '\r') return false;
    if (++first != last && *first == '\n') ++first;
    return true;
  }
};
inline constexpr LineBreak lineBreak{};

// A move or turn number as the usual line writes it: 1 to 9 digits, which no
// unsigned overflows, so they are read without x3::uint_'s overflow-checked
// arithmetic (a tenth of the UHP file parse when it was used there). A longer
// number is left to each grammar's general rule, with uint_ (tests/grammar/uhp_test:
// 4294967295 is a move number, 4294967296 is not).
struct UsualNumber : x3::parser<UsualNumber> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;
  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, It const& last, Ctx const&, RCtx const&, Attr&) const {
    It it = first;
    while (it != last && isDigit(*it)) ++it;
    if (it == first || it - first > 9) return false;
    first = it;
    return true;
  }
  static bool isDigit(char c) { return static_cast<unsigned char>(c - '0') < 10; }
};
inline constexpr UsualNumber usualNumber{};

// Where the parse stands, as an attribute: a grammar can hand back where a part
// of the text starts and ends with no semantic action (x3::raw keeps only the
// range, not what the parsers inside it read).
struct Position : x3::parser<Position> {
  using attribute_type = const char*;
  static bool const has_attribute = true;
  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, It const&, Ctx const&, RCtx const&, Attr& attr) const {
    x3::traits::move_to(first, attr);
    return true;
  }
};
inline constexpr Position position{};

// A range of the text as a std::string built where a record's member is: it
// converts where the string is constructed, so no string is moved in.
struct TextOf {
  std::string_view text;
  static TextOf between(const char* begin, const char* end) { return {{begin, static_cast<std::size_t>(end - begin)}}; }
  operator std::string() const { return std::string(text); }  // NOLINT: implicit, for aggregate init and emplace
};

}  // namespace apiary::grammar::ascii
