// The game filters every query command takes: which games count. Empty fields do
// not filter. Names and contains-texts match by case fold in every script
// (index/text_fold.hpp); the rest exactly.
#pragma once
#include <optional>
#include <string>

namespace apiary::query {

struct GameFilter {
  std::optional<std::string> player;    // White or Black
  std::optional<std::string> color;     // with player: first or second (who moved first)
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

  bool operator==(const GameFilter&) const = default;
  bool empty() const {
    return !player && !color && !white && !black && !event && !site && !fromDate && !toDate && !result && !gameType &&
           !strictOnly && !repairedOnly;
  }
};

}  // namespace apiary::query
