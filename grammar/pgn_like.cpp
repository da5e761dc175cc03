// PGN-like notation: X3 grammars for turn numbers and plies; a small driver
// walks the file item by item so that an error costs one turn, not the whole file.
#include "grammar/pgn_like.hpp"

#include <algorithm>
#include <boost/fusion/include/adapt_struct.hpp>
#include <boost/spirit/home/x3.hpp>

#include "grammar/tag_pair.hpp"

BOOST_FUSION_ADAPT_STRUCT(apiary::grammar::pgn_like::Reference, piece, qualifier, angle)
BOOST_FUSION_ADAPT_STRUCT(apiary::grammar::pgn_like::Location, neighbour, other)

namespace apiary::grammar {
namespace {

namespace x3 = boost::spirit::x3;
using pgn_like::Location;
using pgn_like::Ply;
using pgn_like::Reference;

// Calls f(rule value, parsed attribute): keeps the semantic actions below one-liners.
template <class F>
auto onVal(F f) {
  return [f](auto& ctx) { f(x3::_val(ctx), x3::_attr(ctx)); };
}

const auto pieceChar = x3::char_("QqGgAaSsBbMmLlPp");
const x3::rule<class angle_r, int> angle = "angle";
const auto angle_def = x3::char_('1', '5')[onVal([](int& a, char c) { a = c - '0'; })];
const x3::rule<class ref_r, Reference> ref = "reference";
// repeat(1) gives the container attribute that `qualifier` is.
const auto ref_def = pieceChar >> -('(' >> x3::repeat(1)[ref] >> ')') >> -angle;
const x3::rule<class location_r, Location> location = "location";
const auto location_def = pieceChar >> -ref;

const auto head =
    x3::lit("pass")[([](auto& ctx) { x3::_val(ctx).kind = Ply::Kind::Pass; })] |
    ('+' >> pieceChar[onVal([](Ply& p, char c) { p.kind = Ply::Kind::Place, p.piece = c; })]) |
    (pieceChar[onVal([](Ply& p, char c) { p.piece = c; })] >>
     -('x' >> pieceChar[onVal([](Ply& p, char c) { p.under = c; })]));
// With `from-to` the first location read turns out to be the origin.
const auto locations =
    location[onVal([](Ply& p, const Location& l) { p.to = l; })] >>
    -('-' >> location[onVal([](Ply& p, const Location& l) { p.from = std::move(p.to), p.to = l; })]);
// What may follow a ply: a comment may touch it.
const auto plyEnd = &(x3::char_(" \t\r\n{;") | x3::eoi);
const x3::rule<class ply_r, Ply> plyRule = "ply";
const auto plyRule_def =
    head >> -locations >> -x3::lit('#')[([](auto& ctx) { x3::_val(ctx).endsGame = true; })] >> plyEnd;

BOOST_SPIRIT_DEFINE(angle, ref, location, plyRule)

const auto turnNumber = x3::uint_ >> +x3::lit('.');

// Runs `parser` at the start of `text`; gives the attribute and the bytes used.
template <class Attr, class Parser>
std::optional<std::pair<Attr, std::size_t>> parsePrefix(std::string_view text, const Parser& parser) {
  Attr attr{};
  auto first = text.begin();
  if (!x3::parse(first, text.end(), parser, attr)) return std::nullopt;
  return std::pair{std::move(attr), static_cast<std::size_t>(first - text.begin())};
}

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

// Walks a file: tags, turn numbers, plies and comments, one item at a time.
class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {
    for (std::size_t i = 0; i < text.size(); ++i)
      if (text[i] == '\n') lineStarts_.push_back(i + 1);
  }

  std::vector<Game<Ply>> run() {
    while (skipSpace()) {
      const char c = text_[at_];
      if (c == '{' || c == ';')
        comment();
      else if (c == '[')
        tag();
      else if (auto n = parsePrefix<unsigned>(rest(), turnNumber))
        turn(n->second);
      else
        ply();
    }
    return std::move(games_);
  }

