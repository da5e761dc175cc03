// ASCII character classes for the X3 grammars (include only from grammar/*.cpp).
// X3's own classes (x3::digit, x3::blank, ...) and no_case assert on bytes above
// 127, and any byte can come in from a file.
#pragma once
#include <boost/spirit/home/x3.hpp>

namespace apiary::grammar::ascii {

namespace x3 = boost::spirit::x3;

inline const auto digit = x3::char_('0', '9');
inline const auto lower = x3::char_('a', 'z');
inline const auto alpha = x3::char_("a-zA-Z");
inline const auto alnum = x3::char_("a-zA-Z0-9");
inline const auto blank = x3::char_(" \t");
inline const auto space = x3::char_(" \t\r\n\v\f");
inline const auto graph = ~x3::char_(" \t\r\n\v\f");  // any byte that is not white space

}  // namespace apiary::grammar::ascii
