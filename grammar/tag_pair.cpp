#include "grammar/tag_pair.hpp"

#include <algorithm>
#include <boost/fusion/include/at_c.hpp>
#include <boost/fusion/include/vector.hpp>
#include <boost/spirit/home/x3.hpp>

#include "grammar/ascii.hpp"
#include "grammar/line_reader.hpp"

namespace apiary::grammar {
namespace {

namespace x3 = boost::spirit::x3;
using ascii::in;
using It = const char*;

// Explicit byte classes rather than x3::blank/alnum: those consult the C locale,
// and the files hold UTF-8 bytes. Name and value are taken as ranges of the text
// and copied once, rather than appended to byte by byte.
const auto blanks = x3::omit[*in<" \t">];
const auto tagPair = blanks >> '[' >> blanks >> x3::raw[+in<"A-Za-z0-9_">] >> blanks >> '"' >>
                     x3::raw[*(('\\' >> x3::char_) | ~in<"\"\n">)] >> '"' >> blanks >> ']';

// The value as the grammar matched it, so every `\` starts a pair: keep its second byte.
void unescape(It from, It to, std::string& out) {
  out.clear();
  for (; from != to; ++from) {
    if (*from == '\\') ++from;
    out += *from;
  }
}

}  // namespace

std::size_t readTagPair(std::string_view text, Tag& tag) {
  It const begin = text.data();
  It it = begin;
  boost::fusion::vector<boost::iterator_range<It>, boost::iterator_range<It>> parts;  // name, value
  if (!parseFlat(it, begin + text.size(), tagPair, parts)) return 0;
  auto const& name = boost::fusion::at_c<0>(parts);
  auto const& v = boost::fusion::at_c<1>(parts);
  // clear and append: cheaper than assign's aliasing checks, and `tag` is usually an
  // emptied scratch record.
  tag.name.clear();
  tag.name.append(name.begin(), static_cast<std::size_t>(name.end() - name.begin()));
  if (std::find(v.begin(), v.end(), '\\') == v.end()) {
    tag.value.clear();
    tag.value.append(v.begin(), static_cast<std::size_t>(v.end() - v.begin()));
  } else {
    unescape(v.begin(), v.end(), tag.value);
  }
  return static_cast<std::size_t>(it - begin);
}

std::optional<std::pair<Tag, std::size_t>> readTagPair(std::string_view text) {
  Tag tag;
  const auto length = readTagPair(text, tag);
  if (!length) return std::nullopt;
  return std::pair{std::move(tag), length};
}

std::string tagOnOneLine(std::string_view value) {
  std::string out;
  out.reserve(value.size());
  for (std::size_t i = 0; i < value.size(); ++i) {
    const bool lineBreak = value[i] == '\r' || value[i] == '\n';
    if (!lineBreak) out += value[i];
    else if (i == 0 || (value[i - 1] != '\r' && value[i - 1] != '\n')) out += ' ';
  }
  return out;
}

std::string writeTagPair(const Tag& tag) {
  std::string out = "[" + tag.name + " \"";
  for (const char c : tagOnOneLine(tag.value)) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"]";
}

}  // namespace apiary::grammar
