// A request target's parts, percent-decoded: the path's segments and the query's
// name=value pairs in the order given. Strict where browsers are lenient: a `%`
// not followed by two hex digits, or a decoded NUL byte (which would cut C strings
// short further down), is refused naming the parameter with its text as sent.
// (Boost.URL, which would do this, is newer than Debian's Boost 1.74.)
#pragma once
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace apiary::server {

struct Target {
  std::string_view path;   // as sent, undecoded
  std::string_view query;  // after '?', undecoded
};
Target splitTarget(std::string_view target);

// Throws query::QueryError (BadInput, naming `parameter`) for a bad escape or a NUL.
// `plusIsSpace`: in a query string '+' is a space; in a path it is a '+'.
std::string percentDecoded(std::string_view text, const std::string& parameter, bool plusIsSpace);

// "a=1&b=&c" as {{"a","1"},{"b",""},{"c",""}}, names and values decoded.
std::vector<std::pair<std::string, std::string>> queryPairs(std::string_view query);

}  // namespace apiary::server
