// Stored text printed for people. A tag may hold any byte a file held, and ESC,
// BEL or a C1 control reaching a terminal would move its cursor, recolour it or
// ring it: on a terminal they are written as \x1B, \u009B instead. Text to a pipe
// or a file is left as stored.
#pragma once
#include <unistd.h>

#include <cstdio>
#include <string>
#include <string_view>

namespace apiary::cli {

inline std::string escapedControls(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  char code[8];
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    const auto next = i + 1 < text.size() ? static_cast<unsigned char>(text[i + 1]) : 0;
    if (byte < 0x20 || byte == 0x7F) {
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

// The text as it may go to standard output.
inline std::string forTerminal(std::string_view text) {
  static const bool terminal = isatty(STDOUT_FILENO);
  return terminal ? escapedControls(text) : std::string(text);
}

}  // namespace apiary::cli
