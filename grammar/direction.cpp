// Direction-based notation: an X3 grammar for one move, and a line-by-line driver
// for files (header lines and numbered turns).
#include "grammar/direction.hpp"

#include <boost/fusion/include/adapt_struct.hpp>
#include <boost/spirit/home/x3.hpp>

#include "grammar/ascii.hpp"
#include "grammar/line_reader.hpp"
#include "grammar/tag_pair.hpp"

BOOST_FUSION_ADAPT_STRUCT(apiary::grammar::direction::Piece, opponent, bug, number)

namespace apiary::grammar::direction {
namespace {

namespace x3 = boost::spirit::x3;
using ascii::in;
using x3::lit;

// Plain string literals are UTF-8 here (GCC's default execution character set).
const auto opponentMark = lit("\u00D7") | lit('x');
// `✳︎` is U+2733 with the text-style selector U+FE0E; both are often dropped.
const auto star = lit("\u2733\uFE0E") | lit("\u2733") | lit('*');
const auto passMark = lit("\u2014") | lit("--");
const auto bug = in<"QBGSAMLP">;

template <class F>
auto onVal(F f) {
  return [f](auto& ctx) { f(x3::_val(ctx), x3::_attr(ctx)); };
}

const x3::rule<class number_r, int> number = "number";
const auto number_def = in<"1-3">[onVal([](int& n, char c) { n = c - '0'; })];
const x3::rule<class direction_r, Direction> direction = "direction";
const auto direction_def = in<"nasmrf">[onVal([](Direction& d, char c) { d = Direction{c}; })];
const x3::rule<class piece_r, Piece> piece = "piece";
const auto piece_def = x3::matches[opponentMark] >> bug >> -number;
// After the star the `×` is already said.
const x3::rule<class starred_r, Piece> starred = "piece";
const auto starred_def = x3::attr(true) >> bug >> -number;

const auto placed = [](auto& ctx) { x3::_val(ctx).placement = true; };
const auto setReference = onVal([](Move& m, const Piece& p) { m.reference = p; });
const auto destination =
    (lit('+')[placed] >> -piece[setReference]) | (star[placed] >> starred[setReference]) | piece[setReference];
const x3::rule<class move_r, Move> move = "move";
// A piece first: nearly every move starts with one, and no piece starts as a pass.
const auto move_def = (piece[onVal([](Move& m, const Piece& p) { m.piece = p; })] >> -destination >>
                       -direction[onVal([](Move& m, Direction d) { m.direction = d; })]) |
                      passMark[([](auto& ctx) { x3::_val(ctx).pass = true; })];

BOOST_SPIRIT_DEFINE(number, direction, piece, starred, move)

const auto turnNumber = x3::uint_ >> '.';
// A header name: `1st Player`, `Date`, `Tournament`.
const auto headerName = in<"A-Za-z0-9"> >> *in<"A-Za-z0-9 _-"> >> ':';

// Why a text is not one move. The scan only notes it, so the usual case (a move)
// builds no string; describe writes the message.
enum class Fault { None, NotAMove, Unexpected, NumberedPlacement, OpponentPlacement };

constexpr ascii::ByteSet blank = " \t";
constexpr ascii::ByteSet digit = "0-9";

// Parses a move from `stop` on into `out` (which starts out empty) and leaves `stop`
// where the parse stopped, which must be the end of the move's word: `last`, or with
// `blankEnds` a blank. A move holds no blank, so the parse never leaves its word,
// and the word need not be found first.
Fault scanMove(const char*& stop, const char* last, bool blankEnds, Move& out) {
  if (!parseFlat(stop, last, move, out)) return Fault::NotAMove;
  if (stop != last && !(blankEnds && blank.has(static_cast<unsigned char>(*stop)))) return Fault::Unexpected;
  if (out.placement && out.piece.number) return Fault::NumberedPlacement;
  if (out.placement && out.piece.opponent) return Fault::OpponentPlacement;
  return Fault::None;
}

std::string describe(Fault fault, std::string_view text, const char* stop) {
  switch (fault) {
    case Fault::NotAMove: return "not a move";
    case Fault::Unexpected:
      return "unexpected `" + excerpt(std::string_view(stop, std::size_t(text.data() + text.size() - stop))) +
             "` in the move";
    case Fault::NumberedPlacement: return "a placed piece carries no number";
    case Fault::OpponentPlacement: return "a placed piece is the mover's own, not `\u00D7`";
    case Fault::None: break;
  }
  return {};
}

// The blank-separated words of `line` from `from` on, one at a time: where each
// starts, and on demand where it ends.
class Words {
 public:
  Words(std::string_view line, std::size_t from) : line_(line), at_(from) {}
  // Moves to the next word; false when none is left.
  bool next(std::size_t& at) {
    while (at_ < line_.size() && blank.has(static_cast<unsigned char>(line_[at_]))) ++at_;
    at = at_;
    return at_ != line_.size();
  }
  // The word at `at`, the current one.
  std::string_view word(std::size_t at) const {
    auto end = at;
    while (end < line_.size() && !blank.has(static_cast<unsigned char>(line_[end]))) ++end;
    return line_.substr(at, end - at);
  }
  // The current word ends at `end`: go on from there.
  void skipTo(const char* end) { at_ = static_cast<std::size_t>(end - line_.data()); }

