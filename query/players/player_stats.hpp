// One player's statistics (`apiary player`), computed from the catalogue's rows of
// the player's games: results overall, as first and as second player and by year;
// the opening repertoire; the most frequent opponents; game length; streaks.
#pragma once
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "index/game_query.hpp"
#include "notation/notations.hpp"
#include "query/players/player_record.hpp"

namespace apiary::query {

// The position after the first `plies` plies of the player's games, up to symmetry
// and colour swap (canonical key): games that got there in another move order are
// the same line. Its moves are those of the first (oldest) game that reached it.
struct RepertoireLine {
  uint32_t plies = 0;
  std::vector<std::string> moves;  // in the notation asked for
  PlayerRecord record;             // the player's results in the games of the line
};

struct Opponent {
  std::string name;     // as written in the latest game against them
  PlayerRecord record;  // head to head, from the player's side
};

struct PlayerStats {
  std::string name;  // as written in the player's latest game
  PlayerRecord overall, asFirst, asSecond;
  std::map<std::string, PlayerRecord> byYear;                     // "yyyy"; undated games under "unknown"
  std::vector<RepertoireLine> openingsAsFirst, openingsAsSecond;  // by plies, then most played first
  std::vector<Opponent> opponents;                                // most games first
  // The most wins in a row, by date then id; a draw or a loss ends a streak, an
  // unfinished game neither ends nor extends it.
  uint64_t longestWinningStreak = 0;
};

struct PlayerOptions {
  const notation::Notation* notation = &notation::uhpNotation();  // a row that writes moves
  std::size_t linesPerLength = 10;                                // repertoire lines of each length (2, 4, 6 plies)
  std::size_t opponents = 10;
};

// The player's games among those the filter keeps (its player is the name).
// Throws std::invalid_argument for an unusable filter value or notation.
PlayerStats playerStats(const index::GameSearch& catalogue, const std::string& name, index::GameQuery filter,
                        const PlayerOptions& options = {});

}  // namespace apiary::query
