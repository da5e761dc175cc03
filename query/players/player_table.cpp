#include "query/players/player_table.hpp"

#include <algorithm>
#include <unordered_map>

#include "index/catalogue/text_fold.hpp"
#include "query/filters/filter_fields.hpp"

namespace apiary::query {

namespace {

// Most names repeat over many games: each spelling is folded once.
class Folds {
 public:
  const std::string& of(const std::string& name) {
    auto [it, isNew] = folds_.try_emplace(name);
    if (isNew) it->second = index::foldCase(name);
    return it->second;
  }

 private:
  std::unordered_map<std::string, std::string> folds_;
};

}  // namespace

PlayerTable playerTable(const index::GameSearch& catalogue, const index::GameQuery& filter,
                        const PlayerTableOptions& options) {
  Folds folds;
  std::unordered_map<std::string, PlayerRow> byFold;
  checkFilter(filter);
  catalogue.forEachPlayerGame(filter, /*withMoves=*/false, [&](const index::GameRow& game) {
    for (const Color colour : {Color::White, Color::Black}) {
      const std::string& name = colour == Color::White ? game.white : game.black;
      if (name.empty()) continue;
      PlayerRow& row = byFold[folds.of(name)];
      row.name = name;  // games come in ingest order: the last spelling stays
      row.record.add(resultFor(game, colour), game.plies);
    }
  });
  PlayerTable table;
  for (auto& [folded, row] : byFold)
    if (row.record.games >= options.minGames) table.players.push_back(std::move(row));
  table.total = table.players.size();
  const auto byGames = [](const PlayerRow& a, const PlayerRow& b) {
    return a.record.games != b.record.games ? a.record.games > b.record.games : a.name < b.name;
  };
  const auto byScore = [&](const PlayerRow& a, const PlayerRow& b) {
    return a.record.score() != b.record.score() ? a.record.score() > b.record.score() : byGames(a, b);
  };
  const std::size_t skipped = std::min<uint64_t>(options.offset, table.players.size());
  const std::size_t kept = std::min<uint64_t>(skipped + options.limit, table.players.size());
  if (options.order == PlayerOrder::Score)
    std::partial_sort(table.players.begin(), table.players.begin() + kept, table.players.end(), byScore);
  else std::partial_sort(table.players.begin(), table.players.begin() + kept, table.players.end(), byGames);
  table.players.resize(kept);
  table.players.erase(table.players.begin(), table.players.begin() + skipped);
  return table;
}

}  // namespace apiary::query
