// Catalogue queries by game properties (players, event, site, date, result, game
// type), for the query commands: pages of matching games, their number, and the
// per-game facts statistics need (outcome, length). Conditions on names are driven
// by the tag index (game_tags), so a player's games cost what the player has, not
// what the catalogue has; the other conditions are checked on the game rows. Every
// value reaches SQL as a bound parameter.
//
// A GameSearch opens its own read-only connection to the catalogue and sees the
// games the Database it was made from sees (ids up to db.lastGame() when made).
// Bots are those known when it is made (known_accounts.hpp: the database folder's
// bots.txt and $APIARY_BOTS are read then).
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "index/catalogue/catalogue.hpp"
#include "index/catalogue/game_row.hpp"
#include "index/catalogue/known_accounts.hpp"
#include "index/catalogue/sqlite.hpp"
#include "index/counts.hpp"
#include "index/database.hpp"

namespace apiary::index {

// Which of a game's two players moved first.
enum class Seat { First, Second };

// The orders games are paged in; each breaks ties by id (ingest order).
// Rating: the lower of the two players' ratings, highest first; games without
// both ratings last.
enum class GameOrder { Id, Date, Plies, Rating };

// Which games: every set field must hold; an empty query selects every game. Names
// and contains-texts match by case fold in every script (text_fold.hpp).
struct GameQuery {
  std::optional<std::string> player;  // White or Black, exact, any letter case
  std::optional<Seat> playerSeat;     // with `player`: only games where the player moved first (second)
  std::optional<std::string> white, black;
  std::optional<std::string> event, site;       // contains, any letter case
  std::optional<std::string> fromDate, toDate;  // ISO yyyy[-mm[-dd]], inclusive; undated games never match
  std::optional<GameState> result;              // InProgress: unknown
  std::optional<GameType> gameType;
  std::optional<bool> repaired;      // true: games lenient reading repaired; false: the others
  bool humans = false;               // no known bot on either side (known_accounts.hpp)
  bool noGuests = false;             // no guest on either side
  bool tournament = false;           // tournament games only (archive_marks.hpp)
  std::optional<int64_t> minRating;  // both players' ratings known and at least this

  bool operator==(const GameQuery&) const = default;
  bool empty() const {
    return !player && !playerSeat && !white && !black && !event && !site && !fromDate && !toDate && !result &&
           !gameType && !repaired && !humans && !noGuests && !tournament && !minRating;
  }
};

// What statistics need of one game.
struct GameFacts {
  GameId id = 0;
  Outcome outcome = Outcome::Unknown;
  uint32_t plies = 0;
};

struct TagMatch;  // a condition on names (game_query.cpp)

// A player's name as written, and how many games carry it (as White or Black).
struct NameCount {
  std::string name;
  uint64_t games = 0;
};

class GameSearch {
 public:
  explicit GameSearch(const Database& db);
  ~GameSearch();
  GameSearch(const GameSearch&) = delete;
  GameSearch& operator=(const GameSearch&) = delete;

  GameId visible() const { return visible_; }

  // Matching games, newest (highest id) first, or oldest first. By date, undated
  // games come last newest first (first oldest first).
  std::vector<GameId> page(const GameQuery& query, uint64_t offset, uint64_t limit, bool oldestFirst = false,
                           GameOrder order = GameOrder::Id) const;
  uint64_t count(const GameQuery& query) const;
  // One page of `ids` (any order, no repeats) in `order`, as page() orders games:
  // by date undated games come last newest first. game_order.cpp.
  std::vector<GameId> pageAmong(std::span<const GameId> ids, GameOrder order, uint64_t offset, uint64_t limit,
                                bool oldestFirst = false) const;
  // Players (White or Black) whose name's fold starts with the fold of `prefix`,
  // most games first, at most `limit`; names folding alike are one. game_order.cpp.
  std::vector<NameCount> playersStarting(std::string_view prefix, uint64_t limit) const;
  // Every matching game's facts, in id order.
  std::vector<GameFacts> facts(const GameQuery& query) const;
  // The facts of those of `ids` that match, in their order: one row lookup each,
  // for queries that touch a few games.
  std::vector<GameFacts> factsOf(const GameQuery& query, std::span<const GameId> ids) const;
  // Every matching game by date then id (undated first), with what statistics of
  // players need: id, players, date, result, first mover, game type, plies, moves.
  // Without the moves, in id order (one pass over the table, not through the date
  // index, which is much slower). One at a time: held whole, the rows would take
  // memory in proportion to the games.
  void forEachPlayerGame(const GameQuery& query, bool withMoves,
                         const std::function<void(const GameRow&)>& visit) const;
  // Every rejected game (the catalogue keeps them apart from the games, whatever
  // the batch), by file and place in it, one at a time: a hostile archive may
  // leave millions.
  void forEachRejected(const std::function<void(grammar::Rejection&&)>& visit) const;
  // One game with what replaying it needs (type, first mover, result, plies, moves;
  // no tags, no source), or nullopt when it is not there.
  std::optional<GameRow> movesOf(GameId id) const;
  // movesOf for each of `ids` that is there, in their order, read in one
  // transaction (a statement outside one takes and drops SQLite's file lock: two
  // system calls a game).
  std::vector<GameRow> movesOf(std::span<const GameId> ids) const;
  // movesOf for every matching game, newest first, in one pass (as movesOf, no tags
  // and no source); stops when `f` returns false.
  void forEachMoves(const GameQuery& query, const std::function<bool(const GameRow&)>& f) const;

 private:
  class RowCheck;
  Statement& prepared(const std::string& sql) const;
  bool dateWalkIsCheaper(const TagMatch& driver, uint64_t wanted) const;
  std::vector<GameId> pageByDate(const GameQuery& query, uint64_t offset, uint64_t limit, bool oldestFirst) const;

  GameId visible_;
  KnownAccounts accounts_;  // what is_bot() and is_guest() ask: outlives db_
  mutable Connection db_;
  mutable std::map<std::string, std::unique_ptr<Statement>> statements_;
};

}  // namespace apiary::index
