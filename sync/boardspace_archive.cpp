#include "sync/boardspace_archive.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <set>
#include <tuple>

#include "sync/listing.hpp"

namespace apiary::sync {

namespace {

std::optional<int> number(std::string_view digits) {
  int value = 0;
  if (digits.empty() || digits.size() > 4) return std::nullopt;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (error != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
  return value;
}

bool endsWith(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && std::equal(suffix.rbegin(), suffix.rend(), text.rbegin(), [](char a, char b) {
           return a == std::tolower(static_cast<unsigned char>(b));
         });
}

// A listing page fetched and read; nullopt (reported) when it is bad.
std::optional<Listing> listPage(HttpClient& client, const std::string& url, const WalkCallbacks& callbacks) {
  std::string body;
  const FetchResult answer = client.getText(url, body);
  Listing listing;
  if (!answer.ok) listing.error = answer.error;
  else listing = parseListing(body, answer.url);
  if (!listing.ok()) {
    if (callbacks.badPage) callbacks.badPage(url, listing.error);
    return std::nullopt;
  }
  if (callbacks.pageListed) callbacks.pageListed(url, listing.entries.size());
  return listing;
}

RemoteFile remoteFile(const ListingEntry& entry, const std::filesystem::path& folder) {
  return {entry.url, folder / entry.name, entry.size, entry.sizeText, entry.modified};
}

bool sweepBefore(const SweepName& a, const SweepName& b) {
  return std::tie(a.year, a.month, a.day, a.letter) < std::tie(b.year, b.month, b.day, b.letter);
}

struct Zip {
  SweepName sweep;
  RemoteFile file;
};

// The root's entries sorted into what the walk visits; everything else (rankings/,
// test/, tutorials/, xGames/, pages, images) is left alone.
struct RootEntries {
  std::vector<std::pair<int, const ListingEntry*>> archives;
  std::vector<std::pair<SweepName, const ListingEntry*>> looseFolders;
  std::vector<const ListingEntry*> looseGames;
};

RootEntries sortRoot(const Listing& root, const WalkOptions& options) {
  RootEntries sorted;
  const int since = options.sinceYear.value_or(0);
  for (const auto& entry : root.entries) {
    if (entry.folder) {
      if (const auto year = parseArchiveYear(entry.name); year && *year >= since)
        sorted.archives.emplace_back(*year, &entry);
      else if (const auto sweep = parseSweepName(entry.name); sweep && sweep->year >= since)
        sorted.looseFolders.emplace_back(*sweep, &entry);
    } else if (endsWith(entry.name, ".sgf")) {
      sorted.looseGames.push_back(&entry);
    }
  }
  std::sort(sorted.archives.begin(), sorted.archives.end());
  std::sort(sorted.looseFolders.begin(), sorted.looseFolders.end(),
            [](const auto& a, const auto& b) { return sweepBefore(a.first, b.first); });
  return sorted;
}

// The sweeps' zips of one yearly folder, in sweep order.
std::vector<Zip> archiveZips(const Listing& listing, const std::string& folder) {
  std::vector<Zip> zips;
  for (const auto& entry : listing.entries) {
    if (entry.folder || !endsWith(entry.name, ".zip")) continue;
    if (const auto sweep = parseSweepName(std::string_view(entry.name).substr(0, entry.name.size() - 4)))
      zips.push_back({*sweep, remoteFile(entry, folder)});
  }
  std::sort(zips.begin(), zips.end(), [](const Zip& a, const Zip& b) { return sweepBefore(a.sweep, b.sweep); });
  return zips;
}

}  // namespace

std::optional<SweepName> parseSweepName(std::string_view name) {
  constexpr std::string_view prefix = "games-";
  if (name.substr(0, prefix.size()) != prefix) return std::nullopt;
  name.remove_prefix(prefix.size());
  SweepName sweep;
  const auto month = monthNumber(name.substr(0, 3));
  if (!month || name.size() < 4 || name[3] != '-') return std::nullopt;
  sweep.month = *month;
  name.remove_prefix(4);
  const auto dash = name.find('-');
  if (dash == std::string_view::npos) return std::nullopt;
  std::string_view day = name.substr(0, dash);
  if (!day.empty() && day.back() >= 'a' && day.back() <= 'z') {
    sweep.letter = day.back();
    day.remove_suffix(1);
  }
  const auto dayNumber = number(day);
  const auto year = number(name.substr(dash + 1));
  if (!dayNumber || day.size() > 2 || day.front() == '0' || *dayNumber < 1 || *dayNumber > 31 || !year ||
      name.size() - dash - 1 != 4)
    return std::nullopt;
  sweep.day = *dayNumber;
  sweep.year = *year;
  return sweep;
}

std::optional<int> parseArchiveYear(std::string_view name) {
  constexpr std::string_view prefix = "archive-";
  if (name.substr(0, prefix.size()) != prefix || name.size() != prefix.size() + 4) return std::nullopt;
  return number(name.substr(prefix.size()));
}

std::vector<RemoteFile> walkBoardspace(HttpClient& client, const WalkOptions& options, const WalkCallbacks& callbacks) {
  std::vector<RemoteFile> files;
  const auto root = listPage(client, options.rootUrl, callbacks);
  if (!root) return files;
  const RootEntries sorted = sortRoot(*root, options);
  std::set<std::string> zipped;  // the sweeps whose zip is listed, by name
  for (const auto& [year, folder] : sorted.archives) {
    if (client.stopped()) return files;
    const auto listing = listPage(client, folder->url, callbacks);
    if (!listing) continue;
    for (auto& zip : archiveZips(*listing, folder->name)) {
      zipped.insert(zip.file.mirrorPath.stem().string());
      files.push_back(std::move(zip.file));
    }
  }
  for (const auto& [sweep, folder] : sorted.looseFolders) {
    if (zipped.count(folder->name)) continue;  // the same games, already in a zip
    if (client.stopped()) return files;
    const auto listing = listPage(client, folder->url, callbacks);
    if (!listing) continue;
    for (const auto& entry : listing->entries)
      if (!entry.folder && endsWith(entry.name, ".sgf")) files.push_back(remoteFile(entry, folder->name));
  }
  for (const auto* game : sorted.looseGames) files.push_back(remoteFile(*game, {}));
  return files;
}

}  // namespace apiary::sync
