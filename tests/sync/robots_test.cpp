#include "sync/robots.hpp"

#include <catch2/catch.hpp>

using apiary::sync::RobotsRules;

TEST_CASE("robots.txt: the agent's own group wins over *, rules by longest match") {
  const auto rules = RobotsRules::parse(
      "# a comment\n"
      "User-agent: *\n"
      "Disallow: /\n"
      "\n"
      "User-agent: Googlebot\n"
      "User-agent: APIARY\n"
      "Disallow: /hive/hivegames/test/\n"
      "Disallow: /hive/private\n"
      "Allow: /hive/private/open/\n"
      "Crawl-delay: 2.5\n",
      "apiary");
  CHECK(rules.allows("/hive/hivegames/"));
  CHECK(rules.allows("/hive/hivegames/archive-2019/games-Jul-7-2019.zip"));
  CHECK_FALSE(rules.allows("/hive/hivegames/test/"));
  CHECK_FALSE(rules.allows("/hive/hivegames/test/x.sgf"));
  CHECK_FALSE(rules.allows("/hive/private/x"));
  CHECK(rules.allows("/hive/private/open/x"));
  CHECK(rules.allows("/robots.txt"));
  REQUIRE(rules.crawlDelay());
  CHECK(rules.crawlDelay()->count() == 2500);
}

TEST_CASE("robots.txt: the * group when none names the agent, wildcards and $") {
  const auto rules = RobotsRules::parse(
      "User-agent: otherbot\nDisallow: /\n\n"
      "user-agent: *\r\ndisallow: /*.zip$\r\nDisallow: /tmp*/x\r\nAllow: /a.zip$\r\n",
      "apiary");
  CHECK_FALSE(rules.allows("/hive/games.zip"));
  CHECK(rules.allows("/hive/games.zip.txt"));
  CHECK(rules.allows("/a.zip"));
  CHECK_FALSE(rules.allows("/tmp123/x/y"));
  CHECK(rules.allows("/tmp123/y"));
  CHECK_FALSE(rules.crawlDelay());
}

TEST_CASE("robots.txt: an empty Disallow, no group, nonsense and nothing allow everything") {
  CHECK(RobotsRules::parse("User-agent: *\nDisallow:\n", "apiary").allows("/x"));
  CHECK(RobotsRules::parse("Disallow: /\n", "apiary").allows("/x"));  // a rule outside any group
  CHECK(RobotsRules::parse(std::string("\0\xff garbage: ::\n", 15), "apiary").allows("/x"));
  CHECK(RobotsRules().allows("/"));
  CHECK_FALSE(RobotsRules::disallowAll().allows("/hive/"));
  CHECK(RobotsRules::disallowAll().allows("/robots.txt"));
}

TEST_CASE("robots.txt: a tie between Allow and Disallow of the same length allows") {
  const auto rules = RobotsRules::parse("User-agent: apiary\nDisallow: /page\nAllow: /page\n", "apiary");
  CHECK(rules.allows("/page"));
}
