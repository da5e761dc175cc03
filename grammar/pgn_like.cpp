// PGN-like notation: X3 grammars for turn numbers and plies; a small driver
// walks the file item by item so that an error costs one turn, not the whole file.
#include "grammar/pgn_like.hpp"

#include <algorithm>
#include <boost/fusion/include/adapt_struct.hpp>
#include <boost/spirit/home/x3.hpp>
#include <charconv>
#include <cstring>

#include "grammar/ascii.hpp"
#include "grammar/line_reader.hpp"
#include "grammar/tag_pair.hpp"

BOOST_FUSION_ADAPT_STRUCT(apiary::grammar::pgn_like::Reference, piece, qualifier, angle)

namespace apiary::grammar {
namespace {

namespace x3 = boost::spirit::x3;
using ascii::in;
using It = const char*;
using pgn_like::Location;
using pgn_like::Ply;
using pgn_like::Reference;

// Calls f(rule value, parsed attribute): keeps the semantic actions below one-liners.
template <class F>
auto onVal(F f) {
  return [f](auto& ctx) { f(x3::_val(ctx), x3::_attr(ctx)); };
}

const auto pieceChar = in<"QqGgAaSsBbMmLlPp">;
const x3::rule<class angle_r, int> angle = "angle";
const auto angle_def = in<"1-5">[onVal([](int& a, char c) { a = c - '0'; })];
const x3::rule<class ref_r, Reference> ref = "reference";
// repeat(1) gives the container attribute that `qualifier` is.
const auto ref_def = pieceChar >> -('(' >> x3::repeat(1)[ref] >> ')') >> -angle;

const auto head =
    x3::lit("pass")[([](auto& ctx) { x3::_val(ctx).kind = Ply::Kind::Pass; })] |
    ('+' >> pieceChar[onVal([](Ply& p, char c) { p.kind = Ply::Kind::Place, p.piece = c; })]) |
    (pieceChar[onVal([](Ply& p, char c) { p.piece = c; })] >>
     -('x' >> pieceChar[onVal([](Ply& p, char c) { p.under = c; })]));
// A location is `piece ref?`. Each is built where it belongs, started by its
// neighbour and completed by its reference: a Location parsed on its own and then
// moved in cost more than the rest of the ply. With `from-to` the first location
// read turns out to be the origin.
const auto setTo = onVal([](Ply& p, char c) { p.to.emplace().neighbour = c; });
const auto setFromTo = onVal([](Ply& p, char c) { p.from = std::move(p.to), p.to.emplace().neighbour = c; });
const auto setOther = onVal([](Ply& p, Reference& r) { p.to->other = std::move(r); });
const auto locations = pieceChar[setTo] >> -ref[setOther] >> -('-' >> pieceChar[setFromTo] >> -ref[setOther]);
// What may follow a ply: a comment may touch it.
const auto plyEnd = &(in<" \t\r\n{;"> | x3::eoi);
const x3::rule<class ply_r, Ply> plyRule = "ply";
const auto plyRule_def =
    head >> -locations >> -x3::lit('#')[([](auto& ctx) { x3::_val(ctx).endsGame = true; })] >> plyEnd;

BOOST_SPIRIT_DEFINE(angle, ref, plyRule)

// The usual ply, with no bracketed qualifier (`+QGs2`, `ABs1-ga3#`, `BxA`), read
// byte by byte from tables straight into its record: what plyRule reads, with the
// same result, where plyRule's rules, optionals and actions cost more than the
// whole resolution of some moves. It gives up on a `(` and on anything plyRule
// would refuse, leaving both to plyRule.
struct CommonPly : x3::parser<CommonPly> {
  using attribute_type = Ply;
  static bool const has_attribute = true;
  static constexpr ascii::ByteTable piece{"QqGgAaSsBbMmLlPp"};
  static constexpr ascii::ByteTable angle{"1-5"};

  template <class Ctx, class RCtx>
  bool parse(It& first, It const& last, Ctx const&, RCtx const&, Ply& ply) const {
    // A byte past the end reads as 0, which is no piece, angle or mark.
    auto const at = [last](It p) { return p != last ? static_cast<unsigned char>(*p) : 0; };
    It p = first;
    if (last - p >= 4 && std::memcmp(p, "pass", 4) == 0) {
      ply.kind = Ply::Kind::Pass;
      p += 4;
    } else if (at(p) == '+' && piece.has[at(p + 1)]) {
      ply.kind = Ply::Kind::Place;
      ply.piece = p[1];
      p += 2;
    } else if (piece.has[at(p)]) {
      ply.piece = *p++;
      if (at(p) == 'x' && piece.has[at(p + 1)]) ply.under = p[1], p += 2;
    } else {
      return false;
    }
    if (piece.has[at(p)]) {
      if (!location(p, last, ply.to.emplace())) return false;
      if (at(p) == '-' && piece.has[at(p + 1)]) {
        ply.from = std::move(ply.to);
        if (!location(++p, last, ply.to.emplace())) return false;
      }
    }
    if (at(p) == '#') ply.endsGame = true, ++p;
    first = p;
    return true;
  }

