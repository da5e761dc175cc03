// The Spirit X3 grammar of one UHP move string (`wA1 -bQ`, `pass`, ...), with the
// reasons a move string is refused, and the piece name and move writers. The file
// grammar (uhp.cpp) reads the usual move line by its own fast path and comes here
// for every other.
#include <boost/spirit/home/x3.hpp>
#include <cctype>
#include <optional>

#include "grammar/ascii.hpp"
#include "grammar/uhp.hpp"
#include "grammar/uhp_move_scan.hpp"

namespace apiary::grammar {
namespace {

using namespace ascii;
using uhp_detail::untilBlank;
using uhp_detail::view;

// The shape of a piece name: colour, bug, optional digit, and nothing glued on
// (`wA12` and `wAnt` are not pieces). Case is normalised afterwards.
const auto pieceShape = in<"wbWB"> >> in<"QSBGAMLPqsbgamlp"> >> -digit >> !in<"a-zA-Z0-9_">;

// Parses a whole lower-cased copy of a word (ASCII letters only, by construction).
template <class Parser, class Attr>
bool parseLowered(std::string_view word, const Parser& p, Attr& attr) {
  std::string w;
  for (char c : word) w += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  auto first = w.cbegin();
  return x3::parse(first, w.cend(), p >> x3::eoi, attr);
}

// Separators before the reference put the destination on its west side,
// separators after it on its east side (notations.md section 1). Plain
// alternatives rather than x3::symbols: a symbols table is copied into every
// expression that uses it, which cost more than the rest of a move's parse.
const auto prefixSide = (x3::lit('-') >> x3::attr(UhpSide::W)) | (x3::lit('/') >> x3::attr(UhpSide::SW)) |
                        (x3::lit('\\') >> x3::attr(UhpSide::NW));
const auto suffixSide = (x3::lit('-') >> x3::attr(UhpSide::E)) | (x3::lit('/') >> x3::attr(UhpSide::NE)) |
                        (x3::lit('\\') >> x3::attr(UhpSide::SE));
// Looked up in the lower-cased word: `Pass` and `Offer-Draw` occur too.
struct SpecialMoves : x3::symbols<UhpMoveKind> {
  SpecialMoves() {
    add("pass", UhpMoveKind::Pass)("resign", UhpMoveKind::Resign)("offer-draw", UhpMoveKind::OfferDraw)(
        "offerdraw", UhpMoveKind::OfferDraw)("accept-draw", UhpMoveKind::AcceptDraw)(
        "acceptdraw", UhpMoveKind::AcceptDraw)("decline-draw", UhpMoveKind::DeclineDraw)("declinedraw",
                                                                                         UhpMoveKind::DeclineDraw);
  }
};
const SpecialMoves specialMoves;

// Shape is already checked by pieceShape, so the first two bytes are ASCII letters
// and their case is one bit; this normalises it and applies the numbering rules,
// which X3 could express only clumsily.
inline bool pieceFromShape(It shape, It end, PieceName& p) {
  p.color = static_cast<char>(shape[0] | 0x20);
  p.bug = static_cast<char>(shape[1] & ~0x20);
  p.number = 0;
  if (end - shape > 2) {
    p.number = shape[2] - '0';
    if (p.number == 0 || p.number > 3) return false;
  }
  if (p.bug == 'Q' || p.bug == 'M' || p.bug == 'L' || p.bug == 'P') {
    if (p.number > 1) return false;
    p.number = 0;  // `wP1` is how some files spell `wP`
  }
  return true;
}

// pass, resign, ... in any case, as the whole word at `it`.
std::optional<UhpMoveKind> specialMove(It& it, It end) {
  UhpMoveKind special{};
  boost::iterator_range<It> word;
  if (!x3::parse(it, end, x3::raw[+(alpha | '-')] >> !alnum, word) || !parseLowered(view(word), specialMoves, special))
    return std::nullopt;
  return special;
}

// Why a move string was refused. The scan only notes where and why; the message
// is written by describe, so the usual case (no error) builds no strings.
enum class MoveFault { None, Empty, UnknownPiece, AfterPiece, BadReference, UnknownReference, Unexpected };

struct MoveFaultAt {
  MoveFault why = MoveFault::None;
  It at = nullptr;                            // where the error is reported
  It quoteFrom = nullptr, quoteTo = nullptr;  // what it quotes; none: the word at `at`
};

// Shared by parseMoveString and the file parsers: fills `move`, or returns false
// with `fault` set. A few small parses in a row rather than one expression: where
// the text stops matching decides the error, and each step knows which one it is.
bool scanMove(It const begin, It const end, UhpMove& move, MoveFaultAt& fault) {
  auto refuse = [&](MoveFault why, It at, It quoteFrom = nullptr, It quoteTo = nullptr) {
    fault = {why, at, quoteFrom, quoteTo};
    return false;
  };
  It it = begin;
  x3::parse(it, end, *blank);
  if (it == end) return refuse(MoveFault::Empty, it);

  // A piece name first: nearly every move starts with one, and no special word
  // (pass, resign, ...) has a piece's shape.
  It const pieceStart = it;
  if (x3::parse(it, end, pieceShape)) {
    if (!pieceFromShape(pieceStart, it, move.piece)) return refuse(MoveFault::UnknownPiece, pieceStart, pieceStart, it);

    It const afterPiece = it;
    x3::parse(it, end, *blank);
    if (it != end && it == afterPiece) return refuse(MoveFault::AfterPiece, it);
    if (it != end && !x3::parse(it, end, x3::lit('.') >> !graph)) {
      // (side piece) or (piece [side]), then nothing glued on.
      UhpReference ref;
      It const refStart = it;
      const bool prefixed = x3::parse(it, end, prefixSide, ref.side);
      It const refPiece = it;
      const bool ok = x3::parse(it, end, pieceShape);
      It const refPieceEnd = it;
      if (ok && !prefixed) x3::parse(it, end, suffixSide, ref.side);  // optional
      if (!ok || !x3::parse(it, end, !graph)) return refuse(MoveFault::BadReference, refStart);
      if (!pieceFromShape(refPiece, refPieceEnd, ref.piece))
        return refuse(MoveFault::UnknownReference, refStart, refPiece, refPieceEnd);
      move.reference = ref;
    }
  } else {
    auto special = specialMove(it, end);
    if (!special) return refuse(MoveFault::UnknownPiece, pieceStart);
    move.kind = *special;
  }
  x3::parse(it, end, *blank);
  if (it != end) return refuse(MoveFault::Unexpected, it);
  return true;
}

// The message for a refused move; `end` is the end of the move string.
std::string describe(const MoveFaultAt& fault, It end) {
  const std::string quoted = printable(
      fault.quoteFrom ? std::string_view(fault.quoteFrom, static_cast<std::size_t>(fault.quoteTo - fault.quoteFrom))
                      : untilBlank(fault.at, end));
  switch (fault.why) {
    case MoveFault::Empty: return "empty move";
    case MoveFault::UnknownPiece: return "unknown piece '" + quoted + "'";
    case MoveFault::AfterPiece: return "unexpected text '" + quoted + "' after the piece";
    case MoveFault::BadReference: return "bad reference '" + quoted + "'";
    case MoveFault::UnknownReference: return "unknown reference piece '" + quoted + "'";
    case MoveFault::Unexpected: return "unexpected text '" + quoted + "'";
    case MoveFault::None: break;
  }
  return {};
}

}  // namespace

namespace uhp_detail {

const char* kindWord(UhpMoveKind kind) {
  switch (kind) {
    case UhpMoveKind::Pass: return "pass";
    case UhpMoveKind::Resign: return "resign";
    case UhpMoveKind::OfferDraw: return "offer-draw";
    case UhpMoveKind::AcceptDraw: return "accept-draw";
    case UhpMoveKind::DeclineDraw: return "decline-draw";
    case UhpMoveKind::Normal: break;
  }
  return "";
}

std::string_view untilBlank(It from, It end) {
  It to = from;
  while (to != end && *to != ' ' && *to != '\t' && *to != '\r' && *to != '\n') ++to;
  return {from, static_cast<std::size_t>(to - from)};
}

bool scanMoveString(std::string_view text, UhpMove& move, std::size_t& errorAt, std::string& why) {
  It const end = text.data() + text.size();
  MoveFaultAt fault;
  if (scanMove(text.data(), end, move, fault)) return true;
  errorAt = static_cast<std::size_t>(fault.at - text.data());
  why = describe(fault, end);
  return false;
}

}  // namespace uhp_detail

std::optional<PieceName> parsePieceName(std::string_view text) {
  It it = text.data();
  It const end = it + text.size();
  PieceName piece;
  if (!x3::parse(it, end, pieceShape >> x3::eoi) || !pieceFromShape(text.data(), end, piece)) return std::nullopt;
  return piece;
}

std::string writePieceName(const PieceName& piece) {
  std::string s{piece.color, piece.bug};
  if (piece.number > 0) s += static_cast<char>('0' + piece.number);
  return s;
}

OrRejection<UhpMove> parseMoveString(std::string_view text) {
  OrRejection<UhpMove> res;
  UhpMove move;
  std::size_t at = 0;
  std::string why;
  if (uhp_detail::scanMoveString(text, move, at, why)) res.value = move;
  else res.error = syntaxError({1, static_cast<int>(at) + 1}, std::move(why));
  return res;
}

std::string writeMove(const UhpMove& move) {
  if (move.kind != UhpMoveKind::Normal) return uhp_detail::kindWord(move.kind);
  std::string s = writePieceName(move.piece);
  if (!move.reference) return s;
  std::string ref = writePieceName(move.reference->piece);
  switch (move.reference->side) {
    case UhpSide::OnTop: return s + " " + ref;
    case UhpSide::W: return s + " -" + ref;
    case UhpSide::E: return s + " " + ref + "-";
    case UhpSide::NW: return s + " \\" + ref;
    case UhpSide::NE: return s + " " + ref + "/";
    case UhpSide::SW: return s + " /" + ref;
    case UhpSide::SE: return s + " " + ref + "\\";
  }
  return s;
}

}  // namespace apiary::grammar
