// The syntax tree every notation grammar produces: games made of tags and written
// moves, each remembering where it stood in the text. Nothing here knows the rules
// of Hive; turning a written move into a board move is ingest's job.
#pragma once
#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

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

// A syntax error; parsing goes on after it where the notation allows.
struct ParseError {
  SourcePos pos;
  std::string message;
};

// One move as written: the notation's own description plus where it came from.
template <class Description>
struct Written {
  Description move;
  std::string text;     // the move exactly as it stood in the file
  SourcePos pos;
  std::string comment;  // a comment attached after the move, if any
};

// One game as written in a file. A file may hold several.
template <class Description>
struct Game {
  std::vector<Tag> tags;
  std::vector<Written<Description>> moves;
  SourcePos pos;                    // where the game starts
  std::vector<ParseError> errors;   // problems in this game's text

  const std::string* tag(std::string_view name) const {
    for (const auto& t : tags)
      if (t.name == name) return &t.value;
    return nullptr;
  }
};

// Turns byte offsets in a text into line and column, so a grammar can work on
// iterators and still report positions the way SourcePos promises. A line ends
// at '\n'; a '\r' before it is just one more byte of that line.
class LineIndex {
 public:
  explicit LineIndex(std::string_view text) {
    starts_.push_back(0);
    for (std::size_t i = 0; i < text.size(); ++i)
      if (text[i] == '\n') starts_.push_back(i + 1);
  }
  SourcePos at(std::size_t offset) const {
    auto it = std::upper_bound(starts_.begin(), starts_.end(), offset);
    auto line = static_cast<int>(it - starts_.begin());
    return {line, static_cast<int>(offset - starts_[line - 1]) + 1};
  }

 private:
  std::vector<std::size_t> starts_;
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
