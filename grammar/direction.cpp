// Direction-based notation: an X3 grammar for one move, and a line-by-line driver
// for files (header lines and numbered turns).
#include "grammar/direction.hpp"

#include <boost/fusion/include/adapt_struct.hpp>
#include <boost/spirit/home/x3.hpp>

#include "grammar/line_reader.hpp"

BOOST_FUSION_ADAPT_STRUCT(apiary::grammar::direction::Piece, opponent, bug, number)

namespace apiary::grammar::direction {
namespace {

namespace x3 = boost::spirit::x3;
using x3::lit;

// Plain string literals are UTF-8 here (GCC's default execution character set).
const auto opponentMark = lit("\u00D7") | lit('x');
// `✳︎` is U+2733 with the text-style selector U+FE0E; both are often dropped.
const auto star = lit("\u2733\uFE0E") | lit("\u2733") | lit('*');
const auto passMark = lit("\u2014") | lit("--");
const auto bug = x3::char_("QBGSAMLP");

template <class F>
auto onVal(F f) {
  return [f](auto& ctx) { f(x3::_val(ctx), x3::_attr(ctx)); };
}

const x3::rule<class number_r, int> number = "number";
const auto number_def = x3::char_('1', '3')[onVal([](int& n, char c) { n = c - '0'; })];
const x3::rule<class direction_r, Direction> direction = "direction";
const auto direction_def = x3::char_("nasmrf")[onVal([](Direction& d, char c) { d = Direction{c}; })];
const x3::rule<class piece_r, Piece> piece = "piece";
const auto piece_def = x3::matches[opponentMark] >> bug >> -number;
// After the star the `×` is already said.
const x3::rule<class starred_r, Piece> starred = "piece";
const auto starred_def = x3::attr(true) >> bug >> -number;

const auto placed = [](auto& ctx) { x3::_val(ctx).placement = true; };
const auto setReference = onVal([](Move& m, const Piece& p) { m.reference = p; });
const auto destination = (lit('+')[placed] >> -piece[setReference]) |
                         (star[placed] >> starred[setReference]) | piece[setReference];
const x3::rule<class move_r, Move> move = "move";
const auto move_def = passMark[([](auto& ctx) { x3::_val(ctx).pass = true; })] |
                      (piece[onVal([](Move& m, const Piece& p) { m.piece = p; })] >> -destination >>
                       -direction[onVal([](Move& m, Direction d) { m.direction = d; })]);

BOOST_SPIRIT_DEFINE(number, direction, piece, starred, move)

const auto turnNumber = x3::uint_ >> '.';
// A header name: `1st Player`, `Date`, `Tournament`.
const auto headerName = x3::char_("A-Za-z0-9") >> *x3::char_("A-Za-z0-9 _-") >> ':';

// Why `text` is not one move, or nothing when it is one (then `out` holds it).
std::optional<std::string> readMove(std::string_view text, Move& out) {
  auto first = text.begin();
  out = {};
  if (!x3::parse(first, text.end(), move, out)) return "not a move";
  if (first != text.end()) return "unexpected `" + std::string(first, text.end()) + "` in the move";
  if (out.placement && out.piece.number) return "a placed piece carries no number";
  if (out.placement && out.piece.opponent) return "a placed piece is the mover's own, not `\u00D7`";
  return std::nullopt;
}

// The byte offset and length of each blank-separated word of `line` from `from` on.
std::vector<std::pair<std::size_t, std::size_t>> words(std::string_view line, std::size_t from) {
  std::vector<std::pair<std::size_t, std::size_t>> out;
  while ((from = line.find_first_not_of(" \t", from)) != std::string_view::npos) {
    auto end = line.find_first_of(" \t", from);
    if (end == std::string_view::npos) end = line.size();
    out.emplace_back(from, end - from);
    from = end;
  }
  return out;
}

// The length of a `N.` at the start of `text`, or 0.
std::size_t turnPrefix(std::string_view text) {
  auto first = text.begin();
  return x3::parse(first, text.end(), turnNumber) ? first - text.begin() : 0;
}

// Whether `text` is a whole valid turn `N. ply [ply]`.
bool isTurn(std::string_view text) {
  const auto prefix = turnPrefix(text);
  if (!prefix) return false;
  const auto plies = words(text, prefix);
  Move scratch;
  for (const auto& [at, length] : plies)
    if (readMove(text.substr(at, length), scratch)) return false;
  return !plies.empty() && plies.size() <= 2;
}

class Reader : public LineReader<Move> {
 private:
  void readLine(std::string_view text) override {
    const auto start = text.find_first_not_of(" \t");
    if (start == std::string_view::npos) return;
    if (const auto prefix = turnPrefix(text.substr(start)))
      readTurn(text, start, start + prefix);
    else if (auto first = text.begin() + start; x3::parse(first, text.end(), headerName))
      readHeader(text, start, first - text.begin());
    else
      error(start, "expected a header `Name: value` or a turn `N. ply ply`");
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
    g.tags.push_back({std::string(name), std::string(value), pos(start)});
    if (valueEnd != text.size()) readTurn(text, valueEnd + 1, valueEnd + 1 + turnPrefix(text.substr(valueEnd + 1)));
  }

