// Numbers and cells of the tables the query commands print for a terminal.
#pragma once
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>

namespace apiary::cli {

// part / whole as a percentage, "%5.1f".
inline std::string percent(uint64_t part, uint64_t whole) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "%5.1f", whole ? 100.0 * double(part) / double(whole) : 0.0);
  return buffer;
}

inline std::string fixed1(const std::optional<double>& v) {
  if (!v) return "-";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f", *v);
  return buffer;
}

// Padded to `width`, on the left when `right`.
inline std::string cell(std::string text, std::size_t width, bool right = false) {
  if (text.size() >= width) return text;
  const std::string pad(width - text.size(), ' ');
  return right ? pad + text : text + pad;
}

}  // namespace apiary::cli
