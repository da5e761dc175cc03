#include "server/url.hpp"

#include "query/error.hpp"

namespace apiary::server {

namespace {

int hexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The error names the parameter as a query field when it is one, else in its text.
[[noreturn]] void refuse(const std::string& parameter, std::string_view sent, const char* why) {
  const std::string detail = " '" + std::string(sent) + "': " + why;
  if (const auto field = query::fieldNamed(parameter))
    throw query::QueryError(query::ErrorKind::BadInput, *field, detail);
  throw query::QueryError(query::ErrorKind::BadInput, query::Field::None, parameter + detail);
}

}  // namespace

Target splitTarget(std::string_view target) {
  const auto mark = target.find('?');
  if (mark == std::string_view::npos) return {target, {}};
  return {target.substr(0, mark), target.substr(mark + 1)};
}

std::string percentDecoded(std::string_view text, const std::string& parameter, bool plusIsSpace) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '+' && plusIsSpace) {
      out += ' ';
    } else if (c != '%') {
      out += c;
    } else {
      const int high = i + 2 < text.size() ? hexValue(text[i + 1]) : -1;
      const int low = i + 2 < text.size() ? hexValue(text[i + 2]) : -1;
      if (high < 0 || low < 0) refuse(parameter, text, "a % not followed by two hex digits");
      out += char(high * 16 + low);
      i += 2;
    }
    if (!out.empty() && out.back() == '\0') refuse(parameter, text, "a NUL byte (%00) is not allowed");
  }
  return out;
}

std::vector<std::pair<std::string, std::string>> queryPairs(std::string_view query) {
  std::vector<std::pair<std::string, std::string>> pairs;
  while (!query.empty()) {
    const auto amp = query.find('&');
    const std::string_view field = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    if (field.empty()) continue;
    const auto equals = field.find('=');
    const std::string_view rawName = field.substr(0, equals);
    const std::string name = percentDecoded(rawName, std::string(rawName.substr(0, 64)), true);
    const std::string_view rawValue = equals == std::string_view::npos ? std::string_view() : field.substr(equals + 1);
    pairs.emplace_back(name, percentDecoded(rawValue, name.substr(0, 64), true));
  }
  return pairs;
}

}  // namespace apiary::server
