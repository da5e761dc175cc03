// The usual algebraic move line, `12. wA m n2`, `12. wA m-1 n+2`, `12. wAmn2`, as
// one X3 expression of two byte-level primitives (include only from
// grammar/algebraic.cpp). The general grammar (algebraic.cpp's move), its rules,
// alternatives, optionals and actions, and x3::uint_'s and int_'s overflow-checked
// arithmetic, cost nearly twice what UHP's whole parse of a move does. UsualMove takes
// the same decisions in the same order, on bytes looked up in one table, into
// plain fields, and fails (leaving the line to the general grammar, which words
// and places the error) on anything it does not model: a Pillbug's assist, a
// comment or more text after the move, a number with more digits than surely fit.
#pragma once
#include <boost/spirit/home/x3.hpp>
#include <cstring>
#include <string>
#include <string_view>

#include "grammar/algebraic.hpp"
#include "grammar/ascii.hpp"

namespace apiary::grammar::algebraic::detail {

constexpr int kPeriod = 52;  // 26 single-letter columns, then 26 doubled ones

// The q of the column named by `letter` (a-z), once or doubled.
constexpr int qOfLetter(char letter, bool doubled) {
  const int k = letter - 'm';
  // Doubled letters continue past z (aa = 14) and before a (zz = -13); each name is
  // read the way that stays nearer the middle.
  return !doubled ? k : k <= 0 ? k + kPeriod / 2 : k - kPeriod / 2;
}

namespace x3 = boost::spirit::x3;
using It = const char*;

enum UsualByte : unsigned char { Lower = 1, Digit = 2, Blank = 4, WordEnd = 8, Colour = 16, Bug = 32, Sign = 64 };
struct UsualBytes {
  unsigned char of[256] = {};
  constexpr UsualBytes() {
    for (unsigned c = 'a'; c <= 'z'; ++c) of[c] |= Lower;
    for (unsigned c = '0'; c <= '9'; ++c) of[c] |= Digit;
    for (unsigned char c : {' ', '\t'}) of[c] |= Blank;
    for (unsigned char c : {' ', '\t', '(', '{', ';', '$'})
      of[c] |= WordEnd;  // the general grammar's wordEnd but marks
    for (unsigned char c : {'w', 'b'}) of[c] |= Colour;
    for (unsigned char c : {'Q', 'S', 'B', 'G', 'A', 'M', 'L', 'P'}) of[c] |= Bug;
    for (unsigned char c : {'+', '-'}) of[c] |= Sign;
  }
};
inline constexpr UsualBytes usualBytes{};

// A cell as far as written, in plain fields: no optional to empty and set again.
struct Spot {
  int q = 0, r = 0;
  bool hasQ = false, hasR = false;
  Cell cell() const {
    Cell c;
    if (hasQ) c.q = q;
    if (hasR) c.r = r;
    return c;
  }
};

// A usual move's parts and where its text stands.
struct Usual {
  It begin = nullptr, end = nullptr;
  char colour = 0, bug = 0;
  bool pass = false, placement = false, hasFrom = false;
  Spot from, to;

  // Converts where the record is constructed, each member set once.
  operator Move() const {  // NOLINT: implicit, for aggregate init
    Move m;
    m.pass = pass;
    m.piece = {colour, bug};
    m.placement = placement;
    if (hasFrom) m.from = from.cell();
    if (!pass) m.to = to.cell();
    return m;
  }
};

// The general grammar's parts over [.., end), each leaving its iterator where it
// was when it fails, as X3's sequences do.
class MoveScan {
 public:
  explicit MoveScan(It end) : end_(end) {}

  // A row the general grammar might refuse (past kFarthestRow) was met: it
  // decides.
  bool unsure = false;

  unsigned char kind(It p) const { return p == end_ ? 0 : usualBytes.of[static_cast<unsigned char>(*p)]; }
  bool wordEnd(It p) const { return p == end_ || (kind(p) & WordEnd); }
  It skipBlanks(It p) const {
    while (kind(p) & Blank) ++p;
    return p;
  }

  // x3::int_: a sign, then digits.
  bool row(It& p, Spot& s) {
    It q = p;
    unsigned char k = kind(q);
    const bool negative = (k & Sign) && *q == '-';
    if (k & Sign) k = kind(++q);
    if (!(k & Digit)) return false;
    It const digits = q;
    int value = 0;
    do {
      if (q - digits == 9) return unsure = true, false;
      value = value * 10 + (*q - '0');
    } while (kind(++q) & Digit);
    if (value > kFarthestRow) return unsure = true, false;
    s.r = negative ? -value : value, s.hasR = true;
    p = q;
    return true;
  }
  bool single(It& p, Spot& s) const {
    if (!(kind(p) & Lower)) return false;
    s.q = qOfLetter(*p++, false), s.hasQ = true;
    return true;
  }
  bool doubled(It& p, Spot& s) const {
    if (!(kind(p) & Lower) || p + 1 == end_ || p[1] != p[0]) return false;
    s.q = qOfLetter(*p, true), s.hasQ = true;
    p += 2;
    return true;
  }
  // `column`: the doubled name when the letter repeats.
  bool column(It& p, Spot& s) const {
    if (!(kind(p) & Lower)) return false;
    const bool twice = p + 1 != end_ && p[1] == p[0];
    s.q = qOfLetter(*p, twice), s.hasQ = true;
    p += 1 + twice;
    return true;
  }

