// The filter options every query command takes, registered in one place. Each sets
// its field of the command's index::GameQuery through the filter's one reader
// (query/filters/filter_fields.hpp), as the command line is read: a value that
// cannot mean anything stops the command before it runs (main words it as the
// command would).
#pragma once
#include <CLI/CLI.hpp>
#include <string>

#include "index/game_query.hpp"
#include "query/filters/filter_fields.hpp"

namespace apiary::cli {

// The option `flag`, taking a value, that sets `field` of `query`.
inline CLI::Option* addFilterOption(CLI::App* cmd, index::GameQuery& query, query::Field field, const std::string& flag,
                                    const std::string& help) {
  return cmd
      ->add_option_function<std::string>(
          flag, [&query, field](const std::string& text) { query::setFilterField(query, field, text); }, help)
      ->group("Filters");
}

// The flag `flag`, taking no value, that sets `field` of `query`.
inline CLI::Option* addFilterFlag(CLI::App* cmd, index::GameQuery& query, query::Field field, const std::string& flag,
                                  const std::string& help) {
  return cmd
      ->add_flag_callback(
          flag, [&query, field] { query::setFilterField(query, field, "1"); }, help)
      ->group("Filters");
}

inline void addFilterOptions(CLI::App* cmd, index::GameQuery& f) {
  using query::Field;
  addFilterOption(cmd, f, Field::Player, "--player", "Games where this player played either colour");
  // show's --color is the terminal's colours: there the filter goes without it.
  if (!cmd->get_option_no_throw("--color"))
    addFilterOption(cmd, f, Field::Color, "--color",
                    "With --player: first or second, the games where that player moved first (second)");
  addFilterOption(cmd, f, Field::White, "--white", "White player");
  addFilterOption(cmd, f, Field::Black, "--black", "Black player");
  addFilterOption(cmd, f, Field::Event, "--event", "Event contains this text");
  addFilterOption(cmd, f, Field::Site, "--site", "Site contains this text");
  addFilterOption(cmd, f, Field::FromDate, "--from-date", "On or after this date (yyyy-mm-dd, yyyy-mm, yyyy)");
  addFilterOption(cmd, f, Field::ToDate, "--to-date", "On or before this date");
  addFilterOption(cmd, f, Field::Result, "--result", "white, black, draw or unknown");
  addFilterOption(cmd, f, Field::GameType, "--game-type", "Base, Base+M, ..., Base+MLP");
  addFilterFlag(cmd, f, Field::StrictOnly, "--strict-only", "Leave out games read with lenient repairs");
  addFilterFlag(cmd, f, Field::Humans, "--humans",
                "Leave out games with a known bot on either side (bots.txt adds names)");
  addFilterFlag(cmd, f, Field::NoGuests, "--no-guests", "Leave out games with a guest on either side");
  addFilterFlag(cmd, f, Field::Tournament, "--tournament", "Tournament games only");
  addFilterOption(cmd, f, Field::MinRating, "--min-rating", "Both players' ratings known and at least N")
      ->type_name("INT");
}

}  // namespace apiary::cli
