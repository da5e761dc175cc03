#include "sync/robots.hpp"

#include <strings.h>

#include <algorithm>
#include <charconv>
#include <cmath>

#include "grammar/syntax.hpp"

namespace apiary::sync {

namespace {

using grammar::trimBlanks;

bool equalsIgnoringCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && strncasecmp(a.data(), b.data(), a.size()) == 0;
}

// Whether `path` starts with something `pattern` matches: `*` matches any run of
// characters, a final `$` ties the match to the end of the path.
bool matches(std::string_view pattern, std::string_view path) {
  const bool anchored = !pattern.empty() && pattern.back() == '$';
  if (anchored) pattern.remove_suffix(1);
  // Backtracking over the last `*` only: linear enough for robots.txt's short patterns.
  std::size_t p = 0, s = 0, star = std::string_view::npos, resume = 0;
  while (s < path.size()) {
    if (p == pattern.size() && !anchored) return true;
    if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      resume = s;
    } else if (p < pattern.size() && pattern[p] == path[s]) {
      ++p;
      ++s;
    } else if (star != std::string_view::npos) {
      p = star + 1;
      s = ++resume;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

struct Line {
  std::string_view field, value;
};

std::optional<Line> splitLine(std::string_view line) {
  if (const auto hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
  const auto colon = line.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  return Line{trimBlanks(line.substr(0, colon)), trimBlanks(line.substr(colon + 1))};
}

std::optional<std::chrono::milliseconds> parseSeconds(std::string_view text) {
  double seconds = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), seconds);
  if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(seconds) || seconds < 0)
    return std::nullopt;
  return std::chrono::milliseconds(static_cast<long long>(std::min(seconds, 86400.0) * 1000));
}

}  // namespace

RobotsRules RobotsRules::disallowAll() {
  RobotsRules rules;
  rules.rules_.push_back({"/", false});
  return rules;
}

RobotsRules RobotsRules::parse(std::string_view text, std::string_view agent) {
  // Two passes' worth of state in one: the rules of groups naming the agent and
  // those of `*` groups; the former win when there are any.
  RobotsRules named, anyone;
  bool sawNamed = false;
  bool inAgentLines = false;  // the previous line was a User-agent line
  bool groupNamed = false, groupAny = false;
  while (!text.empty()) {
    const auto end = text.find_first_of("\r\n");
    const auto raw = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    const auto line = splitLine(raw);
    if (!line) continue;
    if (equalsIgnoringCase(line->field, "user-agent")) {
      if (!inAgentLines) groupNamed = groupAny = false;
      inAgentLines = true;
      if (line->value == "*") groupAny = true;
      else if (equalsIgnoringCase(line->value, agent)) groupNamed = sawNamed = true;
      continue;
    }
    inAgentLines = false;
    auto addTo = [&](auto&& change) {
      if (groupNamed) change(named);
      if (groupAny) change(anyone);
    };
    const bool allow = equalsIgnoringCase(line->field, "allow");
    if (allow || equalsIgnoringCase(line->field, "disallow")) {
      if (line->value.empty()) continue;  // "Disallow:" alone forbids nothing
      addTo([&](RobotsRules& rules) { rules.rules_.push_back({std::string(line->value), allow}); });
    } else if (equalsIgnoringCase(line->field, "crawl-delay")) {
      if (const auto delay = parseSeconds(line->value)) addTo([&](RobotsRules& rules) { rules.crawlDelay_ = delay; });
    }
  }
  return sawNamed ? named : anyone;
}

bool RobotsRules::allows(std::string_view path) const {
  if (path.empty()) path = "/";
  if (path == "/robots.txt") return true;
  const Rule* best = nullptr;
  for (const auto& rule : rules_) {
    if (!matches(rule.pattern, path)) continue;
    if (!best || rule.pattern.size() > best->pattern.size() ||
        (rule.pattern.size() == best->pattern.size() && rule.allow))
      best = &rule;
  }
  return !best || best->allow;
}

}  // namespace apiary::sync
