// Spirit X3 grammars for standard notation's GameStrings and PGN-style files (one
// move string's grammar is uhp_move.cpp's). Each parse works on `const char*` over the caller's text, so
// positions are plain byte offsets turned into line/column by a LineCursor, or
// for a file by a LineCount the grammar keeps.
#include "grammar/uhp.hpp"

#include <boost/fusion/adapted/std_tuple.hpp>
#include <boost/spirit/home/x3.hpp>
#include <cctype>
#include <cstring>
#include <tuple>
#include <utility>

#include "grammar/annotation.hpp"
#include "grammar/ascii.hpp"
#include "grammar/line_reader.hpp"
#include "grammar/tag_pair.hpp"
#include "grammar/uhp_move_scan.hpp"

namespace apiary::grammar {
namespace {

using namespace ascii;
using uhp_detail::untilBlank;
using uhp_detail::view;

// A move found at byte `offset` of a larger text: parse it and place it there.
// `lines` is a LineCursor, or a LineCount for the file grammar.
template <class Lines>
void addMove(Game<UhpMove>& game, std::string_view text, std::size_t offset, Lines& lines) {
  // Parsed straight into its record (dropped again if the move is refused):
  // building a Written and moving it in cost as much as the parse.
  auto& written = game.moves.emplace_back();
  std::size_t at = 0;
  std::string why;
  if (!uhp_detail::scanMoveString(text, written.move, at, why)) {
    game.moves.pop_back();
    game.errors.push_back(syntaxError(lines.at(offset + at), std::move(why)));
    return;
  }
  written.text.append(text);  // into the empty string: append skips assign's aliasing checks
  written.pos = lines.at(offset);
}

// One GameString standing at [offset, offset + text.size()) of the whole text.
template <class Lines>
Game<UhpMove> gameStringAt(std::string_view text, std::size_t offset, Lines& lines) {
  Game<UhpMove> game;
  game.pos = lines.at(offset);
  It const begin = text.data();
  It it = begin;
  std::vector<boost::iterator_range<It>> fields;
  x3::parse(it, begin + text.size(), x3::raw[*~in<";\r\n">] % ';', fields);
  auto at = [&](It p) { return lines.at(offset + static_cast<std::size_t>(p - begin)); };
  if (fields.size() < 3) {
    game.errors.push_back(syntaxError(game.pos, "a GameString starts GameType;GameState;Turn"));
    return game;
  }

  // Header fields: checked, but kept as written (state and turn get recomputed).
  auto const gameType = x3::lit("Base") >> -(-x3::lit('+') >> +in<"MLP">);
  auto const gameState = x3::lit("NotStarted") | "InProgress" | "Draw" | "WhiteWins" | "BlackWins";
  auto const turn = (x3::lit("White") | "Black") >> '[' >> x3::uint_ >> ']';
  auto header = [&](std::size_t i, const char* name, auto const& shape) {
    auto field = trimBlanks(view(fields[i]));
    It f = field.data();
    if (!x3::parse(f, field.data() + field.size(), shape >> x3::eoi))
      game.errors.push_back(
          syntaxError(at(fields[i].begin()), std::string("bad ") + name + " '" + printable(field) + "'"));
    game.tags.push_back({name, std::string(field), at(fields[i].begin())});
  };
  header(0, "GameType", gameType);
  header(1, "GameState", gameState);
  header(2, "Turn", turn);

  game.moves.reserve(fields.size() - 3);
  for (std::size_t i = 3; i < fields.size(); ++i) {
    auto field = view(fields[i]);
    if (trimBlanks(field).empty()) {
      if (i + 1 == fields.size()) break;  // the trailing ';' real files end with
      game.errors.push_back(syntaxError(at(fields[i].begin()), "empty move"));
      continue;
    }
    addMove(game, field, offset + static_cast<std::size_t>(field.data() - begin), lines);
  }
  if (it != begin + text.size())
    game.errors.push_back(
        syntaxError(at(it), "unexpected text '" + printable(untilBlank(it, begin + text.size())) + "'"));
  return game;
}

// `\"` and `\\` are the only escapes a PGN tag value has.
std::string unescapeTag(std::string_view v) {
  std::string out;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (v[i] == '\\' && i + 1 < v.size()) ++i;
    out += v[i];
  }
  return out;
}

// What each byte can be in a piece name or a side mark, so the common move reads
// them with one lookup per byte where the move string grammar (uhp_move.cpp)
// tests several classes.
enum PieceByte : unsigned char { Colour = 1, Black = 2, Bug = 4, Unique = 8, Word = 16, Mark = 96 };
struct PieceBytes {
  unsigned char of[256] = {};
  constexpr PieceBytes() {
    for (unsigned c = 0; c < 256; ++c)
      if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_') of[c] = Word;
    for (unsigned char c : {'w', 'W'}) of[c] |= Colour;
    for (unsigned char c : {'b', 'B'}) of[c] |= Colour | Black;
    for (char c : std::string_view("QSBGAMLP")) of[c | 0x20] |= Bug, of[static_cast<unsigned char>(c)] |= Bug;
    for (char c : std::string_view("QMLP")) of[c | 0x20] |= Unique, of[static_cast<unsigned char>(c)] |= Unique;
    of[unsigned{'-'}] = 1 << 5, of[unsigned{'/'}] = 2 << 5,
    of[unsigned{'\\'}] = 3 << 5;  // a side mark's number, in the Mark bits
  }
};
inline constexpr PieceBytes pieceBytes{};

// A valid piece name, whole: what the move string grammar (uhp_move.cpp) accepts,
// with the same result. It fails on everything else and leaves the refusal, with
// its message, to that grammar.
struct ValidPiece : x3::parser<ValidPiece> {
  using attribute_type = PieceName;
  static bool const has_attribute = true;
  template <class Ctx, class RCtx, class Attr>
  bool parse(It& first, It const& last, Ctx const&, RCtx const&, Attr& attr) const {
    if (last - first < 2) return false;
    auto const kind = [](char c) { return pieceBytes.of[static_cast<unsigned char>(c)]; };
    const unsigned char colour = kind(first[0]), bug = kind(first[1]);
    if (!(colour & Colour) || !(bug & Bug)) return false;
    It it = first + 2;
    int number = 0;
    if (it != last && *it >= '0' && *it <= '9') {
      number = *it++ - '0';
      if (number == 0 || number > ((bug & Unique) ? 1 : 3)) return false;
      if (bug & Unique) number = 0;  // `wP1` is how some files spell `wP`
    }
    if (it != last && (kind(*it) & Word)) return false;  // `wA12`, `wAnt`
    x3::traits::move_to(PieceName{(colour & Black) ? 'b' : 'w', static_cast<char>(first[1] & ~0x20), number}, attr);
    first = it;
    return true;
  }
};
inline constexpr ValidPiece validPiece{};

// A valid reference with its side mark: `-wQ`, `/wQ`, `\wQ` (W, SW, NW), `wQ-`,
// `wQ/`, `wQ\` (E, NE, SE) or a bare `wQ` (on top). What the move string grammar
// (uhp_move.cpp) accepts, each mark found by the table, as one attribute: the two
// orders of mark and piece do not fit one struct.
struct Reference : x3::parser<Reference> {
  using attribute_type = UhpReference;
  static bool const has_attribute = true;
  template <class Ctx, class RCtx, class Attr>
  bool parse(It& first, It const& last, Ctx const& ctx, RCtx const& rctx, Attr& attr) const {
    static constexpr UhpSide before[4] = {UhpSide::OnTop, UhpSide::W, UhpSide::SW, UhpSide::NW};
    static constexpr UhpSide after[4] = {UhpSide::OnTop, UhpSide::E, UhpSide::NE, UhpSide::SE};
    auto const mark = [&](It at) {
      return at == last ? 0u : (pieceBytes.of[static_cast<unsigned char>(*at)] & Mark) >> 5;
    };
    UhpReference ref;
    It it = first;
    if (const unsigned pre = mark(it)) {
      if (!validPiece.parse(++it, last, ctx, rctx, ref.piece)) return false;
      ref.side = before[pre];
    } else {
      if (!validPiece.parse(it, last, ctx, rctx, ref.piece)) return false;
      const unsigned post = mark(it);
      if (post) ++it;
      ref.side = after[post];
    }
    x3::traits::move_to(ref, attr);
    first = it;
    return true;
  }
};
inline constexpr Reference reference{};

// A move's description built in place in its record (see FileBuilder::move), as
// ascii::TextOf builds its text.
struct MoveOf {
  const PieceName& piece;
  const std::optional<UhpReference>& reference;
  operator UhpMove() const { return {UhpMoveKind::Normal, piece, reference}; }  // NOLINT: implicit, as TextOf's
};

// The games of a PGN-style file, built as the grammar meets each line (or
// multi-line comment), in file order: no list of lines in between. What is not a
// common move line is kept out of line (noinline): the flattened grammar would
// only grow with it.
class FileBuilder {
 public:
  FileBuilder(std::string_view content, const GameSink<UhpMove>& sink)
      : begin_(content.data()), end_(content.data() + content.size()), lines_(begin_), sink_(sink) {}

