#include "index/catalogue/catalogue_schema.hpp"

#include <string>

namespace apiary::index {

namespace {

constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS schema_version(version INTEGER NOT NULL);

CREATE TABLE IF NOT EXISTS batches(
  id INTEGER PRIMARY KEY,
  state TEXT NOT NULL CHECK (state IN ('pending', 'committed')),
  first_game INTEGER NOT NULL,
  games INTEGER NOT NULL);

CREATE TABLE IF NOT EXISTS sources(
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE);

CREATE TABLE IF NOT EXISTS games(
  id INTEGER PRIMARY KEY,
  batch INTEGER NOT NULL,
  source INTEGER NOT NULL REFERENCES sources(id),
  source_index INTEGER NOT NULL,
  notation TEXT NOT NULL,
  game_type TEXT NOT NULL,
  white TEXT, black TEXT, event TEXT, site TEXT,
  date TEXT,
  result INTEGER NOT NULL CHECK (result BETWEEN 0 AND 3),
  first_mover INTEGER NOT NULL CHECK (first_mover IN (0, 1)),
  plies INTEGER NOT NULL,
  moves BLOB NOT NULL,
  final_key BLOB NOT NULL,
  fingerprint INTEGER NOT NULL,
  sequence INTEGER NOT NULL,
  tags BLOB NOT NULL,
  tournament INTEGER NOT NULL CHECK (tournament IN (0, 1)),
  white_rating INTEGER, black_rating INTEGER,
  time_control TEXT);
CREATE UNIQUE INDEX IF NOT EXISTS games_by_fingerprint ON games(fingerprint);
CREATE INDEX IF NOT EXISTS games_by_date ON games(date);
-- The few tournament games, in id order, for the tournament filter without a scan.
CREATE INDEX IF NOT EXISTS tournament_games ON games(id) WHERE tournament = 1;
-- No index of the ratings: SQLite scans the games for a minimum rating whatever one
-- offers (the visible-id bound looks as selective), and made to use one it was
-- several times slower once a good part of the games were rated (bench/RESULTS.md).

CREATE TABLE IF NOT EXISTS tag_names(
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE);
CREATE INDEX IF NOT EXISTS tag_names_nocase ON tag_names(name COLLATE NOCASE);

CREATE TABLE IF NOT EXISTS tag_values(
  id INTEGER PRIMARY KEY,
  name INTEGER NOT NULL REFERENCES tag_names(id),
  value TEXT NOT NULL,
  folded TEXT NOT NULL,
  UNIQUE (name, value));
CREATE INDEX IF NOT EXISTS tag_values_by_fold ON tag_values(name, folded);

CREATE TABLE IF NOT EXISTS game_tags(
  value INTEGER NOT NULL REFERENCES tag_values(id),
  game INTEGER NOT NULL REFERENCES games(id),
  PRIMARY KEY (value, game)) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS game_repairs(
  game INTEGER NOT NULL REFERENCES games(id),
  ply INTEGER NOT NULL,
  kind INTEGER NOT NULL,
  PRIMARY KEY (game, ply)) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS rejected(
  id INTEGER PRIMARY KEY,
  source INTEGER NOT NULL REFERENCES sources(id),
  source_index INTEGER NOT NULL,
  notation TEXT NOT NULL,
  line INTEGER NOT NULL,
  col INTEGER NOT NULL,
  ply INTEGER NOT NULL,
  error TEXT NOT NULL,
  UNIQUE (source, source_index));

CREATE TABLE IF NOT EXISTS synced_files(
  source TEXT NOT NULL,
  url TEXT NOT NULL,
  mirror_path TEXT NOT NULL,
  listed_size INTEGER,
  listed_date TEXT NOT NULL,
  etag TEXT NOT NULL,
  last_modified TEXT NOT NULL,
  checksum INTEGER NOT NULL,
  ingested_at TEXT NOT NULL,
  batch INTEGER NOT NULL,
  PRIMARY KEY (source, url)) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS synced_sources(
  source TEXT PRIMARY KEY,
  last_synced TEXT NOT NULL);
)sql";

}  // namespace

void configureCatalogue(Connection& db) {
  if (db.readOnly()) return;  // a reader follows whatever the writer set
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA synchronous = FULL");
  db.exec("PRAGMA cache_size = -65536");            // 64 MiB
  db.exec("PRAGMA journal_size_limit = 67108864");  // a big batch's WAL does not stay big
  db.exec("PRAGMA temp_store = MEMORY");
}

namespace {

std::string formatMismatch(int64_t found) {
  return "this apiary database is in index format " + std::to_string(found) + " and this build reads format " +
         std::to_string(kIndexFormatVersion) + ": ingest the games again into a new database";
}

// Format 11 differs from 12 only in a column's name, so it is renamed in place
// rather than refused: databases written before keep opening. Run inside the
// caller's write transaction.
void upgradeFrom11(Connection& db) {
  db.exec("ALTER TABLE games RENAME COLUMN format TO notation");
  db.exec("ALTER TABLE rejected RENAME COLUMN format TO notation");
  db.exec(("UPDATE schema_version SET version = " + std::to_string(kIndexFormatVersion)).c_str());
}

int64_t storedVersion(const Connection& db) {
  Statement version(db, "SELECT version FROM schema_version");
  if (!version.step()) throw SqliteError("the catalogue has no format version: not an apiary database");
  return version.integer(0);
}

}  // namespace

void createCatalogueSchema(Connection& db) {
  db.exec("BEGIN IMMEDIATE");
  try {
    db.exec(kSchema);
    Statement version(db, "SELECT version FROM schema_version");
    if (!version.step()) {
      Statement insert(db, "INSERT INTO schema_version(version) VALUES (?1)");
      insert.bind(1, int64_t(kIndexFormatVersion)).run();
    } else if (version.integer(0) == kUpgradedIndexFormat) {
      version.reset();
      upgradeFrom11(db);
    } else if (version.integer(0) != kIndexFormatVersion) {
      throw SqliteError(formatMismatch(version.integer(0)));
    }
    version.reset();
    db.exec("COMMIT");
  } catch (...) {
    db.exec("ROLLBACK");
    throw;
  }
}

void checkIndexFormat(const Connection& db, const std::filesystem::path& file) {
  if (storedVersion(db) == kUpgradedIndexFormat) {
    // A reader cannot rename the column through its read-only connection: a
    // writable one does it once, in its own transaction, and the reader goes on.
    try {
      Connection writer(file, false);
      writer.exec("BEGIN IMMEDIATE");
      try {
        if (storedVersion(writer) == kUpgradedIndexFormat) upgradeFrom11(writer);
        writer.exec("COMMIT");
      } catch (...) {
        writer.exec("ROLLBACK");
        throw;
      }
    } catch (const SqliteError& e) {
      throw SqliteError("this apiary database is in index format " + std::to_string(kUpgradedIndexFormat) +
                        ", which this build brings to format " + std::to_string(kIndexFormatVersion) +
                        " when it can write the catalogue, and it cannot: " + e.what());
    }
  }
  const int64_t version = storedVersion(db);
  if (version != kIndexFormatVersion) throw SqliteError(formatMismatch(version));
}

}  // namespace apiary::index
