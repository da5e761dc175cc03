#include "index/game_query.hpp"

#include "index/catalogue/catalogue_schema.hpp"
#include "index/catalogue/text_fold.hpp"

namespace apiary::index {

// A condition the tag index answers: a tag of one of these names whose value folds
// (text_fold.hpp) to the fold of `value`, or contains it.
struct TagMatch {
  std::vector<std::string> names;
  std::string value;
  bool contains = false;

  // The ids of the matching tag values; parameters: the names, then the value.
  std::string valueIdsSql() const {
    std::string sql = "SELECT v.id FROM tag_values v JOIN tag_names n ON n.id = v.name WHERE (";
    for (std::size_t i = 0; i < names.size(); ++i)
      sql += i ? " OR n.name = ? COLLATE NOCASE" : "n.name = ? COLLATE NOCASE";
    return sql + (contains ? ") AND instr(v.folded, ?) > 0" : ") AND v.folded = ?");
  }
  std::string parameter() const { return foldCase(value); }
};

namespace {

// The query's conditions on names, most selective first: the first drives paging.
std::vector<TagMatch> tagMatches(const GameQuery& q) {
  std::vector<TagMatch> out;
  if (q.white) out.push_back({{"White"}, *q.white, false});
  if (q.black) out.push_back({{"Black"}, *q.black, false});
  if (q.player) out.push_back({{"White", "Black"}, *q.player, false});
  if (q.event) out.push_back({{"Event"}, *q.event, true});
  if (q.site) out.push_back({{"Site"}, *q.site, true});
  return out;
}

// The WHERE clause of a query over `games g`, built from fixed fragments, with the
// values to bind in order. Conditions on names go through the tag index (so a
// player's games cost what the player has), and are checked on the columns too, so
// that the meaning is exactly the columns'.
class Where {
 public:
  Where(const GameQuery& q, GameId visible, bool useTags = true) {
    add("g.id <= ?", visible);
    if (useTags)
      for (const TagMatch& m : tagMatches(q)) {
        add(("g.id IN (SELECT t.game FROM game_tags t WHERE t.value IN (" + m.valueIdsSql() + "))").c_str());
        for (const auto& name : m.names) values_.push_back(name);
        values_.push_back(m.parameter());
      }
    if (q.white) add("fold(g.white) = ?", foldCase(*q.white));
    if (q.black) add("fold(g.black) = ?", foldCase(*q.black));
    if (q.player) addPlayer(foldCase(*q.player), q.playerSeat);
    if (q.event) add("instr(fold(g.event), ?) > 0", foldCase(*q.event));
    if (q.site) add("instr(fold(g.site), ?) > 0", foldCase(*q.site));
    if (q.fromDate || q.toDate) add("g.date IS NOT NULL AND g.date <> ''");
    if (q.fromDate) add("g.date >= ?", *q.fromDate);
    // A partial upper bound (2020, 2020-05) covers its whole year or month.
    if (q.toDate) add("substr(g.date, 1, ?) <= ?", int64_t(q.toDate->size()), *q.toDate);
    if (q.result) add("g.result = ?", resultCode(*q.result));
    if (q.gameType) add("g.game_type = ?", q.gameType->name());
    if (q.repaired)
      add(*q.repaired ? "g.id IN (SELECT game FROM game_repairs)" : "g.id NOT IN (SELECT game FROM game_repairs)");
    if (q.humans) add("NOT is_bot(g.white) AND NOT is_bot(g.black)");
    if (q.noGuests) add("NOT is_guest(g.white) AND NOT is_guest(g.black)");
    // As the partial index tournament_games writes it, so that SQLite uses it.
    if (q.tournament) add("g.tournament = 1");
    if (q.minRating) add("min(g.white_rating, g.black_rating) >= ?", *q.minRating);
  }

  const std::string& sql() const { return sql_; }

  void bind(Statement& s, int first = 1) const {
    int i = first;
    for (const Value& v : values_) {
      if (v.isText) s.bind(i++, std::string_view(v.text));
      else s.bind(i++, v.number);
    }
  }
  int count() const { return int(values_.size()); }

