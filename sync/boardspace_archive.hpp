// boardspace.net's Hive archive as its server lays it out: yearly folders
// `archive-YYYY/` of daily sweeps `games-Mon-D[a-z]-YYYY.zip`; the same games
// loose for a while in folders `games-Mon-D-YYYY/`; games not swept yet loose at
// the root; and folders that hold no games (rankings/, test/, tutorials/,
// xGames/), which are never walked.
#pragma once
#include <optional>
#include <string_view>

#include "sync/archive_source.hpp"

namespace apiary::sync {

// A sweep's name, "games-Jul-7a-2019" (without ".zip" or '/').
struct SweepName {
  int year = 0, month = 0, day = 0;  // month 1..12
  char letter = 0;                   // a later sweep of the same day: 'a', 'b', ...; 0 for the first
};
std::optional<SweepName> parseSweepName(std::string_view name);

// "archive-2019" -> 2019.
std::optional<int> parseArchiveYear(std::string_view name);

// The walk of boardspace's row: the root, the yearly folders from sinceYear on
// and their zips in sweep order, the loose sweep folders whose zip is not
// listed, then the loose games at the root.
std::vector<RemoteFile> walkBoardspace(HttpClient& client, const WalkOptions& options, const WalkCallbacks& callbacks);

}  // namespace apiary::sync
