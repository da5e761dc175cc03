// What the readers of the line-based notations (direction-based, algebraic) share:
// the text is taken one line at a time, and each line adds tags, moves, comments or
// errors to the game in progress, with positions counted from that line. Also what
// every file reader of those, the PGN-like and the UHP notation runs its grammars
// with and sizes its games by, and the line count of the UHP file grammar.
#pragma once
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <bit>
#include <cstddef>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>
#include <utility>

#include "grammar/ascii.hpp"
#include "grammar/syntax.hpp"

namespace apiary::grammar {

// x3::parse over bytes, with every parser it runs inlined into this one function:
// GCC otherwise leaves X3's parsers, rules and actions as separate calls, and for
// the small grammars of a move or a tag their entries and exits cost more than the
// matching itself (a third of an algebraic move's parse).
template <class Parser, class Attribute>
[[gnu::flatten]] bool parseFlat(const char*& first, const char* last, const Parser& parser, Attribute& attribute) {
  return boost::spirit::x3::parse(first, last, parser, attribute);
}
template <class Parser>
[[gnu::flatten]] bool parseFlat(const char*& first, const char* last, const Parser& parser) {
  return boost::spirit::x3::parse(first, last, parser);
}

// How many lines from the one holding `from` on (that one included) start with a
// byte of `First`: the tag lines (`[`) or move lines (`12. ...`) of a game, as its
// writer lays them out. Taken from the line breaks alone and never parsed, so only
// an estimate, which is all the reserve calls using it need: a game's tags and
// moves sized once at the first rather than regrown, each regrowth moving every
// record. With SSE2 the breaks are found 16 bytes at a time: a memchr call per
// line cost as much as parsing the line.
template <ascii::ByteSet First>
std::size_t linesFrom(const char* from, const char* end) {
  std::size_t lines = 1;
  // Each '\n' ends a counted line; the count goes on while the next starts with First.
  static constexpr ascii::ByteTable first{First};
  const char* at = from;
#if defined(__SSE2__)
  // More than 16 bytes left: a break found here is never the text's last byte.
  const __m128i newline = _mm_set1_epi8('\n');
  for (; end - at > 16; at += 16) {
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(at));
    for (auto breaks = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, newline))); breaks;
         breaks &= breaks - 1, ++lines)
      if (!first.has[static_cast<unsigned char>(at[std::countr_zero(breaks) + 1])]) return lines;
  }
#endif
  for (;;) {
    auto const nl = static_cast<const char*>(std::memchr(at, '\n', static_cast<std::size_t>(end - at)));
    if (!nl || nl + 1 == end || !first.has[static_cast<unsigned char>(nl[1])]) return lines;
    ++lines;
    at = nl + 1;
  }
}

// Line and column for a file grammar that hands over every '\n' it reads (in a
// line break, a comment, a bad line, ...) once that part of the text is taken for
// good, and asks only about text after them: a position is the count so far and
// the distance from the last '\n'. LineCursor's search for each line's end cost
// as much as parsing a UHP move line.
class LineCount {
 public:
  explicit LineCount(const char* begin) : begin_(begin), lineStart_(begin) {}
  SourcePos at(std::size_t offset) const { return {line_, static_cast<int>(begin_ + offset - lineStart_) + 1}; }
  // `after` follows a line break the grammar read: `\n`, `\r\n`, or a lone `\r`
  // that ends a line for the grammar only.
  void lineBreak(const char* after) {
    if (after[-1] == '\n') ++line_, lineStart_ = after;
  }
  void passed(std::string_view text) {
    for (const char *p = text.data(), *end = p + text.size(); p != end;) {
      auto const nl = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
      if (!nl) break;
      ++line_;
      lineStart_ = p = nl + 1;
    }
  }

 private:
  const char *begin_, *lineStart_;
  int line_ = 1;
};

template <class Description>
class LineReader {
 public:
  virtual ~LineReader() = default;

  // The lines as splitLines cuts them, found one memchr at a time rather than listed
  // first. Each game goes to `sink` once the next one starts (or the text ends), so
  // a reader replays it while its records are still in the cache.
  void run(std::string_view text, const GameSink<Description>& sink) {
    sink_ = &sink;
    const char* const end = end_ = text.data() + text.size();
    for (const char* at = text.data(); at != end;) {
      const char* nl = static_cast<const char*>(std::memchr(at, '\n', static_cast<std::size_t>(end - at)));
      std::string_view line(at, static_cast<std::size_t>((nl ? nl : end) - at));
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      ++line_;
      readLine(line);
      at = nl ? nl + 1 : end;
    }
    if (started_) sink(std::move(game_));
  }

 protected:
  virtual void readLine(std::string_view line) = 0;

  // Byte `column` (0-based) of the current line.
  SourcePos pos(std::size_t column) const { return {line_, static_cast<int>(column + 1)}; }

  // The game in progress; text before any tag starts one where it stands.
  Game<Description>& game(std::size_t column) {
    if (!started_) startGame(column);
    return game_;
  }

  // The game a tag at `column` belongs to: a tag after moves opens the next game.
  Game<Description>& gameForTag(std::size_t column) {
    if (!started_ || !game_.moves.empty()) startGame(column);
    return game_;
  }

  // The game in progress, if any has started.
  Game<Description>* inProgress() { return started_ ? &game_ : nullptr; }

  // grammar::linesFrom from `line` (one of the text's) to the end of the text: what a
  // game's tags or moves are sized with at its first.
  template <ascii::ByteSet First>
  std::size_t linesFrom(std::string_view line) const {
    return grammar::linesFrom<First>(line.data(), end_);
  }

  void error(std::size_t column, std::string message) {
    game(column).errors.push_back(syntaxError(pos(column), std::move(message)));
  }

 private:
  // The game in progress is complete: it goes to the sink (grammar::handOver).
  void startGame(std::size_t column) {
    if (started_) handOver(*sink_, game_);
    started_ = true;
    game_.pos = pos(column);
  }

  Game<Description> game_;
  bool started_ = false;
  const GameSink<Description>* sink_ = nullptr;
  int line_ = 0;
  const char* end_ = nullptr;  // of the whole text
};

}  // namespace apiary::grammar
