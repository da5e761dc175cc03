// robots.txt (RFC 9309) as one user agent reads it: the group that names the
// agent (else the `*` group), its Allow and Disallow rules matched by the longest
// pattern (`*` any run of characters, `$` the end; a tie allows), and the
// non-standard Crawl-delay, which the client honours by spacing its requests more.
// No Debian library parses robots.txt for C++, hence this small reader.
#pragma once
#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace apiary::sync {

class RobotsRules {
 public:
  // Everything allowed (no robots.txt, or one that says nothing to this agent).
  RobotsRules() = default;
  // The rules `text` gives the agent whose product token is `agent` ("apiary").
  static RobotsRules parse(std::string_view text, std::string_view agent);
  // Nothing allowed: robots.txt could not be fetched (RFC 9309, 2.3.1.4).
  static RobotsRules disallowAll();

  // `path` is a URL's path with its query ("/hive/x.sgf?a=1").
  bool allows(std::string_view path) const;
  std::optional<std::chrono::milliseconds> crawlDelay() const { return crawlDelay_; }

 private:
  struct Rule {
    std::string pattern;
    bool allow = false;
  };
  std::vector<Rule> rules_;
  std::optional<std::chrono::milliseconds> crawlDelay_;
};

}  // namespace apiary::sync
