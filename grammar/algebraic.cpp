// Algebraic notation: X3 grammars for a move in its long, short and compressed
// forms, and a line-by-line driver for files.
#include "grammar/algebraic.hpp"

#include <boost/fusion/adapted/std_tuple.hpp>
#include <boost/fusion/include/adapt_struct.hpp>
#include <boost/spirit/home/x3.hpp>
#include <cstring>
#include <tuple>

#include "grammar/algebraic_usual.hpp"
#include "grammar/annotation.hpp"
#include "grammar/ascii.hpp"
#include "grammar/line_reader.hpp"
#include "grammar/tag_pair.hpp"

BOOST_FUSION_ADAPT_STRUCT(apiary::grammar::algebraic::Piece, colour, bug)
BOOST_FUSION_ADAPT_STRUCT(apiary::grammar::algebraic::Assist, piece, at)

namespace apiary::grammar::algebraic {

using detail::kPeriod;
using detail::qOfLetter;

std::optional<int> columnToQ(std::string_view column) {
  if (column.empty() || column.size() > 2 || column[0] < 'a' || column[0] > 'z') return std::nullopt;
  if (column.size() == 2 && column[1] != column[0]) return std::nullopt;
  return qOfLetter(column[0], column.size() == 2);
}

std::string qToColumn(int q) {
  const int r = ((q + 25) % kPeriod + kPeriod) % kPeriod - 25;  // -25..26
  if (r >= -12 && r <= 13) return std::string(1, static_cast<char>('m' + r));
  const int k = r > 0 ? r - kPeriod / 2 : r + kPeriod / 2;
  return std::string(2, static_cast<char>('m' + k));
}

namespace {

namespace x3 = boost::spirit::x3;
using ascii::in;
using x3::lit;

template <class F>
auto onVal(F f) {
  return [f](auto& ctx) { f(x3::_val(ctx), x3::_attr(ctx)); };
}

const auto ws = x3::omit[+in<" \t">];
const auto letter = in<"a-z">;
// Takes `-1`, `+2`, `2`; a row past kFarthestRow is not a row of any game, and
// refusing it keeps the grid arithmetic of the cells written in range.
const auto row = x3::int_[([](auto& ctx) {
  const int r = x3::_attr(ctx);
  x3::_pass(ctx) = r >= -kFarthestRow && r <= kFarthestRow;
})];
// Where a move or one of its words may end.
const auto wordEnd = &(in<" \t({;$"> | x3::eoi | annotation::markThenEnd);

// Column names, as columnToQ reads them: a letter, or the same letter twice. The
// first letter sets q as a single column; a second one that repeats it makes it the
// doubled column. `column` prefers the doubled name, as `doubled | single` would,
// without reading the first letter twice.
const auto firstLetter = letter[onVal([](int& q, char c) { q = qOfLetter(c, false); })];
const auto sameLetter = letter[([](auto& ctx) {
  int& q = x3::_val(ctx);
  x3::_pass(ctx) = x3::_attr(ctx) - 'm' == q;
  if (x3::_pass(ctx)) q = qOfLetter(x3::_attr(ctx), true);
})];
const x3::rule<class single_r, int> single = "column";
const auto single_def = firstLetter;
const x3::rule<class doubled_r, int> doubled = "column";
const auto doubled_def = firstLetter >> sameLetter;
const x3::rule<class column_r, int> column = "column";
const auto column_def = firstLetter >> -sameLetter;

const auto setQ = onVal([](Cell& c, int q) { c.q = q; });
const auto setR = onVal([](Cell& c, int r) { c.r = r; });
// A cell standing as its own word.
const x3::rule<class full_r, Cell> fullCell = "cell";
const auto fullCell_def = column[setQ] >> row[setR];
const x3::rule<class partial_r, Cell> partialCell = "origin";
const auto partialCell_def = (column[setQ] >> -row[setR]) | row[setR];
// Inside a compressed word: the origin's column short, or long (tried second).
const x3::rule<class shortFrom_r, Cell> shortFrom = "origin";
const auto shortFrom_def = (single[setQ] >> -row[setR]) | row[setR];
const x3::rule<class longFrom_r, Cell> longFrom = "origin";
const auto longFrom_def = doubled[setQ] >> -row[setR];
const x3::rule<class gluedTo_r, Cell> gluedTo = "destination";
const auto gluedTo_def = (single[setQ] >> row[setR]) | (doubled[setQ] >> row[setR]);

// Each way of writing origin and destination fills its own Locations; the move takes
// the first that matches whole, so a failed try leaves nothing behind.
struct Locations {
  bool placement = false;
  std::optional<Cell> from;
  Cell to;
};
const auto setFrom = onVal([](Locations& l, const Cell& c) { l.from = c; });
const auto setTo = onVal([](Locations& l, const Cell& c) { l.to = c; });
const auto placed = [](auto& ctx) { x3::_val(ctx).placement = true; };

const x3::rule<class placement_r, Locations> placement = "placement";
const auto placement_def = lit('@')[placed] >> -ws >> fullCell[setTo] >> wordEnd;
const x3::rule<class alone_r, Locations> alone = "destination";
const auto alone_def = fullCell[setTo] >> wordEnd;
// After a blank, `origin destination` or a destination alone. Read as one: the
// first word is read once, as an origin, and when no destination follows it is the
// destination itself if it is a whole cell (partialCell then read what fullCell
// would have) standing as its own word.
const auto originIsDestination = x3::eps[([](auto& ctx) {
  auto& l = x3::_val(ctx);
  x3::_pass(ctx) = l.from->q && l.from->r;
  if (x3::_pass(ctx)) l.to = *l.from, l.from.reset();
})];
const x3::rule<class spacedWords_r, Locations> spacedWords = "origin and destination";
const auto spacedWords_def = partialCell[setFrom] >>
                             ((ws >> fullCell[setTo] >> wordEnd) | (wordEnd >> originIsDestination));
const x3::rule<class gluedPair_r, Locations> gluedPair = "origin and destination";
const auto gluedPair_def =
    (shortFrom[setFrom] >> gluedTo[setTo] >> wordEnd) | (longFrom[setFrom] >> gluedTo[setTo] >> wordEnd);

const auto take = onVal([](Move& m, const Locations& l) { m.placement = l.placement, m.from = l.from, m.to = l.to; });
// A blank after the piece means the words stand as written; only a word that is no
// cell is split as compressed. The blanks are read once for every form that starts
// with them, and none of the forms without them starts with a blank.
const auto locations =
    (ws >> (placement[take] | spacedWords[take] | gluedPair[take])) | placement[take] | gluedPair[take] | alone[take];

const x3::rule<class piece_r, Piece> piece = "piece";
const auto piece_def = -in<"wb"> >> in<"QSBGAMLP">;
const x3::rule<class assist_r, Assist> assist = "Pillbug";
const auto assist_def = -ws >> '(' >> -ws >> piece >> -(-ws >> fullCell) >> -ws >> ')';

const x3::rule<class move_r, Move> move = "move";
const auto move_def = (lit("pass")[([](auto& ctx) { x3::_val(ctx).pass = true; })] |
                       (piece[onVal([](Move& m, const Piece& p) { m.piece = p; })] >> locations >>
                        -assist[onVal([](Move& m, const Assist& a) { m.assist = a; })])) >>
                      &(in<" \t{;$"> | x3::eoi | annotation::markThenEnd);

BOOST_SPIRIT_DEFINE(single, doubled, column, fullCell, partialCell, shortFrom, longFrom, gluedTo, placement,
                    spacedWords, alone, gluedPair, piece, assist, move)

const auto moveNumber = x3::uint_ >> +lit('.');
// The usual line, `12. wA m n2` and nothing more: where it starts, and its move.
const auto usualLine = detail::moveNumber >> detail::usualMove;

constexpr ascii::ByteSet blank = " \t";
constexpr ascii::ByteSet digit = "0-9";

class Reader : public LineReader<Move> {
 private:
  void comment(std::string_view body) {
    auto* const game = inProgress();
    if (!game || game->moves.empty()) return;  // nothing to attach it to
    std::string& to = game->moves.back().comment;
    if (!to.empty()) to += ' ';
    to += trimBlanks(body);
  }

