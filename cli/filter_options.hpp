// The filter options every query command takes, registered in one place.
#pragma once
#include <CLI/CLI.hpp>
#include <memory>

#include "query/filters/filter.hpp"

namespace apiary::cli {

inline void addFilterOptions(CLI::App* cmd, query::GameFilter& f) {
  auto group = "Filters";
  cmd->add_option("--player", f.player, "Games where this player played either colour")->group(group);
  // show's --color is the terminal's colours: there the filter goes without it.
  if (!cmd->get_option_no_throw("--color"))
    cmd->add_option("--color", f.color,
                    "With --player: first or second, the games where that player moved first (second)")
        ->group(group);
  cmd->add_option("--white", f.white, "White player")->group(group);
  cmd->add_option("--black", f.black, "Black player")->group(group);
  cmd->add_option("--event", f.event, "Event contains this text")->group(group);
  cmd->add_option("--site", f.site, "Site contains this text")->group(group);
  cmd->add_option("--from-date", f.fromDate, "On or after this date (yyyy-mm-dd, yyyy-mm, yyyy)")->group(group);
  cmd->add_option("--to-date", f.toDate, "On or before this date")->group(group);
  cmd->add_option("--result", f.result, "white, black, draw or unknown")->group(group);
  cmd->add_option("--game-type", f.gameType, "Base, Base+M, ..., Base+MLP")->group(group);
  cmd->add_flag("--strict-only", f.strictOnly, "Leave out games read with lenient repairs")->group(group);
  cmd->add_flag("--humans", f.humans, "Leave out games with a known bot on either side (bots.txt adds names)")
      ->group(group);
  cmd->add_flag("--no-guests", f.noGuests, "Leave out games with a guest on either side")->group(group);
  cmd->add_flag("--tournament", f.tournament, "Tournament games only")->group(group);
  cmd->add_option("--min-rating", f.minRating, "Both players' ratings known and at least N")->group(group);
}

}  // namespace apiary::cli
