#include "query/field_text.hpp"

#include <charconv>
#include <string>

namespace apiary::query {

namespace {

// The value as a message quotes it: the start of an overlong one.
std::string quoted(std::string_view text) { return " '" + std::string(text.substr(0, 40)) + "'"; }

}  // namespace

uint64_t numberText(Field field, std::string_view text, uint64_t least, uint64_t most) {
  uint64_t n = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (error != std::errc() || end != text.data() + text.size() || n < least || n > most)
    throw QueryError(
        ErrorKind::BadInput, field,
        quoted(text) + ": expected a number from " + std::to_string(least) + " to " + std::to_string(most));
  return n;
}

bool flagText(Field field, std::string_view text) {
  if (text == "1" || text == "true" || text.empty()) return true;
  if (text == "0" || text == "false") return false;
  throw QueryError(ErrorKind::BadInput, field, quoted(text) + ": expected 1 or 0");
}

}  // namespace apiary::query