  // The length of a NAG (`$1`) at `at`, or of a mark (`!?`) touching the move before
  // it; 0 for anything else, which the move grammar then refuses.
  std::size_t annotationAt(std::string_view text, std::size_t at) {
    const char* const here = text.data() + at;
    const char* const end = text.data() + text.size();
    if (const auto length = annotation::nagLength(here, end)) return length;
    auto* const game = inProgress();
    if (at == 0 || blank.has(static_cast<unsigned char>(here[-1])) || !game || game->moves.empty()) return 0;
    return annotation::markLength(here, end);
  }

  // The usual line read whole into its record; false leaves it to the general loop.
  bool readUsual(std::string_view text) {
    const char* it = text.data();
    std::tuple<const char*, detail::Usual> line;
    if (!parseFlat(it, text.data() + text.size(), usualLine, line)) return false;
    const auto& [number, usual] = line;
    auto& moves = game(static_cast<std::size_t>(number - text.data())).moves;  // the number starts a game
    if (moves.capacity() == 0) moves.reserve(linesFrom<"0-9">(text));          // or the game before's storage
    // The move's text is never blank at either end, so it needs no trimming.
    appendAggregate(moves, usual, ascii::TextOf::between(usual.begin, usual.end),
                    pos(static_cast<std::size_t>(usual.begin - text.data())));
    return true;
  }

  void readLine(std::string_view text) override {
    if (!readUsual(text)) readAny(text);
  }