 private:
  std::string_view line_;
  std::size_t at_;
};

// The length of a `N.` at the start of `text`, or 0.
std::size_t turnPrefix(std::string_view text) {
  if (text.empty() || !digit.has(static_cast<unsigned char>(text[0]))) return 0;  // uint_ needs one
  auto first = text.data();
  return parseFlat(first, first + text.size(), turnNumber) ? first - text.data() : 0;
}

// Whether `text` is a whole valid turn `N. ply [ply]`.
bool isTurn(std::string_view text) {
  const auto prefix = turnPrefix(text);
  if (!prefix) return false;
  Words plies(text, prefix);
  std::size_t count = 0, at;
  for (; plies.next(at); ++count) {
    Move scratch;
    const char* stop = text.data() + at;
    if (scanMove(stop, text.data() + text.size(), true, scratch) != Fault::None) return false;
    plies.skipTo(stop);
  }
  return count && count <= 2;
}

class Reader : public LineReader<Move> {
 private:
  void readLine(std::string_view text) override {
    std::size_t start = 0;
    while (start < text.size() && blank.has(static_cast<unsigned char>(text[start]))) ++start;
    if (start == text.size()) return;
    if (const auto prefix = turnPrefix(text.substr(start))) readTurn(text, start, start + prefix);
    else if (auto first = text.data() + start; parseFlat(first, text.data() + text.size(), headerName))
      readHeader(text, start, first - text.data());
    else error(start, "expected a header `Name: value` or a turn `N. ply ply`");
  }

  void readHeader(std::string_view text, std::size_t start, std::size_t valueStart) {
    auto& g = gameForTag(start);
    std::size_t valueEnd = text.size();
    // Tables flattened to text glue the first turn to the last header line.
    for (auto at = text.find(" 1.", valueStart); at != std::string_view::npos; at = text.find(" 1.", at + 1))
      if (isTurn(text.substr(at + 1))) {
        valueEnd = at;
        break;
      }
    const auto name = trimBlanks(text.substr(start, valueStart - 1 - start));
    const auto value = trimBlanks(text.substr(valueStart, valueEnd - valueStart));
    if (g.tags.empty()) g.tags.reserve(linesFrom<"A-Za-z">(text));  // header lines, roughly
    g.tags.push_back({std::string(name), std::string(value), pos(start)});
    if (valueEnd != text.size()) readTurn(text, valueEnd + 1, valueEnd + 1 + turnPrefix(text.substr(valueEnd + 1)));
  }