  [[gnu::noinline]] void tag(It at, std::string_view name, std::string_view value) {
    if (!open_ || hasMoves_) startGame(at);
    // Sized at the first tag, as moves are at the first move, unless the storage
    // of the game before is still there.
    auto& tags = game_.tags;
    if (tags.capacity() == 0) tags.reserve(linesFrom<"[">(at, end_));
    if (value.find('\\') == std::string_view::npos) {
      appendAggregate(tags, TextOf{name}, TextOf{value}, lines_.at(offset(at)));
    } else {
      appendAggregate(tags, TextOf{name}, unescapeTag(value), lines_.at(offset(at)));
      lines_.passed(value);  // `\` then a line break is an escape too
    }
  }
  // A move the grammar could not read whole: scanMove says what it is or why not.
  [[gnu::noinline]] void move(std::string_view text) {
    addMove(gameForMove(text.data()), text, offset(text.data()), lines_);
  }
  // A move the grammar read whole, exactly as scanMove would have.
  void move(std::string_view text, const PieceName& piece, const std::optional<UhpReference>& reference) {
    auto& moves = gameForMove(text.data()).moves;
    // Each member built once where it lies: emplace_back() with no arguments would
    // zero the whole record first and then assign every member again.
    appendAggregate(moves, MoveOf{piece, reference}, TextOf{text}, lines_.at(offset(text.data())));
  }
  // A comment belongs to the move before it; one before any move is dropped.
  [[gnu::noinline]] void comment(std::string_view text) {
    if (!open_ || game_.moves.empty()) return;
    auto& c = game_.moves.back().comment;
    if (!c.empty()) c += ' ';
    c += trimBlanks(text);
  }
  [[gnu::noinline]] void result(std::string_view text) {
    if (!open_) startGame(text.data());
    hasMoves_ = true;  // a result closes the game's moves
    if (!game_.tag("Result")) game_.tags.push_back({"Result", std::string(text), lines_.at(offset(text.data()))});
  }
  // A GameString is a whole game on its line: it goes to the sink at once.
  [[gnu::noinline]] void gameString(std::string_view text) {
    handOver();
    sink_(gameStringAt(text, offset(text.data()), lines_));
    ++handedOver_;
  }
  [[gnu::noinline]] void bad(std::string_view text) {
    if (!open_) startGame(text.data());
    game_.errors.push_back(syntaxError(lines_.at(offset(text.data())), "unrecognised text '" + printable(text) + "'"));
    lines_.passed(text);
  }
  void lineBreak(It after) { lines_.lineBreak(after); }
  // A comment's text once its '}' is found: a comment left open is read again.
  [[gnu::noinline]] void closed(std::string_view comment) { lines_.passed(comment); }

