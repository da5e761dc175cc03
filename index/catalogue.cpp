// The catalogue's writer side: pending batches, commit, recovery, rejected games.
#include "index/catalogue.hpp"

#include <algorithm>

#include "index/catalogue_schema.hpp"
#include "index/codec.hpp"

namespace apiary::index {

namespace {

constexpr const char* kInsertBatch =
    "INSERT INTO batches(id, state, first_game, games) VALUES (?1, 'pending', ?2, ?3)";
constexpr const char* kInsertGame =
    "INSERT INTO games(id, batch, source, source_index, format, game_type, white, black, event, site,"
    " date, result, first_mover, plies, moves, final_key, fingerprint, sequence, tags)"
    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19)"
    " ON CONFLICT (fingerprint) DO NOTHING";
constexpr const char* kInsertGameTag = "INSERT OR IGNORE INTO game_tags(value, game) VALUES (?1, ?2)";
constexpr const char* kFindName = "SELECT id FROM tag_names WHERE name = ?1";
constexpr const char* kInsertName =
    "INSERT INTO tag_names(name) VALUES (?1) ON CONFLICT DO NOTHING RETURNING id";
constexpr const char* kFindValue = "SELECT id FROM tag_values WHERE name = ?1 AND value = ?2";
constexpr const char* kInsertValue =
    "INSERT INTO tag_values(name, value) VALUES (?1, ?2) ON CONFLICT DO NOTHING RETURNING id";
constexpr const char* kFindSource = "SELECT id FROM sources WHERE path = ?1";
constexpr const char* kInsertSource = "INSERT INTO sources(path) VALUES (?1) ON CONFLICT DO NOTHING RETURNING id";

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

// Bounds the value cache: rare values (round numbers, dates) would otherwise grow it
// with the database, and the memory of an ingest has to stay flat.
constexpr std::size_t kValueCacheLimit = 1 << 18;

void bindOptionalText(Statement& s, int index, const std::string* text) {
  if (text) s.bind(index, *text);
  else s.bindNull(index);
}

std::span<const uint8_t> bytesOf(std::string_view s) {
  return {reinterpret_cast<const uint8_t*>(s.data()), s.size()};
}

}  // namespace

Catalogue::Catalogue(const std::filesystem::path& file, bool readOnly) : db_(file, readOnly) {
  configureCatalogue(db_);
  if (!readOnly) createCatalogueSchema(db_);
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
  {
    auto inserted = prepared(insert);  // "... ON CONFLICT DO NOTHING RETURNING id"
    inserted->bindAll(keys...);
    if (inserted->step()) return inserted->integer(0);
  }
  auto found = prepared(find);
  found->bindAll(keys...);
  if (!found->step()) throw SqliteError("a row neither inserted nor found");
  return found->integer(0);
}

int64_t Catalogue::internName(std::string_view name) {
  const auto [it, fresh] = names_.try_emplace(std::string(name), 0);
  if (fresh) it->second = findOrInsert(kFindName, kInsertName, name);
  return it->second;
}

int64_t Catalogue::internValue(int64_t name, std::string_view value) {
  std::string key = std::to_string(name);
  key.push_back('\0');
  key.append(value);
  if (values_.size() >= kValueCacheLimit) values_.clear();
  const auto [it, fresh] = values_.try_emplace(std::move(key), 0);
  if (fresh) it->second = findOrInsert(kFindValue, kInsertValue, name, value);
  return it->second;
}

int64_t Catalogue::internSource(std::string_view path) {
  if (sources_.size() >= kValueCacheLimit) sources_.clear();
  const auto [it, fresh] = sources_.try_emplace(std::string(path), 0);
  if (fresh) it->second = findOrInsert(kFindSource, kInsertSource, path);
  return it->second;
}

// After a rollback the cached ids may name rows that no longer exist.
void Catalogue::forgetInterned() {
  names_.clear();
  values_.clear();
  sources_.clear();
}