  // The plies of the turn whose number is text[start, pliesStart).
  void readTurn(std::string_view text, std::size_t start, std::size_t pliesStart) {
    auto& moves = game(start).moves;
    if (moves.capacity() == 0)
      moves.reserve(2 * linesFrom<"0-9">(text));  // `N. ply ply` lines; or the game before's storage
    Words plies(text, pliesStart);
    std::size_t count = 0, at;
    for (; plies.next(at); ++count) {
      if (count == 2) return error(at, "a turn holds at most two plies, found `" + excerpt(plies.word(at)) + "`");
      // Parsed straight into its record, which is dropped again if the move is refused.
      auto& written = moves.emplace_back();
      const char* const from = text.data() + at;
      const char* stop = from;
      if (const auto fault = scanMove(stop, text.data() + text.size(), true, written.move); fault != Fault::None) {
        moves.pop_back();
        const auto word = plies.word(at);
        // The rest of the line is unreliable.
        return error(at, "`" + excerpt(word) + "`: " + describe(fault, word, stop));
      }
      written.text.append(from, static_cast<std::size_t>(stop - from));  // append: no aliasing checks
      written.pos = pos(at);
      plies.skipTo(stop);
    }
    if (!count) error(start, "turn `" + excerpt(text.substr(start, pliesStart - start)) + "` has no move");
  }
};

void appendPiece(std::string& out, const Piece& piece, Spelling spelling, bool markOpponent = true) {
  if (piece.opponent && markOpponent) out += spelling == Spelling::Unicode ? "\u00D7" : "x";
  out += piece.bug;
  if (piece.number) out += static_cast<char>('0' + piece.number);
}

// `Name: value` on one line, reading back as a header and nothing more: the reader
// takes a blank followed by a whole turn at the line's end for a first turn glued
// to the header (readHeader), so such a blank, before the value or in it, is a tab.
std::string headerLine(const Tag& tag) {
  std::string line = tag.name + ": " + tagOnOneLine(tag.value);
  for (auto at = line.find(" 1.", tag.name.size()); at != std::string::npos; at = line.find(" 1.", at + 1))
    if (isTurn(std::string_view(line).substr(at + 1))) line[at] = '\t';
  return line + "\n";
}

}  // namespace

std::optional<Move> parseMove(std::string_view text, std::string* why) {
  Move m;
  const char* stop = text.data();
  const auto fault = scanMove(stop, text.data() + text.size(), false, m);
  if (fault == Fault::None) return m;
  if (why) *why = describe(fault, text, stop);
  return std::nullopt;
}

void parseGames(std::string_view text, const GameSink<Move>& sink) { Reader().run(text, sink); }

std::vector<Game<Move>> parseGames(std::string_view text) { return collectGames<Move>(parseGames, text); }

std::string writeMove(const Move& move, Spelling spelling) {
  if (move.pass) return spelling == Spelling::Unicode ? "\u2014" : "--";
  std::string out;
  appendPiece(out, move.piece, spelling);
  const bool starred = move.placement && move.reference && move.reference->opponent;
  if (starred) out += spelling == Spelling::Unicode ? "\u2733\uFE0E" : "*";
  else if (move.placement) out += '+';
  if (move.reference) appendPiece(out, *move.reference, spelling, !starred);
  if (move.direction) out += static_cast<char>(*move.direction);
  return out;
}

std::string writeGame(const Game<Move>& game, Spelling spelling) {
  std::string out;
  for (const auto& tag : game.tags) out += headerLine(tag);
  for (std::size_t i = 0; i < game.moves.size(); ++i) {
    if (i % 2 == 0) out += std::to_string(i / 2 + 1) + ".";
    out += " " + writeMove(game.moves[i].move, spelling);
    if (i % 2 == 1 || i + 1 == game.moves.size()) out += "\n";
  }
  return out;
}

}  // namespace apiary::grammar::direction