  void finish() && {
    handOver();
    if (handedOver_ > 0) return;
    Game<UhpMove> none;
    none.pos = {1, 1};
    none.errors.push_back(syntaxError({1, 1}, "no game in the text"));
    sink_(std::move(none));
  }

 private:
  std::size_t offset(It at) const { return static_cast<std::size_t>(at - begin_); }
  // The game being read is complete: it goes to the sink while its records are
  // still in the cache (grammar::handOver, which keeps its storage for the next).
  void handOver() {
    if (!open_) return;
    grammar::handOver(sink_, game_);
    ++handedOver_;
    open_ = false;
  }
  [[gnu::noinline]] void startGame(It at) {
    handOver();
    game_.pos = lines_.at(offset(at));
    open_ = true;
    hasMoves_ = false;
  }
  Game<UhpMove>& gameForMove(It at) {
    if (!open_) startGame(at);
    hasMoves_ = true;
    // Sized once at the first move, unless reused: each regrowth moves every record.
    auto& moves = game_.moves;
    if (moves.capacity() == 0) moves.reserve(linesFrom<"0-9">(at, end_));
    return game_;
  }

  It begin_, end_;
  LineCount lines_;
  const GameSink<UhpMove>& sink_;
  Game<UhpMove> game_;  // the game being read, while open_
  std::size_t handedOver_ = 0;
  bool open_ = false;      // the game may still take tags and moves
  bool hasMoves_ = false;  // ... and a tag would now start a new game
};

// What one line (or a multi-line comment) of a PGN-style file can hold, each
// handed to `file` as soon as it is matched.
void scanFile(It begin, It end, FileBuilder& file) {
  std::string_view name, value;
  auto rangeOf = [](auto& ctx) { return view(x3::_attr(ctx)); };
  std::string_view commentText;
  auto onComment = [&](auto& ctx) { file.comment(commentText = rangeOf(ctx)); };
  auto onClosed = [&](auto&) { file.closed(commentText); };
  auto onBreak = [&](auto& ctx) { file.lineBreak(x3::_attr(ctx).end()); };
  auto setName = [&](auto& ctx) { name = rangeOf(ctx); };
  auto setValue = [&](auto& ctx) { value = rangeOf(ctx); };
  auto onTag = [&](auto&) { file.tag(name.data() - 1, name, value); };
  auto onMove = [&](auto& ctx) { file.move(trimBlanks(rangeOf(ctx))); };
  auto onResult = [&](auto& ctx) { file.result(rangeOf(ctx)); };
  auto onGameString = [&](auto& ctx) { file.gameString(trimBlanks(rangeOf(ctx))); };
  auto onBad = [&](auto& ctx) { file.bad(rangeOf(ctx)); };
  // The common move (commonMove below) is read in one pass into its attribute,
  // with no action per part, and handed over whole; a line it refuses leaves no
  // trace and is read again by `move`, whose scanMove says why. This action takes
  // it after a comment; a bare move line needs none (the loop at the end).
  auto onCommonMove = [&](auto& ctx) {
    using boost::fusion::at_c;
    auto const& m = x3::_attr(ctx);  // X3's own tuple here, with a boost::optional
    std::optional<UhpReference> reference;
    if (at_c<2>(m)) reference = *at_c<2>(m);
    file.move(std::string_view(at_c<0>(m), static_cast<std::size_t>(at_c<3>(m) - at_c<0>(m))), at_c<1>(m), reference);
  };

  auto const nl = lineBreak;
  auto const comment = '{' >> x3::raw[*~in<"}">][onComment] >> '}' >> x3::eps[onClosed];
  // `;` to the end of the line: a PGN-style line has no other use for it (a
  // GameString, where `;` separates moves, is a line of its own: gameString below).
  auto const lineComment = ';' >> x3::raw[*~in<"\r\n">][onComment];
  // A name as the other notations' tag pairs take it (grammar/tag_pair.cpp): what one
  // notation writes, another reads (a BoardSpace property may start with a digit).
  auto const tag = '[' >> *blank >> x3::raw[+in<"a-zA-Z0-9_">][setName] >> +blank >> '"' >>
                   x3::raw[*(('\\' >> x3::char_) | ~in<"\"\r\n">)][setValue] >> '"' >> *blank >> ']' >> x3::eps[onTag];
  // A mark (`!?`) right after the move is read and skipped; NAGs (`$1`) are filler.
  auto const commonMove = usualNumber >> '.' >> x3::omit[*blank] >> position >> validPiece >>
                          -(x3::omit[+blank] >> reference) >> position >> x3::omit[-annotation::mark >> *blank];
  auto const filler = *(blank | comment | lineComment | annotation::nag);
  // A comment may stand between the number and the move (`1. {opening} wS1`); a
  // mark touches the move's last word.
  auto const moveWord = +~in<" \t{;$!?\r\n">;
  auto const move =
      x3::uint_ >> '.' >> filler >> x3::raw[moveWord >> *(+blank >> moveWord)][onMove] >> -annotation::markThenEnd;
  auto const result =
      x3::raw[x3::lit("WhiteWins") | "BlackWins" | "Draw" | "1/2-1/2" | "1-0" | "0-1" | "*"][onResult] >>
      &(blank | nl | '{' | ';' | x3::eoi);
  auto const gameString = x3::raw[&(x3::lit("Base") >> *in<"+MLP"> >> ';') >> +~in<"\r\n">][onGameString];
  // Built once: an X3 expression written inside the loop is a new object every
  // line, and copying its parsers cost more than running them. Move lines are
  // nearly all of a file: theirs come first.
  auto const line = filler >>
                    -((commonMove >> &(in<"{;$\r\n"> | x3::eoi))[onCommonMove] | move | tag | result | gameString) >>
                    filler;
  // A line that does not end where the grammar stops is bad from there on.
  auto const otherLine = line >> (x3::raw[nl][onBreak] | x3::eoi | x3::raw[*~in<"\r\n"> >> -nl][onBad]);
  // The usual line, a common move and nothing else, read and ended in one go.
  auto const moveLine = commonMove >> (nl | x3::eoi);
  for (It it = begin; it != end;) {
    // Where the move's text starts, its piece, its reference, where its text ends;
    // fresh each line, as X3's optional leaves its attribute alone when it reads nothing.
    if (std::tuple<It, PieceName, std::optional<UhpReference>, It> m; parseFlat(it, end, moveLine, m)) {
      auto const& [from, piece, ref, to] = m;
      file.move(std::string_view(from, static_cast<std::size_t>(to - from)), piece, ref);
      if (it[-1] == '\n') file.lineBreak(it);
    } else {
      parseFlat(it, end, otherLine);
    }
  }
}

}  // namespace