 private:
  enum class Expect { Number, FirstPly, SecondPly };

  std::string_view rest() const { return text_.substr(at_); }

  SourcePos posOf(std::size_t offset) const {
    const auto line = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset) - lineStarts_.begin();
    return {static_cast<int>(line), static_cast<int>(offset - lineStarts_[line - 1] + 1)};
  }

  bool skipSpace() {
    while (at_ < text_.size() && std::string_view(" \t\r\n").find(text_[at_]) != std::string_view::npos) ++at_;
    return at_ < text_.size();
  }

  std::size_t tokenEnd() const {
    const auto end = text_.find_first_of(" \t\r\n{;", at_);
    return end == std::string_view::npos ? text_.size() : std::max(end, at_ + 1);
  }

  Game<Ply>& game() {
    if (games_.empty()) startGame();
    return games_.back();
  }

  void startGame() {
    games_.emplace_back();
    games_.back().pos = posOf(at_);
  }

  void error(std::string message) { game().errors.push_back({posOf(at_), std::move(message)}); }

  void skipLine() {
    const auto nl = text_.find('\n', at_);
    at_ = nl == std::string_view::npos ? text_.size() : nl;
  }

  void comment() {
    std::string_view body;
    if (text_[at_] == ';') {
      const auto start = at_ + 1;
      skipLine();
      body = text_.substr(start, at_ - start);
    } else if (const auto close = text_.find('}', at_); close != std::string_view::npos) {
      body = text_.substr(at_ + 1, close - at_ - 1);
      at_ = close + 1;
    } else {
      error("comment `{` is never closed");
      at_ = text_.size();
      return;
    }
    if (games_.empty() || games_.back().moves.empty()) return;  // nothing to attach it to
    std::string& to = games_.back().moves.back().comment;
    if (!to.empty()) to += ' ';
    to += trim(body);
  }

  void tag() {
    auto parsed = readTagPair(rest());
    if (!parsed) {
      error("malformed tag pair, expected [Name \"value\"]");
      skipLine();
      return;
    }
    // A tag block after moves belongs to the next game.
    if (games_.empty() || !games_.back().moves.empty()) startGame();
    parsed->first.pos = posOf(at_);
    games_.back().tags.push_back(std::move(parsed->first));
    at_ += parsed->second;
    expect_ = Expect::Number;
    skipping_ = false;
  }

  void turn(std::size_t length) {
    if (expect_ == Expect::FirstPly && !skipping_) error("turn number without a move before it");
    game();
    at_ += length;
    expect_ = Expect::FirstPly;
    skipping_ = false;
  }

  void ply() {
    const auto end = tokenEnd();
    const std::string token(text_.substr(at_, end - at_));
    if (skipping_) {
      // already reported: wait for the next turn number or tag
    } else if (expect_ == Expect::Number) {
      error("expected a turn number `N.` before `" + token + "`");
      skipping_ = true;
    } else if (auto parsed = parsePrefix<Ply>(rest(), plyRule); !parsed || parsed->second != token.size()) {
      error("not a ply: `" + token + "`");
      skipping_ = true;
    } else {
      game().moves.push_back({std::move(parsed->first), token, posOf(at_), {}});
      expect_ = expect_ == Expect::FirstPly ? Expect::SecondPly : Expect::Number;
    }
    at_ = end;
  }

  std::string_view text_;
  std::vector<std::size_t> lineStarts_{0};
  std::size_t at_ = 0;
  std::vector<Game<Ply>> games_;
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
  auto parsed = parsePrefix<Ply>(text, plyRule);
  if (!parsed || parsed->second != text.size()) return std::nullopt;
  return std::move(parsed->first);
}

std::vector<Game<Ply>> parseGames(std::string_view text) { return Reader(text).run(); }

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
