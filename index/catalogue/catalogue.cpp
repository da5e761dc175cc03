// The catalogue's writer side: pending batches, commit, recovery, rejected games.
#include "index/catalogue/catalogue.hpp"

#include <algorithm>
#include <array>
#include <numeric>

#include "index/catalogue/archive_marks.hpp"
#include "index/catalogue/catalogue_schema.hpp"
#include "index/catalogue/text_fold.hpp"
#include "index/codec.hpp"

namespace apiary::index {

namespace {

constexpr const char* kInsertBatch = "INSERT INTO batches(id, state, first_game, games) VALUES (?1, 'pending', ?2, ?3)";
constexpr const char* kInsertGame =
    "INSERT INTO games(id, batch, source, source_index, notation, game_type, white, black, event, site,"
    " date, result, first_mover, plies, moves, final_key, fingerprint, sequence, tags,"
    " tournament, white_rating, black_rating, time_control)"
    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19,"
    " ?20, ?21, ?22, ?23)";
constexpr const char* kInsertGameTag = "INSERT OR IGNORE INTO game_tags(value, game) VALUES (?1, ?2)";
// Not "RETURNING id": SQLite runs such a statement through a temporary table, which
// made a new tag value cost three times a plain insert (and nearly every game has one:
// round numbers). The new row's id is the connection's last insert rowid.
constexpr const char* kFindName = "SELECT id FROM tag_names WHERE name = ?1";
constexpr const char* kInsertName = "INSERT INTO tag_names(name) VALUES (?1) ON CONFLICT DO NOTHING";
// The fold (?3) follows from the value: finding by it too changes nothing.
constexpr const char* kFindValue = "SELECT id FROM tag_values WHERE name = ?1 AND value = ?2 AND folded = ?3";
constexpr const char* kInsertValue =
    "INSERT INTO tag_values(name, value, folded) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING";
constexpr const char* kFindSource = "SELECT id FROM sources WHERE path = ?1";
constexpr const char* kInsertSource = "INSERT INTO sources(path) VALUES (?1) ON CONFLICT DO NOTHING";

// game_tags rows go in sorted, many per statement: one B-tree descent per row
// instead of one statement each, and pages filled in order instead of split.
constexpr std::size_t kTagRowsPerInsert = 64;
const char* insertGameTags(std::size_t rows) {
  static const std::string many = [] {
    std::string sql = "INSERT OR IGNORE INTO game_tags(value, game) VALUES (?, ?)";
    for (std::size_t i = 1; i < kTagRowsPerInsert; ++i) sql += ", (?, ?)";
    return sql;
  }();
  return rows == kTagRowsPerInsert ? many.c_str() : kInsertGameTag;
}

void bindOptionalText(Statement& s, int index, const std::string* text) {
  if (text) s.bindUnowned(index, *text);
  else s.bindNull(index);
}

void bindOptionalNumber(Statement& s, int index, std::optional<int64_t> n) {
  if (n) s.bind(index, *n);
  else s.bindNull(index);
}

// The columns tournament, white_rating, black_rating, time_control from `first` on.
void bindMarks(Statement& s, int first, const ArchiveMarks& marks) {
  s.bind(first, int64_t(marks.tournament));
  bindOptionalNumber(s, first + 1, marks.whiteRating);
  bindOptionalNumber(s, first + 2, marks.blackRating);
  bindOptionalText(s, first + 3, marks.timeControl);
}

// game_tags rows in (value, game) order. They are collected in game order, so a
// stable sort by value alone gives it: a radix sort, a few passes over the rows,
// where std::sort's comparisons of pairs were a share of the catalogue's
// instructions.
void sortTagRows(std::vector<std::pair<int64_t, GameId>>& rows) {
  constexpr int kDigitBits = 11;
  constexpr uint64_t kDigitMask = (uint64_t(1) << kDigitBits) - 1;
  uint64_t largest = 0;
  for (const auto& row : rows) largest = std::max(largest, uint64_t(row.first));
  std::vector<std::pair<int64_t, GameId>> sorted(rows.size());
  for (int shift = 0; shift < 64 && (largest >> shift) != 0; shift += kDigitBits) {
    std::vector<std::size_t> start(kDigitMask + 2, 0);
    for (const auto& row : rows) ++start[((uint64_t(row.first) >> shift) & kDigitMask) + 1];
    for (std::size_t d = 1; d < start.size(); ++d) start[d] += start[d - 1];
    for (const auto& row : rows) sorted[start[(uint64_t(row.first) >> shift) & kDigitMask]++] = row;
    rows.swap(sorted);
  }
}

std::span<const uint8_t> bytesOf(std::string_view s) { return {reinterpret_cast<const uint8_t*>(s.data()), s.size()}; }

}  // namespace

Catalogue::Catalogue(const std::filesystem::path& file, bool readOnly) : db_(file, readOnly) {
  configureCatalogue(db_);
  if (readOnly) checkIndexFormat(db_, file);
  else createCatalogueSchema(db_);
}

Catalogue::~Catalogue() = default;

StatementLease Catalogue::prepared(const char* sql) const {
  auto& slot = statements_[sql];
  if (!slot) slot = std::make_unique<Statement>(db_, sql);
  return StatementLease(*slot);
}

template <class... Keys>
int64_t Catalogue::findOrInsert(const char* find, const char* insert, const Keys&... keys) {
  // Inserting first: a value missing from the cache is most often new (a round, a date).
  prepared(insert)->bindAll(keys...).run();  // "... ON CONFLICT DO NOTHING"
  if (db_.changes() > 0) return db_.lastInsertRowid();
  auto found = prepared(find);
  found->bindAll(keys...);
  if (!found->step()) throw SqliteError("a row neither inserted nor found");
  return found->integer(0);
}

namespace {

// Entries per generation of an id cache: a few times the values that repeat in
// practice (players, events, dates), and small enough to stay in the CPU's caches
// (at 2^18 entries in one table, a lookup cost as much as writing the tag's row).
constexpr std::size_t kGeneration = 1 << 14;

// Most lookups hit the cache: they find by a key built in a reused buffer, and only
// a miss allocates one of its own. A hit in the older generation moves the entry to
// the recent one; when that is full it becomes the older one.
template <class Cache, class Find>
int64_t interned(Cache& cache, const std::string& key, Find&& find) {
  if (const auto it = cache.recent.find(key); it != cache.recent.end()) return it->second;
  int64_t id;
  if (const auto it = cache.older.find(key); it != cache.older.end()) id = it->second;
  else id = find();
  if (cache.recent.size() >= kGeneration) {
    cache.older = std::move(cache.recent);
    cache.recent.clear();
  }
  cache.recent.emplace(key, id);
  return id;
}

thread_local std::string lookupKey;

}  // namespace

int64_t Catalogue::internName(std::string_view name) {
  lookupKey.assign(name);
  return interned(names_, lookupKey, [&] { return findOrInsert(kFindName, kInsertName, name); });
}

int64_t Catalogue::internValue(int64_t name, std::string_view value) {
  lookupKey.assign(reinterpret_cast<const char*>(&name), sizeof name);  // fixed width: no separator
  lookupKey.append(value);
  return interned(values_, lookupKey,
                  [&] { return findOrInsert(kFindValue, kInsertValue, name, value, foldCase(value)); });
}

int64_t Catalogue::internSource(std::string_view path) {
  lookupKey.assign(path);
  return interned(sources_, lookupKey, [&] { return findOrInsert(kFindSource, kInsertSource, path); });
}

// After a rollback the cached ids may name rows that no longer exist.
void Catalogue::forgetInterned() {
  names_ = {};
  values_ = {};
  sources_ = {};
}

std::vector<uint32_t> Catalogue::newGames(std::span<const GameRecord> records) const {
  // In fingerprint order: copies within the batch come together, and the lookups walk
  // the unique index in its order rather than jumping about it.
  std::vector<uint32_t> order(records.size());
  std::iota(order.begin(), order.end(), 0u);
  std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    return std::pair(records[a].fingerprint, a) < std::pair(records[b].fingerprint, b);
  });
  std::vector<uint32_t> fresh;
  Transaction snapshot(db_, Transaction::Kind::Read);  // one read transaction, not one a lookup
  auto find = prepared("SELECT 1 FROM games WHERE fingerprint = ?1");
  for (std::size_t k = 0; k < order.size(); ++k) {
    const uint64_t fingerprint = records[order[k]].fingerprint;
    if (k > 0 && records[order[k - 1]].fingerprint == fingerprint) continue;  // the batch's first copy counts
    find->bind(1, int64_t(fingerprint));
    const bool present = find->step();
    find->reset();
    if (!present) fresh.push_back(order[k]);
  }
  snapshot.commit();
  std::sort(fresh.begin(), fresh.end());
  return fresh;
}

