#include "grammar/tag_pair.hpp"

#include <boost/fusion/include/adapt_struct.hpp>
#include <boost/spirit/home/x3.hpp>

BOOST_FUSION_ADAPT_STRUCT(apiary::grammar::Tag, name, value)

namespace apiary::grammar {
namespace {

namespace x3 = boost::spirit::x3;

// Explicit character sets rather than x3::blank/alnum: those consult the C locale,
// and the files hold UTF-8 bytes.
const auto blanks = x3::omit[*x3::char_(" \t")];

const x3::rule<class tag_r, Tag> tagRule = "tag";
const auto tagRule_def = '[' >> blanks >> +x3::char_("A-Za-z0-9_") >> blanks >> '"' >>
                         *(('\\' >> x3::char_) | ~x3::char_("\"\n")) >> '"' >> blanks >> ']';

BOOST_SPIRIT_DEFINE(tagRule)

}  // namespace

std::optional<std::pair<Tag, std::size_t>> readTagPair(std::string_view text) {
  Tag tag;
  auto first = text.begin();
  if (!x3::parse(first, text.end(), blanks >> tagRule, tag)) return std::nullopt;
  return std::pair{std::move(tag), static_cast<std::size_t>(first - text.begin())};
}

std::string writeTagPair(const Tag& tag) {
  std::string out = "[" + tag.name + " \"";
  for (const char c : tag.value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"]";
}

}  // namespace apiary::grammar
