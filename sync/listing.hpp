// A listing page (Apache's autoindex, as a table or as <pre>) read with libxml2's
// HTML parser into its entries: the files and folders directly below the page,
// each with its URL resolved against the page's, the size and date as listed.
// The "Parent Directory" row, the column-sorting links and any link that does not
// name a direct child are dropped. A page that is not a listing says why.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace apiary::sync {

struct ListingEntry {
  std::string name;  // decoded, without a folder's trailing '/'
  std::string url;   // absolute, a folder's ending in '/'
  bool folder = false;
  // Bytes as listed: Apache rounds ("1.2M" is 1,258,291), so only an estimate
  // past 1 KiB; none for "-" or nothing.
  std::optional<std::int64_t> size;
  std::string sizeText;  // the size as listed ("1.2M"), for comparing listings
  std::string modified;  // ISO 8601, "2019-07-07T12:34"; empty when not listed
};

struct Listing {
  std::vector<ListingEntry> entries;
  std::string error;  // why the page is not a listing; empty when it is
  bool ok() const { return error.empty(); }
};

Listing parseListing(std::string_view page, const std::string& pageUrl);

// "345", "1.2K", "12M", "1.0G" in bytes (K = 1024); nullopt for "-" and nonsense.
std::optional<std::int64_t> parseListedSize(std::string_view text);
// "Jan" -> 1 ... "Dec" -> 12: the English abbreviations Apache's dates and
// boardspace's sweep names use; nullopt for anything else.
std::optional<int> monthNumber(std::string_view abbreviation);
// "2019-07-07 12:34" or "07-Jul-2019 12:34" as "2019-07-07T12:34"; empty for nonsense.
std::string parseListedDate(std::string_view text);

}  // namespace apiary::sync
