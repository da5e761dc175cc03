// The game filters every query command takes: which games count. Empty fields do
// not filter. Names and contains-texts match by case fold in every script
// (index/catalogue/text_fold.hpp); the rest exactly.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

namespace apiary::query {

// The largest minimum rating: no rating system comes near it.
inline constexpr int64_t kMaxRating = 1'000'000;

struct GameFilter {
  std::optional<std::string> player;  // White or Black
  std::optional<std::string> color;   // with player: first or second (who moved first)
  std::optional<std::string> white;
  std::optional<std::string> black;
  std::optional<std::string> event;     // substring, any case
  std::optional<std::string> site;      // substring, any case
  std::optional<std::string> fromDate;  // ISO yyyy-mm-dd (or yyyy, yyyy-mm), inclusive
  std::optional<std::string> toDate;    // inclusive
  std::optional<std::string> result;    // white, black, draw, unknown (also 1-0, 0-1, 1/2-1/2)
  std::optional<std::string> gameType;  // Base, Base+M, ..., Base+MLP
  bool strictOnly = false;              // leave out games lenient reading repaired
  bool repairedOnly = false;            // only those games
  bool humans = false;                  // no known bot on either side (index/catalogue/known_accounts.hpp)
  bool noGuests = false;                // no guest on either side
  bool tournament = false;              // tournament games only
  std::optional<int64_t> minRating;     // both players' ratings known and at least this

  bool operator==(const GameFilter&) const = default;
  bool empty() const {
    return !player && !color && !white && !black && !event && !site && !fromDate && !toDate && !result && !gameType &&
           !strictOnly && !repairedOnly && !humans && !noGuests && !tournament && !minRating;
  }
};

}  // namespace apiary::query
