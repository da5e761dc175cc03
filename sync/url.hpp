// URLs as libcurl's URL parser (CURLU) reads them: an origin and a path for
// robots.txt, a link resolved against the page that holds it, a path segment
// decoded for a file name.
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace apiary::sync {

struct UrlParts {
  std::string origin;        // "https://www.boardspace.net" (the port when one is named)
  std::string pathAndQuery;  // "/hive/hivegames/?C=N" ("/" when empty)
};

// nullopt for what is not an absolute http(s) URL.
std::optional<UrlParts> splitUrl(const std::string& url);

// `reference` (an href) resolved against `base`, normalised; nullopt when either
// does not parse or the result is not http(s).
std::optional<std::string> resolveUrl(const std::string& base, const std::string& reference);

// "%20" and the like decoded; nullopt when the result holds a NUL byte.
std::optional<std::string> percentDecoded(std::string_view text);

}  // namespace apiary::sync
