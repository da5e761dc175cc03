// Games out of the database in any notation apiary writes (a row of notation_table.hpp).
// A game is rebuilt from its catalogue row: its moves replayed, its tags as its file
// had them, so exporting to the notation it came from gives its file back up to
// spelling.
#pragma once
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "index/database.hpp"
#include "notation/notations.hpp"

namespace apiary::query {

// The tags the game's file had; for a game read without tags, what the catalogue's
// columns know (Event, Site, Date, White, Black, Result), in the usual PGN order.
index::Tags tagsOf(const index::GameRow& row);

// The row as the writers take it, or nullopt when its moves do not replay (a corrupt
// row), with tagsOf(row).
std::optional<notation::ReplayedGame> exportableGame(const index::GameRow& row);

struct ExportSummary {
  std::vector<index::GameId> written;
  std::vector<index::GameId> missing;     // no such game
  std::vector<index::GameId> unreadable;  // its moves do not replay
};

// Writes the games one at a time to `sink` (one call per game, with its text), so
// memory stays flat however many are exported.
ExportSummary exportGames(const index::Database& db, std::span<const index::GameId> ids,
                          const notation::Notation& written,
                          const std::function<void(index::GameId, const std::string&)>& sink);

}  // namespace apiary::query
