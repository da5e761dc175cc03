// The usual PGN-like ply as one X3 primitive (include only from grammar/pgn_like*.cpp):
// `+QGs2`, `ABs1-ga3#`, `BxA`, `+gaQ(s2)3`, read byte by byte from tables into
// plain bytes, and the Ply built from them in one go. The general grammar
// (plyRule in pgn_like.cpp), its rules, optionals and actions, cost as much as
// resolving the move; and a Ply filled in part by part (each optional emptied
// before it is set) cost as much again as reading it.
#pragma once
#include <boost/spirit/home/x3.hpp>
#include <cstring>
#include <optional>

#include "grammar/annotation.hpp"
#include "grammar/ascii.hpp"
#include "grammar/pgn_like.hpp"

namespace apiary::grammar::pgn_like_usual {

namespace x3 = boost::spirit::x3;
using pgn_like::Location;
using pgn_like::Ply;
using pgn_like::Reference;

// A location `neighbour (other ('(' qualifier qualifierAngle? ')')? angle?)?`;
// 0 for each part not written (no piece, angle or neighbour is 0).
struct Place {
  char neighbour = 0, other = 0, angle = 0, qualifier = 0, qualifierAngle = 0;

  // Returned into the Ply's member as it is constructed (one named result, so no
  // copy): a disengaged optional's payload is never written.
  std::optional<Location> location() const {
    std::optional<Location> location;
    if (neighbour) {
      Location& l = location.emplace();
      l.neighbour = neighbour;
      if (other) {
        Reference& r = l.other.emplace();
        r.piece = other;
        r.angle = angle;
        if (qualifier) addQualifier(r);
      }
    }
    return location;
  }

 private:
  [[gnu::noinline]] void addQualifier(Reference& r) const {
    r.qualifier.push_back(Reference{qualifier, {}, qualifierAngle});
  }
};

// A usual ply's parts and where its text stands; `begin` stays null until one is read.
struct UsualPly {
  const char* begin = nullptr;
  const char* end = nullptr;
  Ply::Kind kind = Ply::Kind::Move;
  char piece = 0, under = 0;
  bool endsGame = false;
  Place from, to;

  // Converts where a Ply is constructed (Written's aggregate initialisation),
  // every member initialised once from its own value: a Ply default-constructed
  // first is zeroed whole (a `rep stos` over its 144 bytes) before being filled in.
  operator Ply() const {  // NOLINT: implicit, for aggregate init
    return Ply{kind, piece, under, from.location(), to.location(), endsGame};
  }
};

// What may follow a ply: a blank, a line end, a comment or a NAG touching it, or
// the end of the text; also a mark (grammar/annotation.hpp: markThenEnd).
inline constexpr ascii::ByteSet plyEnds = " \t\r\n{;$";

// What plyRule reads, with the same result, for a ply whose qualifier (if any)
// has no qualifier of its own; it fails on any other text, even one plyRule
// reads. Read into a fresh UsualPly, whose `begin` is set only when it matches.
struct UsualPlyParser : x3::parser<UsualPlyParser> {
  using attribute_type = UsualPly;
  static bool const has_attribute = true;

  template <class Ctx, class RCtx>
  bool parse(const char*& first, const char* const& last, Ctx const&, RCtx const&, UsualPly& attr) const {
    // The longest usual ply (`pass` then two places, `-` and `#`) and the byte
    // after it: with this many bytes left no read needs a bounds check. Nearer
    // the end the bytes are read from a copy, padded with zeros.
    constexpr std::ptrdiff_t longest = 4 + 2 * 7 + 2 + 1;
    if (first == last) return false;
    std::ptrdiff_t length;
    if (last - first >= longest) {
      length = read(first, attr);
    } else {
      char padded[longest] = {};
      std::memcpy(padded, first, static_cast<std::size_t>(last - first));
      length = read(padded, attr);
    }
    if (length == 0 || (first + length != last && !ends.has[static_cast<unsigned char>(first[length])] &&
                        !annotation::markThenEndAt(first + length, last)))
      return false;
    attr.begin = first;
    first += length;
    attr.end = first;
    return true;
  }

 private:
  static constexpr ascii::ByteTable pieces{"QqGgAaSsBbMmLlPp"};
  static constexpr ascii::ByteTable angles{"1-5"};
  static constexpr ascii::ByteTable ends{plyEnds};
  static bool piece(const char* p) { return pieces.has[static_cast<unsigned char>(*p)]; }

  // The length of the ply at `p` (the text, or its padded copy), read into
  // `ply`; 0 when there is none.
  static std::ptrdiff_t read(const char* p, UsualPly& ply) {
    const char* const start = p;
    if (std::memcmp(p, "pass", 4) == 0) {
      ply.kind = Ply::Kind::Pass;
      p += 4;
    } else if (*p == '+' && piece(p + 1)) {
      ply.kind = Ply::Kind::Place;
      ply.piece = p[1];
      p += 2;
    } else if (piece(p)) {
      ply.piece = *p++;
      if (*p == 'x' && piece(p + 1)) ply.under = p[1], p += 2;
    } else {
      return 0;
    }
    if (piece(p)) {
      if (!place(p, ply.to)) return 0;
      if (*p == '-' && piece(p + 1)) {
        ply.from = ply.to;
        ply.to = Place{};
        if (!place(++p, ply.to)) return 0;
      }
    }
    if (*p == '#') ply.endsGame = true, ++p;
    return p - start;
  }

  // `piece (piece ('(' piece angle? ')')? angle?)?` at p, a piece being there.
  static bool place(const char*& p, Place& place) {
    place.neighbour = *p++;
    if (!piece(p)) return true;
    place.other = *p++;
    if (*p == '(') {
      if (!piece(p + 1)) return false;
      place.qualifier = p[1];
      p += 2;
      if (angles.has[static_cast<unsigned char>(*p)]) place.qualifierAngle = static_cast<char>(*p++ - '0');
      if (*p++ != ')') return false;
    }
    if (angles.has[static_cast<unsigned char>(*p)]) place.angle = static_cast<char>(*p++ - '0');
    return true;
  }
};
inline constexpr UsualPlyParser usualPly{};

}  // namespace apiary::grammar::pgn_like_usual
