// Stored text printed for people. A tag or a file name may hold any byte, and ESC,
// BEL or a C1 control reaching a terminal would move its cursor, set its title,
// recolour it or ring it: on a terminal they are written as \x1B, \u009B instead.
// Text to a pipe or a file is left as stored. Every command that prints stored
// text (tags, names, file names, error lines quoting a file, exported games) goes
// through here.
#pragma once
#include <unistd.h>

#include <cstdio>
#include <string>
#include <string_view>

namespace apiary::cli {

// keepLines: a game's text keeps its line breaks and tabs (its other controls are
// still escaped); a name or a line keeps none, so it cannot fake another line.
inline std::string escapedControls(std::string_view text, bool keepLines = false) {
  std::string out;
  out.reserve(text.size());
  char code[8];
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    const auto next = i + 1 < text.size() ? static_cast<unsigned char>(text[i + 1]) : 0;
    if (keepLines && (byte == '\n' || byte == '\t')) {
      out += char(byte);
    } else if (byte < 0x20 || byte == 0x7F) {
      std::snprintf(code, sizeof code, "\\x%02X", byte);
      out += code;
    } else if (byte == 0xC2 && next >= 0x80 && next <= 0x9F) {  // U+0080-U+009F in UTF-8
      std::snprintf(code, sizeof code, "\\u%04X", next);
      out += code;
      ++i;
    } else {
      out += char(byte);
    }
  }
  return out;
}

// Whether standard output (or, with STDERR_FILENO, standard error) is a terminal:
// asked once for each.
inline bool isTerminal(int fd = STDOUT_FILENO) {
  static const bool out = isatty(STDOUT_FILENO), err = isatty(STDERR_FILENO);
  return fd == STDERR_FILENO ? err : out;
}

// A name, a tag or a line as it may go to standard output (or fd).
inline std::string forTerminal(std::string_view text, int fd = STDOUT_FILENO) {
  return isTerminal(fd) ? escapedControls(text) : std::string(text);
}

// A game's text (several lines) as it may go to standard output.
inline std::string gameTextForTerminal(std::string_view text) {
  return isTerminal(STDOUT_FILENO) ? escapedControls(text, true) : std::string(text);
}

}  // namespace apiary::cli
