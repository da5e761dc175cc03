#include "query/games/export.hpp"

namespace apiary::query {

index::Tags tagsOf(const index::GameRow& row) {
  if (!row.tags.empty()) return row.tags;
  index::Tags tags;
  const auto add = [&](const char* name, const std::string& value) {
    if (!value.empty()) tags.emplace_back(name, value);
  };
  add("Event", row.event);
  add("Site", row.site);
  std::string date = row.date;  // ISO in the catalogue; PGN writes 2022.01.15
  for (char& c : date) c = c == '-' ? '.' : c;
  add("Date", date);
  add("White", row.white);
  add("Black", row.black);
  if (row.result != GameState::InProgress) add("Result", gameStateName(row.result));
  return tags;
}

std::optional<notation::ReplayedGame> exportableGame(const index::GameRow& row) {
  auto board = row.replay();
  if (!board) return std::nullopt;
  return notation::gameFromBoard(std::move(*board), tagsOf(row));
}

ExportSummary exportGames(const index::Database& db, std::span<const index::GameId> ids,
                          const notation::Notation& written,
                          const std::function<void(index::GameId, const std::string&)>& sink) {
  ExportSummary summary;
  for (const index::GameId id : ids) {
    const auto row = db.game(id);
    if (!row) {
      summary.missing.push_back(id);
      continue;
    }
    auto game = exportableGame(*row);
    if (!game) {
      summary.unreadable.push_back(id);
      continue;
    }
    std::vector<notation::ReplayedGame> one;
    one.push_back(std::move(*game));
    sink(id, notation::writeGames(written, one));
    summary.written.push_back(id);
  }
  return summary;
}

}  // namespace apiary::query
