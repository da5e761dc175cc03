#include "index/catalogue/archive_marks.hpp"

#include <array>
#include <cctype>

namespace apiary::index {

namespace {

constexpr std::string_view kTournamentMark = "T!";
constexpr std::array kGameNameTags{std::string_view("GN"), std::string_view("SgfGameName")};
constexpr std::array kWhiteRatingTags{std::string_view("WhiteElo"), std::string_view("WhiteRating"),
                                      std::string_view("P0 ranking")};
constexpr std::array kBlackRatingTags{std::string_view("BlackElo"), std::string_view("BlackRating"),
                                      std::string_view("P1 ranking")};
constexpr std::array kTimeControlTags{std::string_view("TimeControl"), std::string_view("TC")};

// The file's own name: a zip member's source is "archive.zip/member".
std::string_view fileName(std::string_view source) {
  const auto slash = source.find_last_of("/\\");
  return slash == std::string_view::npos ? source : source.substr(slash + 1);
}

template <std::size_t N>
const std::string* firstTag(const Tags& tags, const std::array<std::string_view, N>& names) {
  for (std::string_view name : names)
    if (const std::string* value = findTag(tags, name); value && !value->empty()) return value;
  return nullptr;
}

template <std::size_t N>
std::optional<int64_t> firstRating(const Tags& tags, const std::array<std::string_view, N>& names) {
  for (std::string_view name : names)
    if (const std::string* value = findTag(tags, name))
      if (auto rating = ratingOf(*value)) return rating;
  return std::nullopt;
}

}  // namespace

std::optional<int64_t> ratingOf(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  const auto point = text.find('.');
  const std::string_view whole = text.substr(0, point);
  if (point != std::string_view::npos)
    for (char c : text.substr(point + 1))
      if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
  constexpr std::size_t kMostDigits = 6;  // no rating system comes near a million
  if (whole.empty() || whole.size() > kMostDigits) return std::nullopt;
  int64_t n = 0;
  for (char c : whole) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    n = n * 10 + (c - '0');
  }
  return n;
}

ArchiveMarks archiveMarks(const GameMeta& meta) {
  ArchiveMarks marks;
  marks.tournament = fileName(meta.source).starts_with(kTournamentMark);
  if (const std::string* name = firstTag(meta.tags, kGameNameTags))
    marks.tournament = marks.tournament || std::string_view(*name).starts_with(kTournamentMark);
  marks.whiteRating = firstRating(meta.tags, kWhiteRatingTags);
  marks.blackRating = firstRating(meta.tags, kBlackRatingTags);
  marks.timeControl = firstTag(meta.tags, kTimeControlTags);
  return marks;
}

}  // namespace apiary::index