  // The plies of the turn whose number is text[start, pliesStart).
  void readTurn(std::string_view text, std::size_t start, std::size_t pliesStart) {
    auto& g = game(start);
    const auto plies = words(text, pliesStart);
    if (plies.empty()) error(start, "turn `" + std::string(text.substr(start, pliesStart - start)) + "` has no move");
    for (std::size_t i = 0; i < plies.size(); ++i) {
      const auto [at, length] = plies[i];
      const auto word = text.substr(at, length);
      if (i == 2) return error(at, "a turn holds at most two plies, found `" + std::string(word) + "`");
      Move m;
      if (auto why = readMove(word, m))
        return error(at, "`" + std::string(word) + "`: " + *why);  // the rest of the line is unreliable
      g.moves.push_back({std::move(m), std::string(word), pos(at), {}});
    }
  }
};

void appendPiece(std::string& out, const Piece& piece, Spelling spelling, bool markOpponent = true) {
  if (piece.opponent && markOpponent) out += spelling == Spelling::Unicode ? "\u00D7" : "x";
  out += piece.bug;
  if (piece.number) out += static_cast<char>('0' + piece.number);
}

}  // namespace

std::optional<Move> parseMove(std::string_view text, std::string* why) {
  Move m;
  auto reason = readMove(text, m);
  if (!reason) return m;
  if (why) *why = std::move(*reason);
  return std::nullopt;
}

std::vector<Game<Move>> parseGames(std::string_view text) { return Reader().run(text); }

std::string writeMove(const Move& move, Spelling spelling) {
  if (move.pass) return spelling == Spelling::Unicode ? "\u2014" : "--";
  std::string out;
  appendPiece(out, move.piece, spelling);
  const bool starred = move.placement && move.reference && move.reference->opponent;
  if (starred)
    out += spelling == Spelling::Unicode ? "\u2733\uFE0E" : "*";
  else if (move.placement)
    out += '+';
  if (move.reference) appendPiece(out, *move.reference, spelling, !starred);
  if (move.direction) out += static_cast<char>(*move.direction);
  return out;
}

std::string writeGame(const Game<Move>& game, Spelling spelling) {
  std::string out;
  for (const auto& tag : game.tags) out += tag.name + ": " + tag.value + "\n";
  for (std::size_t i = 0; i < game.moves.size(); ++i) {
    if (i % 2 == 0) out += std::to_string(i / 2 + 1) + ".";
    out += " " + writeMove(game.moves[i].move, spelling);
    if (i % 2 == 1 || i + 1 == game.moves.size()) out += "\n";
  }
  return out;
}

}  // namespace apiary::grammar::direction