Game<UhpMove> parseGameString(std::string_view text) {
  LineCursor lines(text);
  return gameStringAt(text, 0, lines);
}

void parseUhpFile(std::string_view content, const GameSink<UhpMove>& sink) {
  FileBuilder file(content, sink);
  scanFile(content.data(), content.data() + content.size(), file);
  std::move(file).finish();
}

std::vector<Game<UhpMove>> parseUhpFile(std::string_view content) {
  return collectGames<UhpMove>(parseUhpFile, content);
}

std::string writeGameString(const Game<UhpMove>& game) {
  const std::string* type = game.tag("GameType");
  const std::string* state = game.tag("GameState");
  const auto n = game.moves.size();
  std::string s = type ? *type : "Base";
  s += ";";
  s += state ? *state : (n == 0 ? "NotStarted" : "InProgress");
  s += n % 2 == 0 ? ";White[" : ";Black[";
  s += std::to_string(n / 2 + 1) + "]";
  for (const auto& m : game.moves) s += ";" + writeMove(m.move);
  return s;
}

std::string writePgn(const Game<UhpMove>& game) {
  std::string s;
  for (const auto& t : game.tags) s += writeTagPair(t) + "\n";
  s += "\n";
  int number = 1;
  for (const auto& m : game.moves) {
    s += std::to_string(number++) + ". " + writeMove(m.move);
    if (!m.comment.empty()) s += " {" + m.comment + "}";
    s += "\n";
  }
  if (const std::string* r = game.tag("Result"); r && (*r == "WhiteWins" || *r == "BlackWins" || *r == "Draw"))
    s += "\n" + *r + "\n";
  return s;
}

}  // namespace apiary::grammar
