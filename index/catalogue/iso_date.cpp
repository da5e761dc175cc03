#include "index/catalogue/iso_date.hpp"

#include <array>
#include <cctype>
#include <cstdio>
#include <vector>

namespace apiary::index {

namespace {

struct Token {
  bool number;
  std::string_view text;
  int value = 0;
};

int monthOfName(std::string_view word) {
  static constexpr std::array<const char*, 12> kMonths = {"jan", "feb", "mar", "apr", "may", "jun",
                                                          "jul", "aug", "sep", "oct", "nov", "dec"};
  if (word.size() < 3) return 0;
  for (int m = 0; m < 12; ++m) {
    bool same = true;
    for (int i = 0; i < 3; ++i) same &= std::tolower(static_cast<unsigned char>(word[i])) == kMonths[m][i];
    if (same) return m + 1;
  }
  return 0;
}

// Numbers and words, leaving out the numbers of a time of day (next to a ':').
std::vector<Token> tokens(std::string_view text, char& separator) {
  std::vector<Token> out;
  std::size_t i = 0;
  separator = 0;
  while (i < text.size()) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    std::size_t j = i;
    if (std::isdigit(c)) {
      while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j]))) ++j;
      const bool time = (i > 0 && text[i - 1] == ':') || (j < text.size() && text[j] == ':');
      if (!time && j - i <= 4)
        out.push_back({true, text.substr(i, j - i), std::stoi(std::string(text.substr(i, j - i)))});
      if (!separator && j < text.size() && (text[j] == '.' || text[j] == '-' || text[j] == '/')) separator = text[j];
    } else if (std::isalpha(c) || c == '?') {
      while (j < text.size() && (std::isalpha(static_cast<unsigned char>(text[j])) || text[j] == '?')) ++j;
      out.push_back({false, text.substr(i, j - i)});
    } else {
      ++j;
    }
    i = j;
  }
  return out;
}

bool isYear(const Token& t) { return t.number && t.text.size() == 4 && t.value >= 1900 && t.value < 2200; }

std::string isoText(int year, int month, int day) {
  static constexpr std::array<int, 12> kDays = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  char buf[48];  // more than the bounded values need, so that the compiler sees it fits
  if (month < 1 || month > 12) std::snprintf(buf, sizeof buf, "%04d", year);
  else if (day < 1 || day > kDays[month - 1]) std::snprintf(buf, sizeof buf, "%04d-%02d", year, month);
  else std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", year, month, day);
  return buf;
}

}  // namespace

std::string isoDate(std::string_view text) {
  char separator = 0;
  const std::vector<Token> ts = tokens(text, separator);
  if (ts.empty()) return {};

  // Year first: "2013.04.19", "2013-04", "2013.??.??".
  if (isYear(ts[0])) {
    const int month = ts.size() > 1 && ts[1].number ? ts[1].value : 0;
    const int day = month && ts.size() > 2 && ts[2].number ? ts[2].value : 0;
    return isoText(ts[0].value, month, day);
  }
  // Otherwise the year is anywhere, the month a name or a number, the day a number.
  int year = 0, month = 0;
  std::vector<int> small;
  for (const Token& t : ts) {
    if (isYear(t)) year = t.value;
    else if (t.number && t.text.size() <= 2) small.push_back(t.value);
    else if (!t.number && !month) month = monthOfName(t.text);
  }
  if (!year) return {};
  if (month) return isoText(year, month, small.empty() ? 0 : small[0]);
  if (small.size() < 2) return isoText(year, 0, 0);
  const int a = small[0], b = small[1];
  // "21.05.2013" is day first; "05/21/2013" is month first; a number over 12 decides.
  if (a > 12) return isoText(year, b, a);
  if (b > 12 || separator == '/') return isoText(year, a, b);
  return isoText(year, b, a);
}

}  // namespace apiary::index
