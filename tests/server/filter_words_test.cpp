// The CLI's filter flags and the API's filter parameters read the same words into
// the same index::GameQuery through the one reader (query/filters/filter_fields.hpp),
// and refuse the same bad words for the same field, each naming it its own way.
#include <catch2/catch.hpp>
#include <optional>
#include <string>
#include <vector>

#include "cli/error_text.hpp"
#include "cli/filter_options.hpp"
#include "query/error.hpp"
#include "server/params.hpp"

using namespace apiary;
using query::Field;

namespace {

// One filter said both ways: the CLI's arguments and the API's query string.
struct Words {
  std::vector<std::string> flags;
  std::string params;
};

index::GameQuery fromFlags(const std::vector<std::string>& flags) {
  CLI::App app;
  index::GameQuery query;
  cli::addFilterOptions(&app, query);
  std::vector<std::string> args(flags.rbegin(), flags.rend());  // CLI11 takes them last first
  app.parse(args);
  return query;
}

// The error a filter's bad words raise, or nullopt when they are taken.
template <typename Read>
std::optional<query::QueryError> refusal(Read read) {
  try {
    read();
  } catch (const query::QueryError& e) {
    return e;
  }
  return std::nullopt;
}

}  // namespace

TEST_CASE("the same words give the same filter from the CLI and from the API") {
  const std::vector<Words> all = {
      {{}, ""},
      {{"--player", "Dumbot", "--color", "first"}, "player=Dumbot&color=first"},
      {{"--player", "kaka0", "--color", "second"}, "player=kaka0&color=second"},
      {{"--white", "Ståle", "--black", "x y"}, "white=St%C3%A5le&black=x+y"},
      {{"--event", "World Cup", "--site", "boardspace"}, "event=World%20Cup&site=boardspace"},
      {{"--from-date", "2016-02-29", "--to-date", "2020"}, "from_date=2016-02-29&to-date=2020"},
      {{"--result", "1/2-1/2"}, "result=1%2F2-1%2F2"},
      {{"--result", "WhiteWins"}, "result=white"},
      {{"--game-type", "Base+MLP"}, "game_type=Base%2BMLP"},
      {{"--strict-only"}, "strict_only=1"},
      {{"--humans", "--no-guests", "--tournament"}, "humans=1&no_guests=true&tournament"},
      {{"--min-rating", "1600"}, "min_rating=1600"},
      {{"--min-rating", "0"}, "min_rating=0"},
  };
  for (const Words& w : all) {
    INFO(w.params);
    const index::GameQuery cli = fromFlags(w.flags);
    CHECK(cli == server::parseParams(w.params).filter);
    CHECK(cli.empty() == w.flags.empty());
  }
  // Different words, different filters: equality is not trivially true.
  CHECK_FALSE(fromFlags({"--result", "white"}) == fromFlags({"--result", "black"}));
  CHECK_FALSE(fromFlags({"--player", "a", "--color", "first"}) == fromFlags({"--player", "a", "--color", "second"}));
}

TEST_CASE("the same bad words are refused for the same field, worded as a flag and as a parameter") {
  const std::vector<std::pair<Words, Field>> bad = {
      {{{"--color", "white"}, "color=white"}, Field::Color},
      {{{"--from-date", "2022-13-45"}, "from_date=2022-13-45"}, Field::FromDate},
      {{{"--to-date", "2023-02-29"}, "to_date=2023-02-29"}, Field::ToDate},
      {{{"--result", "maybe"}, "result=maybe"}, Field::Result},
      {{{"--game-type", "Chess"}, "game_type=Chess"}, Field::GameType},
      {{{"--min-rating", "-5"}, "min_rating=-5"}, Field::MinRating},
      {{{"--min-rating", "abc"}, "min_rating=abc"}, Field::MinRating},
      {{{"--min-rating", "1000001"}, "min_rating=1000001"}, Field::MinRating},
  };
  for (const auto& [words, refused] : bad) {
    const Words& w = words;  // named, for the lambdas below (clang 14 captures no structured binding)
    const Field field = refused;
    INFO(w.params);
    const auto cli = refusal([&] { fromFlags(w.flags); });
    const auto api = refusal([&] { server::parseParams(w.params); });
    REQUIRE(cli);
    REQUIRE(api);
    CHECK(cli->field() == field);
    CHECK(api->field() == field);
    CHECK(cli->detail() == api->detail());
    CHECK(cli::errorText(*cli) == w.flags[0] + cli->detail());
    CHECK(std::string(api->what()) == std::string(query::fieldName(field)) + api->detail());
  }
  const auto date = refusal([] { fromFlags({"--from-date", "yesterday"}); });
  REQUIRE(date);
  CHECK(cli::errorText(*date) == "--from-date 'yesterday': expected yyyy-mm-dd, yyyy-mm or yyyy");
}

TEST_CASE("the CLI's repaired outranks its strict-only, and the API takes no repaired parameter") {
  CLI::App app;
  index::GameQuery query;
  cli::addFilterOptions(&app, query);
  cli::addFilterFlag(&app, query, Field::Repaired, "--repaired", "Only games read with lenient repairs");
  app.parse(std::vector<std::string>{"--repaired", "--strict-only"});
  CHECK(query.repaired == true);
  CHECK_THROWS_WITH(server::parseParams("repaired=1"), "unknown parameter 'repaired'");
}
