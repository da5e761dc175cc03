// The game filters every query command takes: which games count. Empty fields do
// not filter. Matching is case-insensitive for names and exact for the rest.
#pragma once
#include <optional>
#include <string>

namespace apiary::query {

struct GameFilter {
  std::optional<std::string> player;    // White or Black
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

  bool empty() const {
    return !player && !white && !black && !event && !site && !fromDate && !toDate && !result && !gameType &&
           !strictOnly && !repairedOnly;
  }
};

}  // namespace apiary::query