  // Out of line: its frame and saved registers would otherwise weigh on every usual line.
  [[gnu::noinline]] void readAny(std::string_view text) {
    const char* const end = text.data() + text.size();
    for (std::size_t at = 0;;) {
      while (at < text.size() && blank.has(static_cast<unsigned char>(text[at]))) ++at;
      if (at == text.size()) return;
      const char* const here = text.data() + at;
      const char* it = here;
      if (*here == ';') return comment(text.substr(at + 1));
      if (const auto length = annotationAt(text, at)) {
        at += length;
        continue;
      }
      if (*here == '{') {
        const void* close = std::memchr(here, '}', text.size() - at);
        if (!close) return error(at, "comment `{` is never closed");
        comment({here + 1, static_cast<std::size_t>(static_cast<const char*>(close) - here - 1)});
        at = static_cast<std::size_t>(static_cast<const char*>(close) + 1 - text.data());
      } else if (*here == '[') {
        const auto length = readTagPair(text.substr(at), scratchTag_);
        if (!length) return error(at, "malformed tag pair, expected [Name \"value\"]");
        scratchTag_.pos = pos(at);
        auto& tags = gameForTag(at).tags;
        if (tags.empty()) tags.reserve(linesFrom<"[">(text));
        tags.push_back(std::move(scratchTag_));
        at += length;
      } else if (digit.has(static_cast<unsigned char>(*here)) && parseFlat(it, end, moveNumber)) {
        game(at);  // a number alone starts a game
        at = static_cast<std::size_t>(it - text.data());
      } else {
        // Parsed straight into its record, which is dropped again if it is no move.
        auto& moves = game(at).moves;
        if (moves.capacity() == 0) moves.reserve(linesFrom<"0-9">(text));  // `N. move` lines
        auto& written = moves.emplace_back();
        it = here;
        if (!parseFlat(it, end, move, written.move)) {
          moves.pop_back();
          const auto word = text.substr(at, text.find_first_of(" \t", at) - at);
          // The rest of the line may hold the other parts of this move: skip it.
          return error(at, "not a move: `" + excerpt(word) + "`");
        }
        written.text.append(trimBlanks({here, static_cast<std::size_t>(it - here)}));  // append: see direction.cpp
        written.pos = pos(at);
        at = static_cast<std::size_t>(it - text.data());
      }
    }
  }

  Tag scratchTag_;  // read into before the game it belongs to is known
};

std::string pieceText(const Piece& p) {
  std::string out;
  if (p.colour) out += p.colour;
  return out + p.bug;
}

std::string cellText(const Cell& c, bool signedRow) {
  std::string out = c.q ? qToColumn(*c.q) : "";
  if (c.r) out += (signedRow && *c.r > 0 ? "+" : "") + std::to_string(*c.r);
  return out;
}

// Long and short: parts separated by blanks; compressed: none.
std::string writeParts(const Move& move, bool spaced, bool signedRows) {
  if (move.pass) return "pass";
  const std::string sep = spaced ? " " : "";
  std::string out = pieceText(move.piece);
  if (move.from) out += sep + cellText(*move.from, signedRows);
  out += sep + (move.placement ? "@" : "") + cellText(move.to, signedRows);
  if (move.assist) {
    out += sep + "(" + pieceText(move.assist->piece);
    if (move.assist->at) out += sep + cellText(*move.assist->at, signedRows);
    out += ")";
  }
  return out;
}

}  // namespace

std::optional<Move> parseMove(std::string_view text) {
  Move m;
  const char* it = text.data();
  if (!parseFlat(it, text.data() + text.size(), move, m) || it != text.data() + text.size()) return std::nullopt;
  return m;
}

void parseGames(std::string_view text, const GameSink<Move>& sink) { Reader().run(text, sink); }

std::vector<Game<Move>> parseGames(std::string_view text) { return collectGames<Move>(parseGames, text); }

std::string writeMove(const Move& move, Form form) {
  if (form == Form::Compressed) {
    // Doubled columns can make the letters split differently when read back.
    auto compressed = writeParts(move, false, false);
    if (parseMove(compressed) == move) return compressed;
  }
  return writeParts(move, true, form == Form::Long);
}

std::string writeGame(const Game<Move>& game, Form form) {
  std::string out;
  for (const auto& tag : game.tags) out += writeTagPair(tag) + "\n";
  if (!game.tags.empty()) out += "\n";
  for (std::size_t i = 0; i < game.moves.size(); ++i) {
    out += std::to_string(i + 1) + ". " + writeMove(game.moves[i].move, form);
    if (const auto& c = game.moves[i].comment; !c.empty()) {
      // A `{}` comment cannot hold `}`; a `;` one runs to the line end, as here.
      out += c.find('}') == std::string::npos ? " {" + c + "}" : " ;" + c;
    }
    out += "\n";
  }
  return out;
}

}  // namespace apiary::grammar::algebraic
