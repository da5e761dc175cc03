// What lenient reading repaired in a move (notation/repair.hpp), as a game keeps it.
#pragma once
#include <cstdint>
#include <optional>
#include <string_view>

namespace apiary::notation {

// Stored per game in the catalogue by number: never renumber.
enum class RepairKind : uint8_t {
  SlideRulesIgnored = 1,  // a gate passed or contact lost on the way
  PieceColour = 2,        // the moved piece's colour letter was wrong
  ReferenceColour = 3,    // a reference piece's colour letter was wrong
};
std::string_view repairKindName(RepairKind kind);  // `slide-rules`, `piece-colour`, `reference-colour`
std::optional<RepairKind> parseRepairKind(std::string_view name);

}  // namespace apiary::notation
