// The archives `apiary sync` can fetch, as rows of a table (as notations are): a
// row names the source, where its archive lives, and how to walk its listing
// pages into the files to fetch. A second archive is its own walk and one row.
#pragma once
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sync/http_client.hpp"

namespace apiary::sync {

// A file the archive lists that holds games.
struct RemoteFile {
  std::string url;
  // Where it goes under the mirror folder, the archive's own layout relative to
  // its root ("archive-2019/games-Jul-7a-2019.zip"); never absolute, never "..".
  std::filesystem::path mirrorPath;
  std::optional<std::int64_t> listedSize;  // bytes as listed (Apache rounds past 1 KiB)
  std::string listedSizeText;              // "1.2M"
  std::string listedDate;                  // ISO 8601, "2019-07-07T03:00"
};

struct WalkOptions {
  std::string rootUrl;           // the archive's root listing, ending in '/'
  std::optional<int> sinceYear;  // only the years from this one on
};

struct WalkCallbacks {
  std::function<void(const std::string& url, std::size_t entries)> pageListed;
  // A page that could not be fetched or is not a listing: its URL and the reason.
  std::function<void(const std::string& url, const std::string& reason)> badPage;
};

// Lists the archive's pages through `client` (so politely) and returns its files
// in the order to fetch them. A bad page is reported and skipped, the rest goes
// on; a stopped client ends the walk with what was found.
using SourceWalk = std::vector<RemoteFile> (*)(HttpClient& client, const WalkOptions& options,
                                               const WalkCallbacks& callbacks);

struct SourceRow {
  std::string_view name;            // "boardspace"
  std::string_view defaultRootUrl;  // "https://www.boardspace.net/hive/hivegames/"
  std::string_view description;     // for help texts
  SourceWalk walk = nullptr;
};

std::span<const SourceRow> sourceTable();
// The row a user's word names (any case, blanks around ignored); nullptr otherwise.
const SourceRow* findSource(std::string_view word, std::span<const SourceRow> table = sourceTable());
// "boardspace, ...": the rows' names for help texts and error messages.
std::string sourceNames(std::span<const SourceRow> table = sourceTable());

}  // namespace apiary::sync