 private:
  // `piece ref?` at p (a piece is there), ref := piece angle?; false at a `(`.
  static bool location(It& p, It last, Location& location) {
    location.neighbour = *p++;
    if (p == last || !piece.has[static_cast<unsigned char>(*p)]) return true;
    Reference& other = location.other.emplace();
    other.piece = *p++;
    if (p == last) return true;
    if (*p == '(') return false;
    if (angle.has[static_cast<unsigned char>(*p)]) other.angle = *p++ - '0';
    return true;
  }
};
const auto commonPly = CommonPly{} >> plyEnd;

// A turn number, `INT '.'+`: what `x3::uint_ >> +x3::lit('.')` reads (any value an
// unsigned holds; a bigger one is no turn number), checked on the digits: uint_'s
// overflow-checked arithmetic cost more than the rest of the turn's bookkeeping.
struct TurnNumber : x3::parser<TurnNumber> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;
  template <class Ctx, class RCtx, class Attr>
  bool parse(It& first, It const& last, Ctx const&, RCtx const&, Attr&) const {
    It it = first;
    while (it != last && *it >= '0' && *it <= '9') ++it;
    unsigned value = 0;
    if (it == first || (it - first >= 10 && std::from_chars(first, it, value).ec != std::errc{})) return false;
    if (it == last || *it != '.') return false;
    while (++it != last && *it == '.') {
    }
    first = it;
    return true;
  }
};
const auto turnNumber = TurnNumber{};

std::string_view trim(std::string_view s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos) return {};
  return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

void appendReference(std::string& out, const Reference& r) {
  out += r.piece;
  for (const auto& q : r.qualifier) {
    out += '(';
    appendReference(out, q);
    out += ')';
  }
  if (r.angle) out += static_cast<char>('0' + r.angle);
}

void appendLocation(std::string& out, const Location& l) {
  out += l.neighbour;
  if (l.other) appendReference(out, *l.other);
}

// Walks a file: tags, turn numbers, plies and comments, one item at a time, on
// pointers into the text; positions come from a LineCursor, as items are met in
// file order.
class Reader {
 public:
  Reader(std::string_view text, const pgn_like::GameSink& sink)
      : begin_(text.data()), end_(begin_ + text.size()), at_(begin_), lines_(text), sink_(sink) {}

  void run() {
    while (skipSpace()) {
      const char c = *at_;
      if (c == '{' || c == ';')
        comment();
      else if (c == '[')
        tag();
      else if (!(digit.has(static_cast<unsigned char>(c)) && turn()))  // a turn number starts with a digit
        ply();
    }
    handOver();
  }

 private:
  enum class Expect { Number, FirstPly, SecondPly };
  static constexpr ascii::ByteSet space = " \t\r\n";
  static constexpr ascii::ByteSet digit = "0-9";
  static constexpr ascii::ByteSet tokenEnds = " \t\r\n{;";

  SourcePos posOf(It at) { return lines_.at(static_cast<std::size_t>(at - begin_)); }

  bool skipSpace() {
    while (at_ != end_ && space.has(static_cast<unsigned char>(*at_))) ++at_;
    return at_ != end_;
  }

  Game<Ply>& game() {
    if (games_.empty()) startGame();
    return games_.back();
  }

  // Games before the one starting are complete: each goes to the sink while its
  // records are still in the cache.
  void handOver() {
    for (auto& game : games_) sink_(std::move(game));
    games_.clear();
  }

  void startGame() {
    handOver();
    games_.emplace_back();
    games_.back().pos = posOf(at_);
  }

  void error(std::string message) {
    auto& errors = game().errors;  // first: it may start the game, at the same place
    errors.push_back({posOf(at_), std::move(message)});
  }

  void skipLine() {
    const void* nl = std::memchr(at_, '\n', static_cast<std::size_t>(end_ - at_));
    at_ = nl ? static_cast<It>(nl) : end_;
  }

  void comment() {
    std::string_view body;
    if (*at_ == ';') {
      It const start = at_ + 1;
      skipLine();
      body = {start, static_cast<std::size_t>(at_ - start)};
    } else if (const void* close = std::memchr(at_, '}', static_cast<std::size_t>(end_ - at_))) {
      body = {at_ + 1, static_cast<std::size_t>(static_cast<It>(close) - at_ - 1)};
      at_ = static_cast<It>(close) + 1;
    } else {
      error("comment `{` is never closed");
      at_ = end_;
      return;
    }
    if (games_.empty() || games_.back().moves.empty()) return;  // nothing to attach it to
    std::string& to = games_.back().moves.back().comment;
    if (!to.empty()) to += ' ';
    to += trim(body);
  }

