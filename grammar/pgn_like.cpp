// PGN-like notation: X3 grammars for turn numbers and plies; a small driver
// walks the file item by item so that an error costs one turn, not the whole file.
// The usual turn line (`12. +SGs2 aQS3`) is read by one X3 expression whose plies
// are a custom primitive (pgn_like_usual.hpp) building each record in one go;
// any other text goes through the general ply grammar (plyRule), item by item,
// so its errors are worded and placed as before.
#include "grammar/pgn_like.hpp"

#include <algorithm>
#include <boost/fusion/include/adapt_struct.hpp>
#include <boost/spirit/home/x3.hpp>
#include <cstring>
#include <iterator>

#include "grammar/annotation.hpp"
#include "grammar/ascii.hpp"
#include "grammar/line_reader.hpp"
#include "grammar/pgn_like_usual.hpp"
#include "grammar/tag_pair.hpp"

namespace apiary::grammar::pgn_like_usual {
// A usual turn's plies; the second's `begin` stays null when it has none.
struct UsualTurn {
  UsualPly first, second;
};
}  // namespace apiary::grammar::pgn_like_usual

BOOST_FUSION_ADAPT_STRUCT(apiary::grammar::pgn_like::Reference, piece, qualifier, angle)
BOOST_FUSION_ADAPT_STRUCT(apiary::grammar::pgn_like_usual::UsualTurn, first, second)

namespace apiary::grammar {
namespace {

namespace x3 = boost::spirit::x3;
using ascii::in;
using It = const char*;
using pgn_like::Location;
using pgn_like::Ply;
using pgn_like::Reference;
using pgn_like_usual::usualPly;
using pgn_like_usual::UsualPly;

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

const auto head = x3::lit("pass")[([](auto& ctx) { x3::_val(ctx).kind = Ply::Kind::Pass; })] |
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
const auto plyEnd = &(in<pgn_like_usual::plyEnds> | x3::eoi | annotation::markThenEnd);
const x3::rule<class ply_r, Ply> plyRule = "ply";
const auto plyRule_def = head >> -locations >>
                         -x3::lit('#')[([](auto& ctx) { x3::_val(ctx).endsGame = true; })] >> plyEnd;

BOOST_SPIRIT_DEFINE(angle, ref, plyRule)

const auto turnNumber = x3::uint_ >> +x3::lit('.');
// The usual turn number with its dots, `INT '.'+`: ascii::usualNumber's digits
// (a longer number is left to turnNumber), the dots read in the same primitive
// (X3's `+lit('.')` after it cost more a turn).
struct UsualTurnNumber : x3::parser<UsualTurnNumber> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;
  template <class Ctx, class RCtx, class Attr>
  bool parse(It& first, It const& last, Ctx const& ctx, RCtx const& rctx, Attr& attr) const {
    It dots = first;
    if (!ascii::usualNumber.parse(dots, last, ctx, rctx, attr) || dots == last || *dots != '.') return false;
    for (first = dots + 1; first != last && *first == '.';) ++first;
    return true;
  }
};
// `N. ply` or `N. ply ply`, blanks as the writer lays them out.
const auto usualTurn = UsualTurnNumber{} >> ' ' >> usualPly >> -(' ' >> usualPly);

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
// pointers into the text. Positions are asked only at at_, so lines are counted
// as at_ passes their breaks: white space, and the two items that can hold a
// line break (a `{}` comment, a tag value's `\` escape). A LineCursor's search
// for each line's end cost as much as a ply's parse.
class Reader {
 public:
  Reader(std::string_view text, const GameSink<Ply>& sink)
      : end_(text.data() + text.size()), at_(text.data()), lineStart_(at_), sink_(sink) {}

  void run() {
    while (skipSpace()) {
      const char c = *at_;
      if (c == '{' || c == ';') comment();
      else if ((c == '$' || c == '!' || c == '?') && annotation()) continue;
      else if (c == '[') tag();
      else if (!(digit.has(static_cast<unsigned char>(c)) &&
                 (takeUsualTurns() || turn())))  // a turn number starts with a digit
        ply();
    }
    handOver();
  }

 private:
  enum class Expect { Number, FirstPly, SecondPly };
  static constexpr ascii::ByteSet space = " \t\r\n";
  static constexpr ascii::ByteSet digit = "0-9";
  static constexpr ascii::ByteSet tokenEnds = pgn_like_usual::plyEnds;

  // Where `at` stands: at_, or past it on the same line.
  SourcePos posOf(It at) const { return {line_, static_cast<int>(at - lineStart_) + 1}; }

  bool skipSpace() {
    for (; at_ != end_ && space.has(static_cast<unsigned char>(*at_)); ++at_)
      if (*at_ == '\n') ++line_, lineStart_ = at_ + 1;
    return at_ != end_;
  }

  // at_ moves to `to`, past any line breaks in between.
  void passTo(It to) {
    while (const void* nl = std::memchr(at_, '\n', static_cast<std::size_t>(to - at_))) {
      at_ = static_cast<It>(nl) + 1;
      ++line_, lineStart_ = at_;
    }
    at_ = to;
  }

  Game<Ply>& game() {
    if (!open_) startGame();
    return game_;
  }

  // The game being read is complete: it goes to the sink while its records are
  // still in the cache (grammar::handOver, which keeps its storage for the next).
  void handOver() {
    if (!open_) return;
    grammar::handOver(sink_, game_);
    open_ = false;
  }

  void startGame() {
    handOver();
    open_ = true;
    game_.pos = posOf(at_);
  }