void Catalogue::insertPending(uint64_t batch, GameId firstGame, std::span<const GameRecord> records,
                              std::span<const uint32_t> accepted, std::span<const SyncedFile> files) {
  try {
    Transaction txn(db_, Transaction::Kind::Write);
    insertSyncedFiles(files, batch);
    prepared(kInsertBatch)->bindAll(batch, firstGame, int64_t(accepted.size())).run();
    std::vector<int64_t> valueIds;
    std::string tagBlob, moveBlob;
    std::vector<std::pair<int64_t, GameId>> gameTags;
    // The previous game's tags (views into its record, which outlives this call).
    struct SeenTag {
      std::string_view name, value;
      int64_t nameId = -1, valueId = -1;
    };
    std::vector<SeenTag> previous;
    std::array<std::string, 8> typeNames;
    for (uint8_t t = 0; t < 8; ++t) typeNames[t] = GameType{t}.name();
    for (std::size_t n = 0; n < accepted.size(); ++n) {
      const GameRecord& r = records[accepted[n]];
      const GameId id = firstGame + GameId(n);
      valueIds.clear();
      tagBlob.clear();
      for (std::size_t k = 0; k < r.meta.tags.size(); ++k) {
        const auto& [name, value] = r.meta.tags[k];
        // Games of a file repeat the previous game's tag names, and many of its values
        // (game type, site, event): those need no lookup at all.
        if (k == previous.size()) previous.emplace_back();
        SeenTag& seen = previous[k];
        if (seen.nameId < 0 || seen.name != name) seen = {name, {}, internName(name), -1};
        if (seen.valueId < 0 || seen.value != value) {
          seen.value = value;
          seen.valueId = internValue(seen.nameId, value);
        }
        valueIds.push_back(seen.valueId);
        putVarint(tagBlob, uint64_t(seen.valueId));
      }
      // Everything bound below outlives run(), so nothing is copied.
      auto insert = prepared(kInsertGame);
      insert->bindAll(id, batch, internSource(r.meta.source), r.meta.sourceIndex);
      insert->bindUnowned(5, r.meta.notation);
      insert->bindUnowned(6, typeNames[r.type.expansions & 7]);
      bindOptionalText(*insert, 7, r.tag("White"));
      bindOptionalText(*insert, 8, r.tag("Black"));
      bindOptionalText(*insert, 9, r.tag("Event"));
      bindOptionalText(*insert, 10, r.tag("Site"));
      if (r.isoDate.empty()) insert->bindNull(11);
      else insert->bindUnowned(11, r.isoDate);
      insert->bind(12, resultCode(r.result()));
      insert->bind(13, int64_t(r.firstMover == Color::Black));
      insert->bind(14, int64_t(r.plies));
      moveBlob.clear();
      for (PackedMove m : r.uhpMoves) moveBlob += {char(m & 0xFF), char(m >> 8)};  // little-endian
      insert->bindUnownedBlob(15, bytesOf(moveBlob));
      insert->bindUnownedBlob(16, bytesOf(r.finalKey.bytes()));
      insert->bind(17, int64_t(r.fingerprint));
      insert->bind(18, int64_t(r.sequence));
      insert->bindUnownedBlob(19, bytesOf(tagBlob));
      bindMarks(*insert, 20, archiveMarks(r.meta));
      insert->run();  // a game already there breaks the unique fingerprint: throws
      for (int64_t value : valueIds) gameTags.push_back({value, id});
      for (const MoveRepair& repair : r.meta.repairs)
        prepared("INSERT INTO game_repairs(game, ply, kind) VALUES (?1, ?2, ?3)")
            ->bindAll(id, int64_t(repair.ply), int64_t(repair.kind))
            .run();
    }
    sortTagRows(gameTags);
    for (std::size_t i = 0; i < gameTags.size();) {
      const std::size_t rows = gameTags.size() - i >= kTagRowsPerInsert ? kTagRowsPerInsert : 1;
      auto insert = prepared(insertGameTags(rows));
      for (std::size_t k = 0; k < rows; ++k, ++i) {
        insert->bind(int(2 * k + 1), gameTags[i].first);
        insert->bind(int(2 * k + 2), gameTags[i].second);
      }
      insert->run();
    }
    txn.commit();
  } catch (...) {
    forgetInterned();
    throw;
  }
}

