// Every player of the games a filter keeps, one row each (`apiary players`): names
// that fold alike (index/catalogue/text_fold.hpp) are one player.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "index/game_query.hpp"
#include "query/players/player_record.hpp"

namespace apiary::query {

struct PlayerRow {
  std::string name;  // as written in the player's last game ingested
  PlayerRecord record;
};

enum class PlayerOrder { Games, Score };

struct PlayerTableOptions {
  PlayerOrder order = PlayerOrder::Games;  // most games first; or best score first, then most games
  uint64_t limit = 50;
  uint64_t minGames = 1;  // players with fewer games are left out
  uint64_t offset = 0;    // rows skipped first (a page further)
};

struct PlayerTable {
  std::vector<PlayerRow> players;  // `limit` rows in the order asked, after `offset`
  uint64_t total = 0;              // players with at least minGames games
};

// Throws std::invalid_argument for an unusable filter value.
PlayerTable playerTable(const index::GameSearch& catalogue, const index::GameQuery& filter,
                        const PlayerTableOptions& options = {});

}  // namespace apiary::query