  void error(std::string message) {
    auto& errors = game().errors;  // first: it may start the game, at the same place
    errors.push_back(syntaxError(posOf(at_), std::move(message)));
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
      passTo(static_cast<It>(close) + 1);
    } else {
      error("comment `{` is never closed");
      at_ = end_;
      return;
    }
    if (!open_ || game_.moves.empty()) return;  // nothing to attach it to
    std::string& to = game_.moves.back().comment;
    if (!to.empty()) to += ' ';
    to += trim(body);
  }

  // A NAG (`$1`) anywhere between items, or a mark (`!?`) touching the ply before
  // it, is read and skipped; false leaves anything else to ply(), which refuses it.
  bool annotation() {
    std::size_t length = annotation::nagLength(at_, end_);
    if (!length && open_ && !game_.moves.empty() && !space.has(static_cast<unsigned char>(at_[-1])))
      length = annotation::markLength(at_, end_);
    at_ += length;
    return length > 0;
  }

  void tag() {
    const auto length = readTagPair({at_, static_cast<std::size_t>(end_ - at_)}, scratchTag_);
    if (!length) {
      error("malformed tag pair, expected [Name \"value\"]");
      skipLine();
      return;
    }
    // A tag block after moves belongs to the next game.
    if (!open_ || !game_.moves.empty()) startGame();
    scratchTag_.pos = posOf(at_);
    auto& tags = game_.tags;
    if (tags.capacity() == 0) tags.reserve(linesFrom<"[">(at_, end_));
    tags.push_back(std::move(scratchTag_));
    passTo(at_ + length);
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

  // The usual turns from at_ on, `N. ply ply` (or `N. ply` before a comment or
  // the game's end) one a line, taken whole while a turn number needs no error
  // and its plies are usual: what turn() and ply() would do, without the walk from
  // item to item. Anything else is left to them (a ply taken stays taken).
  bool takeUsualTurns() {
    if (!open_) return false;
    bool taken = false;
    while (expect_ != Expect::FirstPly || skipping_) {
      pgn_like_usual::UsualTurn turn;
      It it = at_;
      if (!parseFlat(it, end_, usualTurn, turn)) break;
      skipping_ = false;
      add(turn.first);
      expect_ = Expect::SecondPly;
      if (turn.second.begin) add(turn.second), expect_ = Expect::Number;
      at_ = it;
      taken = true;
      // On to the next line when it starts with a turn number, as skipSpace would.
      if (end_ - at_ < 2 || at_[0] != '\n' || !digit.has(static_cast<unsigned char>(at_[1]))) break;
      lineStart_ = ++at_;
      ++line_;
    }
    return taken;
  }

  // A usual ply into its game, every member of its record written once. Inlined:
  // a call per ply cost a fifth of the record.
  [[gnu::always_inline]] void add(const UsualPly& ply) {
    appendAggregate(sizedMoves(ply.begin), ply, ascii::TextOf::between(ply.begin, ply.end), posOf(ply.begin));
  }

  // The game's moves, sized at its first unless the game before left its storage:
  // each regrowth would move every record.
  std::vector<Written<Ply>>& sizedMoves(It at) {
    auto& moves = game_.moves;
    if (moves.capacity() == 0) moves.reserve(2 * linesFrom<"0-9">(at, end_));
    return moves;
  }

  // The ply at at_ into a new record of the game; false, with no record left,
  // when it is refused. A ply ends where its token does (both grammars check what
  // follows it, and no byte of a ply ends a token), so a match is the whole token.
  bool takePly() {
    It it = at_;
    if (UsualPly usual; parseFlat(it, end_, usualPly, usual)) {
      add(usual);
    } else {
      // Parsed straight into its record, which is dropped again if the ply is refused.
      auto& moves = sizedMoves(at_);
      auto& written = moves.emplace_back();
      if (!parseFlat(it, end_, plyRule, written.move)) {
        moves.pop_back();
        return false;
      }
      written.text.append(
          at_, static_cast<std::size_t>(it - at_));  // into the empty string: append skips assign's aliasing checks
      written.pos = posOf(at_);
    }
    at_ = it;
    return true;
  }

  void ply() {
    if (!skipping_ && expect_ != Expect::Number) {
      game();
      if (takePly()) {
        expect_ = expect_ == Expect::FirstPly ? Expect::SecondPly : Expect::Number;
        return;
      }
    }
    It const end = tokenEnd();
    if (skipping_) {
      // already reported: wait for the next turn number or tag
    } else if (expect_ == Expect::Number) {
      error("expected a turn number `N.` before `" + excerpt(std::string_view(at_, std::size_t(end - at_))) + "`");
      skipping_ = true;
    } else {
      error("not a ply: `" + excerpt(std::string_view(at_, std::size_t(end - at_))) + "`");
      skipping_ = true;
    }
    at_ = end;
  }

  It end_, at_;
  int line_ = 1;
  It lineStart_;  // of line line_
  const GameSink<Ply>& sink_;
  Game<Ply> game_;  // the game being read, while open_
  bool open_ = false;
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
  const char* it = text.data();
  const char* const end = it + text.size();
  Ply ply;
  if (UsualPly usual; parseFlat(it, end, usualPly, usual)) {
    if (it != end) return std::nullopt;
    return usual;
  }
  if (!parseFlat(it, end, plyRule, ply) || it != end) return std::nullopt;
  return ply;
}

void parseGames(std::string_view text, const GameSink<Ply>& sink) { Reader(text, sink).run(); }

std::vector<Game<Ply>> parseGames(std::string_view text) { return collectGames<Ply>(parseGames, text); }

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