  // `column row`
  bool fullCell(It& p, Spot& s) {
    return cellOf(p, s, [this](It& q, Spot& t) { return column(q, t); });
  }
  // `(column row?) | row`
  bool partialCell(It& p, Spot& s) {
    return partialOf(p, s, [this](It& q, Spot& t) { return column(q, t); });
  }
  // Inside a compressed word: the origin's column short, or long (and no row alone).
  bool shortFrom(It& p, Spot& s) {
    return partialOf(p, s, [this](It& q, Spot& t) { return single(q, t); });
  }
  bool longFrom(It& p, Spot& s) {
    Spot read;
    if (!doubled(p, read)) return false;
    row(p, read);
    s = read;
    return true;
  }
  bool gluedTo(It& p, Spot& s) {
    return cellOf(p, s, [this](It& q, Spot& t) { return single(q, t); }) ||
           cellOf(p, s, [this](It& q, Spot& t) { return doubled(q, t); });
  }

  // `@` cell, one word.
  bool placement(It& p, Usual& u) {
    if (p == end_ || *p != '@') return false;
    It q = skipBlanks(p + 1);
    Spot to;
    if (!fullCell(q, to) || !wordEnd(q)) return false;
    u.placement = true, u.to = to, p = q;
    return true;
  }
  bool gluedPair(It& p, Usual& u) {
    It q = p;
    Spot from, to;
    if ((shortFrom(q, from) && gluedTo(q, to) && wordEnd(q)) ||
        ((q = p, from = {}, longFrom(q, from)) && gluedTo(q, to) && wordEnd(q))) {
      u.hasFrom = true, u.from = from, u.to = to, p = q;
      return true;
    }
    return false;
  }
  bool spacedWords(It& p, Usual& u) {
    It q = p;
    Spot origin, to;
    if (!partialCell(q, origin)) return false;
    if (It r = skipBlanks(q); r != q && fullCell(r, to) && wordEnd(r)) {
      u.hasFrom = true, u.from = origin, u.to = to, p = r;
      return true;
    }
    if (!wordEnd(q) || !origin.hasQ || !origin.hasR) return false;
    u.to = origin, p = q;
    return true;
  }
  // `locations`: after a blank the words as they stand, else one glued word.
  bool locations(It& p, Usual& u) {
    if (kind(p) & Blank) {
      It q = skipBlanks(p);
      if (!(placement(q, u) || spacedWords(q, u) || gluedPair(q, u))) return false;
      return p = q, true;
    }
    if (placement(p, u) || gluedPair(p, u)) return true;
    It q = p;
    Spot to;
    if (!fullCell(q, to) || !wordEnd(q)) return false;
    return u.to = to, p = q, true;
  }

 private:
  template <class Column>
  bool partialOf(It& p, Spot& s, Column column) {
    Spot read;
    if (column(p, read)) row(p, read);
    else if (!row(p, read)) return false;
    s = read;
    return true;
  }
  template <class Column>
  bool cellOf(It& p, Spot& s, Column column) {
    It q = p;
    Spot read;
    if (!column(q, read) || !row(q, read)) return false;
    s = read, p = q;
    return true;
  }

  It end_;
};

// `pass`, or a piece and its locations with nothing but blanks after them up to
// the end of the line: what the general grammar reads, with the same result.
struct UsualMove : x3::parser<UsualMove> {
  using attribute_type = Usual;
  static bool const has_attribute = true;
  template <class Ctx, class RCtx>
  bool parse(It& first, It const& last, Ctx const&, RCtx const&, Usual& u) const {
    MoveScan scan(last);
    It p = first;
    if (scan.kind(p) & Colour) u.colour = *p++;
    if (scan.kind(p) & Bug) {
      u.bug = *p++;
      if (!scan.locations(p, u) || scan.unsure) return false;
    } else if (!u.colour && last - p >= 4 && std::memcmp(p, "pass", 4) == 0) {
      u.pass = true;
      p += 4;
    } else {
      return false;
    }
    if (scan.skipBlanks(p) != last) return false;
    u.begin = first, u.end = p;
    first = p;
    return true;
  }
};
inline constexpr UsualMove usualMove{};

// A move number and what stands around it, `  12. ` or `7...`: where the number
// starts. Its digits are ascii::usualNumber's (a longer number is left to the
// general grammar, which knows where uint_ overflows); the blanks and dots are read
// in the same primitive, as X3 around it cost more.
struct MoveNumber : x3::parser<MoveNumber> {
  using attribute_type = It;
  static bool const has_attribute = true;
  template <class Ctx, class RCtx>
  bool parse(It& first, It const& last, Ctx const& ctx, RCtx const& rctx, It& number) const {
    It it = first;
    while (it != last && usualBytes.of[static_cast<unsigned char>(*it)] & Blank) ++it;
    It const digits = it;
    if (!ascii::usualNumber.parse(it, last, ctx, rctx, x3::unused) || it == last || *it != '.') return false;
    while (++it != last && *it == '.') {
    }
    while (it != last && usualBytes.of[static_cast<unsigned char>(*it)] & Blank) ++it;
    number = digits, first = it;
    return true;
  }
};
inline constexpr MoveNumber moveNumber{};

}  // namespace apiary::grammar::algebraic::detail