 private:
  struct Value {
    Value(int64_t n) : number(n) {}
    Value(std::string t) : isText(true), text(std::move(t)) {}
    bool isText = false;
    int64_t number = 0;
    std::string text;
  };

  // Either colour, or the one that moved first (second).
  void addPlayer(const std::string& name, std::optional<Seat> seat) {
    if (!seat) return add("(fold(g.white) = ? OR fold(g.black) = ?)", name, name);
    if (*seat == Seat::First)
      add("((fold(g.white) = ? AND g.first_mover = 0) OR (fold(g.black) = ? AND g.first_mover = 1))", name, name);
    else add("((fold(g.white) = ? AND g.first_mover = 1) OR (fold(g.black) = ? AND g.first_mover = 0))", name, name);
  }

  template <class... Values>
  void add(const char* fragment, const Values&... values) {
    sql_ += sql_.empty() ? " WHERE " : " AND ";
    sql_ += fragment;
    (values_.push_back(Value(values)), ...);
  }

  std::string sql_;
  std::vector<Value> values_;
};

// One tag value's games in id order, read as needed.
class TagCursor {
 public:
  TagCursor(const Connection& db, int64_t value, GameId visible, bool ascending)
      : s_(db, ascending ? "SELECT game FROM game_tags WHERE value = ?1 AND game <= ?2 ORDER BY game ASC"
                         : "SELECT game FROM game_tags WHERE value = ?1 AND game <= ?2 ORDER BY game DESC") {
    s_.bindAll(value, visible);
    advance();
  }
  bool done() const { return done_; }
  GameId game() const { return game_; }
  void advance() {
    done_ = !s_.step();
    if (!done_) game_ = s_.integer(0);
  }

 private:
  Statement s_;
  GameId game_ = 0;
  bool done_ = false;
};

constexpr const char* kFactsColumns = "SELECT g.id, g.result, g.first_mover, g.plies FROM games g";

GameFacts factsFrom(const Statement& s) {
  const Color first = s.integer(2) ? Color::Black : Color::White;
  return {s.integer(0), outcomeOf(stateOfCode(s.integer(1)), first), uint32_t(s.integer(3))};
}

}  // namespace

// One game by id, if the query keeps it: conditions checked on its row alone.
class GameSearch::RowCheck {
 public:
  RowCheck(const GameSearch& search, const GameQuery& query)
      : where_(query, search.visible_, /*useTags=*/false),
        s_(search.prepared(kFactsColumns + where_.sql() + " AND g.id = ?")) {}
  ~RowCheck() { s_.reset(); }
  std::optional<GameFacts> operator()(GameId id) {
    where_.bind(s_);
    s_.bind(where_.count() + 1, id);
    std::optional<GameFacts> facts;
    if (s_.step()) facts = factsFrom(s_);
    s_.reset();
    return facts;
  }