void Catalogue::markCommitted(uint64_t batch) {
  prepared("UPDATE batches SET state = 'committed' WHERE id = ?1")->bind(1, int64_t(batch)).run();
}

void Catalogue::recover(uint64_t lastCommitted) {
  Transaction txn(db_, Transaction::Kind::Write);
  auto later = prepared("SELECT min(first_game) FROM batches WHERE id > ?1");
  later->bind(1, int64_t(lastCommitted));
  const bool any = later->step() && !later->isNull(0);
  const GameId firstDiscarded = any ? later->integer(0) : 0;
  later->reset();
  if (any) {
    // Each game's tag pairs are listed in its own row, so they are deleted by key
    // rather than by scanning game_tags.
    auto games = prepared("SELECT id, tags FROM games WHERE id >= ?1");
    games->bind(1, firstDiscarded);
    std::vector<std::pair<GameId, uint64_t>> pairs;
    while (games->step()) {
      const auto blob = games->blob(1);
      Reader in({reinterpret_cast<const char*>(blob.data()), blob.size()});
      while (!in.atEnd() && in.ok()) pairs.push_back({games->integer(0), in.varint()});
    }
    games->reset();
    for (const auto& [game, value] : pairs)
      prepared("DELETE FROM game_tags WHERE value = ?1 AND game = ?2")->bindAll(value, game).run();
    prepared("DELETE FROM game_repairs WHERE game >= ?1")->bind(1, firstDiscarded).run();
    prepared("DELETE FROM games WHERE id >= ?1")->bind(1, firstDiscarded).run();
    prepared("DELETE FROM batches WHERE id > ?1")->bind(1, int64_t(lastCommitted)).run();
  }
  // A file's state went in with the batch holding its last game: gone with it.
  prepared("DELETE FROM synced_files WHERE batch > ?1")->bind(1, int64_t(lastCommitted)).run();
  prepared("UPDATE batches SET state = 'committed' WHERE id <= ?1 AND state = 'pending'")
      ->bind(1, int64_t(lastCommitted))
      .run();
  txn.commit();
  forgetInterned();
}

uint64_t Catalogue::maxBatch() const {
  auto s = prepared("SELECT coalesce(max(id), 0) FROM batches");
  s->step();
  const uint64_t v = uint64_t(s->integer(0));
  s->reset();
  return v;
}

GameId Catalogue::maxGame() const {
  auto s = prepared("SELECT coalesce(max(id), 0) FROM games");
  s->step();
  const GameId v = s->integer(0);
  s->reset();
  return v;
}

void Catalogue::addRejected(std::span<const grammar::Rejection> games) {
  if (games.empty()) return;
  try {
    Transaction txn(db_, Transaction::Kind::Write);
    for (const grammar::Rejection& g : games)
      prepared(
          "INSERT INTO rejected(source, source_index, notation, line, col, ply, error)"
          " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (source, source_index) DO NOTHING")
          ->bindAll(internSource(g.file), g.index, g.notation, g.line, g.column, g.ply, g.message)
          .run();
    txn.commit();
  } catch (...) {
    forgetInterned();
    throw;
  }
}

}  // namespace apiary::index
