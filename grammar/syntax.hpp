// The syntax tree every notation grammar produces: games made of tags and written
// moves, each remembering where it stood in the text. Nothing here knows the rules
// of Hive; turning a written move into a board move is ingest's job.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstring>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "grammar/rejection.hpp"

namespace apiary::grammar {

// 1-based line and column (column counts bytes) in the text that was parsed.
struct SourcePos {
  int line = 0;
  int column = 0;
};

struct Tag {
  std::string name;
  std::string value;
  SourcePos pos;
};

// A syntax error: a refusal at a place of the text (grammar/rejection.hpp);
// parsing goes on after it where the notation allows.
inline Rejection syntaxError(SourcePos at, std::string message) {
  return rejectionAt(at.line, at.column, 0, std::move(message));
}

// One move as written: the notation's own description plus where it came from.
template <class Description>
struct Written {
  Description move;
  std::string text;  // the move exactly as it stood in the file
  SourcePos pos;
  std::string comment;  // a comment attached after the move, if any
};

// One game as written in a file. A file may hold several.
template <class Description>
struct Game {
  std::vector<Tag> tags;
  std::vector<Written<Description>> moves;
  SourcePos pos;                  // where the game starts
  std::vector<Rejection> errors;  // problems in this game's text

  const std::string* tag(std::string_view name) const {
    for (const auto& t : tags)
      if (t.name == name) return &t.value;
    return nullptr;
  }
};

// Where a file grammar hands each game once the next one starts (or the text
// ends): a reader that replays it there finds its records still in the cache, and
// a file's games are never all held.
template <class Description>
using GameSink = std::function<void(Game<Description>&&)>;

// The game a grammar has finished goes to the sink and is emptied for the next:
// a sink that only reads it (as the readers do) leaves its vectors' storage, which
// the next game then reuses, with no allocation and no sizing scan.
template <class Description>
void handOver(const GameSink<Description>& sink, Game<Description>& game) {
  sink(std::move(game));
  game.tags.clear();
  game.moves.clear();
  game.errors.clear();
}

// Appends `T{parts...}`, each member built once where it lies (C++20's
// parenthesised aggregate initialisation in emplace_back). Clang before 16 lacks
// it: there the record is built, then moved in.
template <class T, class... Parts>
T& appendAggregate(std::vector<T>& records, Parts&&... parts) {
#if defined(__cpp_aggregate_paren_init)
  return records.emplace_back(std::forward<Parts>(parts)...);
#else
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wmissing-field-initializers"  // left out: value-initialised, as above
  return records.emplace_back(T{std::forward<Parts>(parts)...});
#pragma clang diagnostic pop
#endif
}

// Every game a file grammar hands over, for callers that want them all at once.
template <class Description>
std::vector<Game<Description>> collectGames(void (*parse)(std::string_view, const GameSink<Description>&),
                                            std::string_view text) {
  std::vector<Game<Description>> games;
  parse(text, [&](Game<Description>&& game) { games.push_back(std::move(game)); });
  return games;
}

// Turns byte offsets in a text into line and column, so a grammar can work on
// iterators and still report positions the way SourcePos promises. A line ends
// at '\n'; a '\r' before it is just one more byte of that line.
class LineIndex {
 public:
  explicit LineIndex(std::string_view text) {
    starts_.push_back(0);
    for (const char *p = text.data(), *end = p + text.size(); p != end;) {
      const void* nl = std::memchr(p, '\n', static_cast<std::size_t>(end - p));
      if (!nl) break;
      p = static_cast<const char*>(nl) + 1;
      starts_.push_back(static_cast<std::size_t>(p - text.data()));
    }
  }
  SourcePos at(std::size_t offset) const {
    auto it = std::upper_bound(starts_.begin(), starts_.end(), offset);
    auto line = static_cast<int>(it - starts_.begin());
    return {line, static_cast<int>(offset - starts_[line - 1]) + 1};
  }

 private:
  std::vector<std::size_t> starts_;
};

// LineIndex's answers without indexing the whole text first, for a grammar that
// asks about offsets in increasing order (a file read front to back): each answer
// walks on from the previous one, a memchr per line passed. An earlier offset
// restarts the walk from the top, so any order is still answered right.
class LineCursor {
 public:
  explicit LineCursor(std::string_view text) : text_(text) { findNext(); }
  SourcePos at(std::size_t offset) {
    if (offset < start_) {
      start_ = 0;
      line_ = 1;
      findNext();
    }
    while (offset >= next_) {
      start_ = next_;
      ++line_;
      findNext();
    }
    return {line_, static_cast<int>(offset - start_) + 1};
  }

 private:
  // next_: where the line after the current one starts; past any offset if none.
  void findNext() {
    const void* nl = start_ < text_.size() ? std::memchr(text_.data() + start_, '\n', text_.size() - start_) : nullptr;
    next_ = nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - text_.data()) + 1 : std::size_t(-1);
  }
  std::string_view text_;
  std::size_t start_ = 0;  // where line line_ starts
  std::size_t next_ = 0;
  int line_ = 1;
};

// The lines of `text` without their `\n` or `\r\n` ending; line i is text line i+1.
inline std::vector<std::string_view> splitLines(std::string_view text) {
  std::vector<std::string_view> lines;
  for (std::size_t start = 0; start < text.size();) {
    auto nl = text.find('\n', start);
    if (nl == std::string_view::npos) nl = text.size();
    auto line = text.substr(start, nl - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    start = nl + 1;
  }
  return lines;
}

// Text helpers for error messages and field trimming.
inline std::string_view trimBlanks(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// Quotes input safely in a message: at most 40 bytes, control and non-ASCII
// bytes as \xNN, so binary junk cannot garble a report.
// At most the first 40 bytes of s (whole UTF-8 characters), "..." after a cut:
// what an error quotes of the text it is about, however long the text.
inline std::string excerpt(std::string_view s) {
  constexpr std::size_t kMax = 40;
  if (s.size() <= kMax) return std::string(s);
  std::size_t cut = kMax;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  return std::string(s.substr(0, cut)) + "...";
}

inline std::string printable(std::string_view s) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (std::size_t i = 0; i < s.size() && i < 40; ++i) {
    auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  if (s.size() > 40) out += "...";
  return out;
}

}  // namespace apiary::grammar