 private:
  Where where_;
  Statement& s_;
};

GameSearch::GameSearch(const Database& db)
    : visible_(db.lastGame()),
      accounts_(KnownAccounts::forDatabase(db.dir())),
      db_(db.dir() / "catalogue.sqlite", true) {
  addFoldFunction(db_);
  accounts_.addFunctions(db_);
}

GameSearch::~GameSearch() = default;

Statement& GameSearch::prepared(const std::string& sql) const {
  auto& slot = statements_[sql];
  if (!slot) slot = std::make_unique<Statement>(db_, sql);
  return *slot;
}

std::vector<GameId> GameSearch::page(const GameQuery& query, uint64_t offset, uint64_t limit, bool oldestFirst,
                                     GameOrder order) const {
  std::vector<GameId> ids;
  const auto matches = tagMatches(query);
  if (order == GameOrder::Date && !matches.empty() && dateWalkIsCheaper(matches.front(), offset + limit))
    return pageByDate(query, offset, limit, oldestFirst);
  if (matches.empty() || order != GameOrder::Id) {
    // Unfiltered by date: the date index (games_by_date) holds the order; filtered by
    // names, SQLite sorts what the tag index selects.
    const Where where(query, visible_);
    const char* direction = oldestFirst ? " ASC" : " DESC";
    std::string orderBy = " ORDER BY ";
    if (order == GameOrder::Date) orderBy += std::string("g.date") + direction + ", ";
    if (order == GameOrder::Plies) orderBy += std::string("g.plies") + direction + ", ";
    if (order == GameOrder::Rating) orderBy += std::string("min(g.white_rating, g.black_rating)") + direction + ", ";
    StatementLease s(
        prepared("SELECT g.id FROM games g" + where.sql() + orderBy + "g.id" + direction + " LIMIT ? OFFSET ?"));
    where.bind(*s);
    s->bind(where.count() + 1, int64_t(std::min<uint64_t>(limit, INT64_MAX)));
    s->bind(where.count() + 2, int64_t(std::min<uint64_t>(offset, INT64_MAX)));
    while (s->step()) ids.push_back(s->integer(0));
    return ids;
  }
  // SQLite would collect all of a player's games to sort them; the tag index holds
  // each tag value's games in id order already, so the first name condition's values
  // are walked together, in order, and each game checked on its row until the page
  // is full: the cost is the page, not the player's games.
  const TagMatch& driver = matches.front();
  std::vector<std::unique_ptr<TagCursor>> cursors;
  {
    StatementLease values(prepared(driver.valueIdsSql()));
    int i = 0;
    for (const auto& name : driver.names) values->bind(++i, std::string_view(name));
    values->bind(++i, std::string_view(driver.parameter()));
    while (values->step())
      cursors.push_back(std::make_unique<TagCursor>(db_, values->integer(0), visible_, oldestFirst));
  }
  RowCheck kept(*this, query);
  uint64_t skipped = 0;
  while (ids.size() < limit) {
    const TagCursor* next = nullptr;
    for (const auto& c : cursors)
      if (!c->done() && (!next || (oldestFirst ? c->game() < next->game() : c->game() > next->game()))) next = c.get();
    if (!next) break;
    const GameId id = next->game();
    for (const auto& c : cursors)
      if (!c->done() && c->game() == id) c->advance();  // a game can hold several of the values
    if (!kept(id)) continue;
    if (skipped < offset) ++skipped;
    else ids.push_back(id);
  }
  return ids;
}

// By date, a name's games are not in the tag index's order: SQLite reads and sorts
// them all. Walking the date index instead and checking each game on its row reads
// about (offset + limit) * games / name's games rows: fewer for a busy player.
bool GameSearch::dateWalkIsCheaper(const TagMatch& driver, uint64_t wanted) const {
  StatementLease s(
      prepared("SELECT count(*) FROM game_tags WHERE game <= ? AND value IN (" + driver.valueIdsSql() + ")"));
  int i = 0;
  s->bind(++i, visible_);
  for (const auto& name : driver.names) s->bind(++i, std::string_view(name));
  s->bind(++i, std::string_view(driver.parameter()));
  const uint64_t named = s->step() ? uint64_t(s->integer(0)) : 0;
  return named > 0 && wanted < named / std::max<uint64_t>(1, uint64_t(visible_) / named);
}

std::vector<GameId> GameSearch::pageByDate(const GameQuery& query, uint64_t offset, uint64_t limit,
                                           bool oldestFirst) const {
  StatementLease walk(prepared(oldestFirst ? "SELECT id FROM games WHERE id <= ? ORDER BY date ASC, id ASC"
                                           : "SELECT id FROM games WHERE id <= ? ORDER BY date DESC, id DESC"));
  walk->bind(1, visible_);
  RowCheck kept(*this, query);
  std::vector<GameId> ids;
  uint64_t skipped = 0;
  while (ids.size() < limit && walk->step()) {
    const GameId id = walk->integer(0);
    if (!kept(id)) continue;
    if (skipped < offset) ++skipped;
    else ids.push_back(id);
  }
  return ids;
}

uint64_t GameSearch::count(const GameQuery& query) const {
  const Where where(query, visible_);
  StatementLease s(prepared("SELECT count(*) FROM games g" + where.sql()));
  where.bind(*s);
  return s->step() ? uint64_t(s->integer(0)) : 0;
}

std::vector<GameFacts> GameSearch::facts(const GameQuery& query) const {
  const Where where(query, visible_);
  StatementLease s(prepared(kFactsColumns + where.sql() + " ORDER BY g.id"));
  where.bind(*s);
  std::vector<GameFacts> out;
  while (s->step()) out.push_back(factsFrom(*s));
  return out;
}

std::vector<GameFacts> GameSearch::factsOf(const GameQuery& query, std::span<const GameId> ids) const {
  RowCheck kept(*this, query);
  std::vector<GameFacts> out;
  for (GameId id : ids)
    if (auto facts = kept(id)) out.push_back(*facts);
  return out;
}

namespace {

void readMoves(const Statement& s, int column, GameRow& g) {
  const auto moves = s.blob(column);
  g.moves.clear();  // a reused row
  g.moves.reserve(moves.size() / 2);
  for (std::size_t i = 0; i + 1 < moves.size(); i += 2) g.moves.push_back(PackedMove(moves[i] | moves[i + 1] << 8));
}

constexpr const char* kMovesColumns =
    "SELECT g.id, g.game_type, g.first_mover, g.result, g.plies, g.moves FROM games g";

GameRow movesFrom(const Statement& s) {
  GameRow g;
  g.id = s.integer(0);
  g.gameType = s.text(1);
  g.firstMover = s.integer(2) ? Color::Black : Color::White;
  g.result = stateOfCode(s.integer(3));
  g.plies = uint32_t(s.integer(4));
  readMoves(s, 5, g);
  return g;
}

}  // namespace

void GameSearch::forEachPlayerGame(const GameQuery& query, bool withMoves,
                                   const std::function<void(const GameRow&)>& visit) const {
  const Where where(query, visible_);
  StatementLease s(prepared("SELECT g.id, g.white, g.black, g.date, g.result, g.first_mover, g.game_type, g.plies, " +
                            std::string(withMoves ? "g.moves" : "NULL") + " FROM games g" + where.sql() +
                            (withMoves ? " ORDER BY g.date, g.id" : " ORDER BY g.id")));
  where.bind(*s);
  GameRow g;  // one row's buffers, reused
  while (s->step()) {
    g.id = s->integer(0);
    g.white = s->text(1);
    g.black = s->text(2);
    g.date = s->text(3);
    g.result = stateOfCode(s->integer(4));
    g.firstMover = s->integer(5) ? Color::Black : Color::White;
    g.gameType = s->text(6);
    g.plies = uint32_t(s->integer(7));
    readMoves(*s, 8, g);
    visit(g);
  }
}

void GameSearch::forEachRejected(const std::function<void(grammar::Rejection&&)>& visit) const {
  StatementLease s(
      prepared("SELECT s.path, r.source_index, r.notation, r.line, r.col, r.ply, r.error FROM rejected r"
               " JOIN sources s ON s.id = r.source ORDER BY s.path, r.source_index"));
  while (s->step())
    visit({s->text(0), s->integer(1), s->text(2), int(s->integer(3)), int(s->integer(4)), int(s->integer(5)),
           s->text(6)});
}

std::optional<GameRow> GameSearch::movesOf(GameId id) const {
  StatementLease s(prepared(std::string(kMovesColumns) + " WHERE g.id = ?1 AND g.id <= ?2"));
  s->bindAll(id, visible_);
  if (!s->step()) return std::nullopt;
  return movesFrom(*s);
}

std::vector<GameRow> GameSearch::movesOf(std::span<const GameId> ids) const {
  std::vector<GameRow> out;
  out.reserve(ids.size());
  StatementLease s(prepared(std::string(kMovesColumns) + " WHERE g.id = ?1 AND g.id <= ?2"));
  db_.exec("BEGIN");
  try {
    for (GameId id : ids) {
      s->bindAll(id, visible_);
      if (s->step()) out.push_back(movesFrom(*s));
      s->reset();
    }
  } catch (...) {
    s->reset();
    db_.exec("COMMIT");
    throw;
  }
  s->reset();
  db_.exec("COMMIT");
  return out;
}

void GameSearch::forEachMoves(const GameQuery& query, const std::function<bool(const GameRow&)>& f) const {
  const Where where(query, visible_);
  StatementLease s(prepared(kMovesColumns + where.sql() + " ORDER BY g.id DESC"));
  where.bind(*s);
  while (s->step())
    if (!f(movesFrom(*s))) return;
}

}  // namespace apiary::index
