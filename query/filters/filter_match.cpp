#include "query/filters/filter_match.hpp"

#include <cctype>
#include <limits>
#include <stdexcept>

#include "query/error.hpp"
#include "query/filters/filter_set.hpp"

namespace apiary::query {

namespace {

int number(std::string_view digits) {
  int n = 0;
  for (char c : digits) n = n * 10 + (c - '0');
  return n;
}

// yyyy, yyyy-mm or yyyy-mm-dd of a date that exists (2024-02-29, not 2023-02-29).
bool isIsoPrefix(std::string_view d) {
  static constexpr std::string_view kShape = "dddd-dd-dd";
  if (d.size() != 4 && d.size() != 7 && d.size() != 10) return false;
  for (std::size_t i = 0; i < d.size(); ++i)
    if (kShape[i] == 'd' ? !std::isdigit(static_cast<unsigned char>(d[i])) : d[i] != '-') return false;
  if (d.size() == 4) return true;
  const int year = number(d.substr(0, 4)), month = number(d.substr(5, 2));
  if (month < 1 || month > 12) return false;
  if (d.size() == 7) return true;
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const int day = number(d.substr(8, 2));
  return day >= 1 && day <= kDays[month - 1] + (month == 2 && leap);
}

}  // namespace

std::optional<GameState> resultFilterState(std::string_view text) {
  std::string t(text);
  for (char& c : t) c = char(std::tolower(static_cast<unsigned char>(c)));
  if (t == "white" || t == "1-0" || t == "whitewins") return GameState::WhiteWins;
  if (t == "black" || t == "0-1" || t == "blackwins") return GameState::BlackWins;
  if (t == "draw" || t == "1/2-1/2") return GameState::Draw;
  if (t == "unknown" || t == "*") return GameState::InProgress;
  return std::nullopt;
}

void validateFilter(const GameFilter& f) {
  if (f.result && !resultFilterState(*f.result))
    throw QueryError(ErrorKind::BadInput, Field::Result,
                     " '" + *f.result + "': expected white, black, draw or unknown");
  if (f.gameType && !GameType::parse(*f.gameType))
    throw QueryError(ErrorKind::BadInput, Field::GameType,
                     " '" + *f.gameType + "': expected Base, Base+M, ..., Base+MLP");
  if (f.color && *f.color != "first" && *f.color != "second")
    throw QueryError(ErrorKind::BadInput, Field::Color, " '" + *f.color + "': expected first or second");
  if (f.color && !f.player)
    throw QueryError(ErrorKind::BadInput, Field::Color, " needs a player: it says whether that player moved first");
  if (f.fromDate && !isIsoPrefix(*f.fromDate))
    throw QueryError(ErrorKind::BadInput, Field::FromDate,
                     " '" + *f.fromDate + "': expected yyyy-mm-dd, yyyy-mm or yyyy");
  if (f.toDate && !isIsoPrefix(*f.toDate))
    throw QueryError(ErrorKind::BadInput, Field::ToDate, " '" + *f.toDate + "': expected yyyy-mm-dd, yyyy-mm or yyyy");
  if (f.minRating && (*f.minRating < 0 || *f.minRating > kMaxRating))
    throw QueryError(
        ErrorKind::BadInput, Field::MinRating,
        " " + std::to_string(*f.minRating) + ": expected a rating from 0 to " + std::to_string(kMaxRating));
}

std::vector<index::GameId> selectGames(const index::Database& db, const GameFilter& filter) {
  const index::GameQuery query = toGameQuery(filter);
  return index::GameSearch(db).page(query, 0, std::numeric_limits<uint64_t>::max(), /*oldestFirst=*/true);
}

std::vector<index::GameId> keptGames(const index::Database& db, const GameFilter& filter,
                                     std::span<const index::GameId> ids) {
  if (filter.empty()) return {ids.begin(), ids.end()};
  const FilterSet kept(index::GameSearch(db), filter);
  std::vector<index::GameId> out;
  for (index::GameId id : ids)
    if (kept.contains(id) || !db.game(id)) out.push_back(id);
  return out;
}

}  // namespace apiary::query