Catalogue::Inserted Catalogue::insertPending(uint64_t batch, GameId firstGame,
                                             std::span<const GameRecord> records) {
  Inserted result;
  try {
    Transaction txn(db_, Transaction::Kind::Write);
    prepared(kInsertBatch)->bindAll(batch, firstGame, int64_t(0)).run();
    std::vector<int64_t> valueIds;
    std::string tagBlob, moveBlob;
    std::vector<std::pair<int64_t, GameId>> gameTags;
    for (uint32_t i = 0; i < records.size(); ++i) {
      const GameRecord& r = records[i];
      const GameId id = firstGame + GameId(result.accepted.size());
      valueIds.clear();
      tagBlob.clear();
      for (const auto& [name, value] : r.meta.tags) {
        valueIds.push_back(internValue(internName(name), value));
        putVarint(tagBlob, uint64_t(valueIds.back()));
      }
      auto insert = prepared(kInsertGame);
      insert->bindAll(id, batch, internSource(r.meta.source), r.meta.sourceIndex, r.meta.format,
                     r.type.name());
      bindOptionalText(*insert, 7, r.tag("White"));
      bindOptionalText(*insert, 8, r.tag("Black"));
      bindOptionalText(*insert, 9, r.tag("Event"));
      bindOptionalText(*insert, 10, r.tag("Site"));
      if (r.isoDate.empty()) insert->bindNull(11);
      else insert->bind(11, r.isoDate);
      insert->bind(12, resultCode(r.result()));
      insert->bind(13, int64_t(r.firstMover == Color::Black));
      insert->bind(14, int64_t(r.plies));
      moveBlob.clear();
      for (PackedMove m : r.uhpMoves) moveBlob += {char(m & 0xFF), char(m >> 8)};  // little-endian
      insert->bindBlob(15, bytesOf(moveBlob));
      insert->bindBlob(16, bytesOf(r.finalKey.bytes()));
      insert->bind(17, int64_t(r.fingerprint));
      insert->bind(18, int64_t(r.sequence));
      insert->bindBlob(19, bytesOf(tagBlob));
      insert->run();
      if (db_.changes() == 0) {
        ++result.skipped;
        continue;
      }
      for (int64_t value : valueIds) gameTags.push_back({value, id});
      result.accepted.push_back(i);
    }
    if (result.accepted.empty()) {  // nothing new: the transaction rolls back
      forgetInterned();
      return result;
    }
    std::sort(gameTags.begin(), gameTags.end());
    for (std::size_t i = 0; i < gameTags.size();) {
      const std::size_t rows = gameTags.size() - i >= kTagRowsPerInsert ? kTagRowsPerInsert : 1;
      auto insert = prepared(insertGameTags(rows));
      for (std::size_t k = 0; k < rows; ++k, ++i) {
        insert->bind(int(2 * k + 1), gameTags[i].first);
        insert->bind(int(2 * k + 2), gameTags[i].second);
      }
      insert->run();
    }
    prepared("UPDATE batches SET games = ?2 WHERE id = ?1")->bindAll(batch, result.accepted.size()).run();
    txn.commit();
  } catch (...) {
    forgetInterned();
    throw;
  }
  return result;
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
    prepared("DELETE FROM games WHERE id >= ?1")->bind(1, firstDiscarded).run();
    prepared("DELETE FROM batches WHERE id > ?1")->bind(1, int64_t(lastCommitted)).run();
  }
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

void Catalogue::addRejected(std::span<const RejectedGame> games) {
  if (games.empty()) return;
  try {
    Transaction txn(db_, Transaction::Kind::Write);
    for (const RejectedGame& g : games)
      prepared(
          "INSERT INTO rejected(source, source_index, format, line, col, ply, error)"
          " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (source, source_index) DO NOTHING")
          ->bindAll(internSource(g.source), g.sourceIndex, g.format, g.line, g.column, g.ply, g.error)
          .run();
    txn.commit();
  } catch (...) {
    forgetInterned();
    throw;
  }
}

}  // namespace apiary::index
