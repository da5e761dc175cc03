// A database opened for reading, for any number of answers: the positions and the
// catalogue as of one committed batch. refresh() moves it to the last batch a
// concurrent ingest has committed, whole batches only. Used by one thread at a time.
// Sessions may share one RocksDB instance (the second constructor): a refresh of
// one then moves the positions of all, and each one's catalogue follows at its own
// refresh (server/sessions.hpp says what that means for answers).
#pragma once
#include <filesystem>
#include <memory>

#include "index/database.hpp"
#include "index/game_query.hpp"
#include "query/filters/kept_games.hpp"
#include "query/filters/kept_games_cache.hpp"

namespace apiary::query {

class ReadSession {
 public:
  explicit ReadSession(const std::filesystem::path& dir);
  // Its own catalogue connection, the positions read through `sharing`'s instance.
  ReadSession(const std::filesystem::path& dir, const ReadSession& sharing);
  const index::Database& db() const { return db_; }
  const index::GameSearch& catalogue() const { return *catalogue_; }
  index::GameId lastGame() const { return db_.lastGame(); }
  // Sees the batches committed since it opened or last refreshed.
  void refresh();
  // The games the filter keeps, read as this session's answers need them and kept
  // for the next answers with the same filter (until new games show); nullptr for
  // an empty filter (every game). Throws QueryError for an unusable filter value.
  KeptGames* kept(const index::GameQuery& filter);

 private:
  index::Database db_;
  std::unique_ptr<index::GameSearch> catalogue_;  // made again when games appear
  KeptGamesCache filters_;                        // sets over catalogue_: cleared with it
};

}  // namespace apiary::query
