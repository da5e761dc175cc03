// The catalogue's tables and connection settings, in one place (README describes
// each column).
#pragma once
#include <cstdint>
#include <filesystem>

#include "engine/board.hpp"
#include "index/catalogue/sqlite.hpp"

namespace apiary::index {

// Results as the catalogue's games.result column holds them: 0 unknown, 1 White
// wins, 2 Black wins, 3 draw (README).
inline int64_t resultCode(GameState s) {
  switch (s) {
    case GameState::WhiteWins: return 1;
    case GameState::BlackWins: return 2;
    case GameState::Draw: return 3;
    default: return 0;
  }
}
inline GameState stateOfCode(int64_t code) {
  switch (code) {
    case 1: return GameState::WhiteWins;
    case 2: return GameState::BlackWins;
    case 3: return GameState::Draw;
    default: return GameState::InProgress;
  }
}

// The version of the whole index: the catalogue's tables and the layout of the
// positions' records in RocksDB (position_record, bucket, keys), kept in the
// catalogue's schema_version table. Bump it when either changes: a database of
// another version is then refused with a message instead of misread.
//   1: the first index;  2: game lengths in the counts, popular positions'
//   postings under keys of their own (issue 5);  3: the algebraic position hash
//   (engine/position_hash.hpp) instead of XXH3 of the key;  4: tag values' case
//   folds (tag_values.folded) and games by date (issue 16);  5: each game's
//   repairs (game_repairs, issue 14);  6: pattern search's per-game
//   contacts and per-ply features under 'f' (pattern_store.hpp, issue 16);
//   7: each ply's pinned pieces among those features (three bytes a ply);
//   8: each ply's legal moves per colour, up to a cap (four bytes a ply);
//   9: that cap 191 instead of 15, a byte a colour (five bytes a ply);
//   10: each game's tournament mark, players' ratings and time control
//   (archive_marks.hpp); the tournament games indexed for the tournament filter;
//   11: each synced file's state and each source's last sync (synced_files,
//   synced_sources: apiary sync);  12: the notation's name in the games' and the
//   rejected games' `notation` column, called `format` before (a database of
//   format 11 is renamed in place when opened, kUpgradedIndexFormat).
inline constexpr int kIndexFormatVersion = 12;
inline constexpr int kUpgradedIndexFormat = 11;

// WAL (readers run beside the writer), synchronous=FULL (a pending batch must be
// on disk before RocksDB commits it), and a larger page cache for the writer.
void configureCatalogue(Connection& db);
// Creates the tables when missing, upgrades format 11; throws when the file holds
// another version.
void createCatalogueSchema(Connection& db);
// For a reader of `file` through `db`: upgrades format 11 through a connection of
// its own, then throws unless the file holds this build's version.
void checkIndexFormat(const Connection& db, const std::filesystem::path& file);

}  // namespace apiary::index
