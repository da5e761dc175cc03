#include "query/field_text.hpp"

#include <charconv>
#include <string>

namespace apiary::query {

void refuseText(Field field, std::string_view text, std::string_view expected) {
  // An overlong value is quoted by its start.
  throw QueryError(ErrorKind::BadInput, field,
                   " '" + std::string(text.substr(0, 40)) + "': expected " + std::string(expected));
}

uint64_t numberText(Field field, std::string_view text, uint64_t least, uint64_t most) {
  uint64_t n = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (error != std::errc() || end != text.data() + text.size() || n < least || n > most)
    refuseText(field, text, "a number from " + std::to_string(least) + " to " + std::to_string(most));
  return n;
}

bool flagText(Field field, std::string_view text) {
  if (text == "1" || text == "true" || text.empty()) return true;
  if (text == "0" || text == "false") return false;
  refuseText(field, text, "1 or 0");
}

}  // namespace apiary::query