  void tag() {
    const auto length = readTagPair({at_, static_cast<std::size_t>(end_ - at_)}, scratchTag_);
    if (!length) {
      error("malformed tag pair, expected [Name \"value\"]");
      skipLine();
      return;
    }
    // A tag block after moves belongs to the next game.
    if (games_.empty() || !games_.back().moves.empty()) startGame();
    scratchTag_.pos = posOf(at_);
    auto& tags = games_.back().tags;
    if (tags.empty()) tags.reserve(linesFrom<"[">(at_, end_));
    tags.push_back(std::move(scratchTag_));
    at_ += length;
    expect_ = Expect::Number;
    skipping_ = false;
  }

  // A turn number at at_, taken if it is one.
  bool turn() {
    It it = at_;
    if (!parseFlat(it, end_, turnNumber)) return false;
    if (expect_ == Expect::FirstPly && !skipping_) error("turn number without a move before it");
    game();
    at_ = it;
    expect_ = Expect::FirstPly;
    skipping_ = false;
    return true;
  }

  // The token at at_: up to a blank, a line end or a comment, and never empty (at_
  // is on a byte no token ends at).
  It tokenEnd() const {
    It end = at_ + 1;
    while (end != end_ && !tokenEnds.has(static_cast<unsigned char>(*end))) ++end;
    return end;
  }

  void ply() {
    if (!skipping_ && expect_ != Expect::Number) {
      // Parsed straight into its record, which is dropped again if the ply is refused.
      // A ply ends where its token does (plyRule checks what follows it, and no byte
      // of a ply ends a token), so a match is the whole token.
      auto& moves = game().moves;
      if (moves.empty()) moves.reserve(2 * linesFrom<"0-9">(at_, end_));
      auto& written = moves.emplace_back();
      It it = at_;
      // The usual ply by its own reader; plyRule, on a fresh record, for any other.
      if (parseFlat(it, end_, commonPly, written.move) ||
          (written.move = Ply{}, parseFlat(it, end_, plyRule, written.move))) {
        written.text.append(at_, static_cast<std::size_t>(it - at_));  // into the empty string: append skips assign's aliasing checks
        written.pos = posOf(at_);
        expect_ = expect_ == Expect::FirstPly ? Expect::SecondPly : Expect::Number;
        at_ = it;
        return;
      }
      moves.pop_back();
    }
    It const end = tokenEnd();
    if (skipping_) {
      // already reported: wait for the next turn number or tag
    } else if (expect_ == Expect::Number) {
      error("expected a turn number `N.` before `" + std::string(at_, end) + "`");
      skipping_ = true;
    } else {
      error("not a ply: `" + std::string(at_, end) + "`");
      skipping_ = true;
    }
    at_ = end;
  }

  It begin_, end_, at_;
  LineCursor lines_;
  const pgn_like::GameSink& sink_;
  std::vector<Game<Ply>> games_;  // the game being read
  Tag scratchTag_;  // read into before the game it belongs to is known
  Expect expect_ = Expect::Number;
  bool skipping_ = false;  // after an error: ignore plies up to the next turn number or tag
};

void appendComment(std::string& out, const std::string& comment) {
  if (comment.empty()) return;
  if (comment.find('}') == std::string::npos) {
    out += " {" + comment + "}";
    return;
  }
  // Only a `;` comment can hold `}`; it runs to the end of the line.
  std::string line = comment;
  std::replace(line.begin(), line.end(), '\n', ' ');
  out += " ;" + line + "\n  ";
}

}  // namespace

namespace pgn_like {

std::optional<Ply> parsePly(std::string_view text) {
  Ply ply;
  const char* it = text.data();
  if (!parseFlat(it, text.data() + text.size(), plyRule, ply) || it != text.data() + text.size()) return std::nullopt;
  return ply;
}

void parseGames(std::string_view text, const GameSink& sink) { Reader(text, sink).run(); }

std::vector<Game<Ply>> parseGames(std::string_view text) {
  std::vector<Game<Ply>> games;
  parseGames(text, [&](Game<Ply>&& game) { games.push_back(std::move(game)); });
  return games;
}

std::string writePly(const Ply& ply) {
  std::string out;
  switch (ply.kind) {
    case Ply::Kind::Pass: out = "pass"; break;
    case Ply::Kind::Place: out = std::string("+") + ply.piece; break;
    case Ply::Kind::Move:
      out = ply.piece;
      if (ply.under) out += std::string("x") + ply.under;
      break;
  }
  if (ply.from) {
    appendLocation(out, *ply.from);
    out += '-';
  }
  if (ply.to) appendLocation(out, *ply.to);
  if (ply.endsGame) out += '#';
  return out;
}

std::string writeGame(const Game<Ply>& game) {
  std::string out;
  for (const auto& tag : game.tags) out += writeTagPair(tag) + "\n";
  if (!game.tags.empty()) out += "\n";
  for (std::size_t i = 0; i < game.moves.size(); ++i) {
    if (i % 2 == 0) out += std::to_string(i / 2 + 1) + ".";
    out += " " + writePly(game.moves[i].move);
    appendComment(out, game.moves[i].comment);
    if (i % 2 == 1 || i + 1 == game.moves.size()) out += "\n";
  }
  return out;
}

}  // namespace pgn_like
}  // namespace apiary::grammar
