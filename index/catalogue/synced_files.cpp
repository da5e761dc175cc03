// The catalogue's rows of `apiary sync`: each ingested file's state, each source's
// last run (synced_files.hpp).
#include "index/catalogue/catalogue.hpp"

namespace apiary::index {

namespace {

constexpr const char* kNow = "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')";

}  // namespace

void Catalogue::insertSyncedFiles(std::span<const SyncedFile> files, uint64_t batch) {
  static const std::string sql =
      std::string(
          "INSERT OR REPLACE INTO synced_files(source, url, mirror_path, listed_size, listed_date, etag,"
          " last_modified, checksum, ingested_at, batch) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ") +
      kNow + ", ?9)";
  for (const SyncedFile& f : files) {
    auto insert = prepared(sql.c_str());
    insert->bindAll(f.source, f.url, f.mirrorPath);
    if (f.listedSize) insert->bind(4, int64_t(*f.listedSize));
    else insert->bindNull(4);
    insert->bind(5, f.listedDate).bind(6, f.etag).bind(7, f.lastModified);
    insert->bind(8, int64_t(f.checksum)).bind(9, int64_t(batch));
    insert->run();
  }
}

void Catalogue::writeSyncedFiles(std::span<const SyncedFile> files, uint64_t batch) {
  if (files.empty()) return;
  Transaction txn(db_, Transaction::Kind::Write);
  insertSyncedFiles(files, batch);
  txn.commit();
}

void Catalogue::markSourceSynced(std::string_view source) {
  static const std::string sql =
      std::string("INSERT OR REPLACE INTO synced_sources(source, last_synced) VALUES (?1, ") + kNow + ")";
  prepared(sql.c_str())->bind(1, source).run();
}

std::vector<SyncedFile> Catalogue::syncedFiles(std::string_view source) const {
  auto s = prepared(
      "SELECT url, mirror_path, listed_size, listed_date, etag, last_modified, checksum, ingested_at"
      " FROM synced_files WHERE source = ?1 ORDER BY url");
  s->bind(1, source);
  std::vector<SyncedFile> files;
  while (s->step()) {
    SyncedFile f{std::string(source),     s->text(0), s->text(1), std::nullopt, s->text(3), s->text(4), s->text(5),
                 uint64_t(s->integer(6)), s->text(7)};
    if (!s->isNull(2)) f.listedSize = uint64_t(s->integer(2));
    files.push_back(std::move(f));
  }
  return files;
}

std::vector<SourceSync> Catalogue::sourceSyncs() const {
  auto s = prepared(
      "SELECT s.source, s.last_synced, (SELECT count(*) FROM synced_files f WHERE f.source = s.source)"
      " FROM synced_sources s ORDER BY s.source");
  std::vector<SourceSync> syncs;
  while (s->step()) syncs.push_back({s->text(0), s->text(1), uint64_t(s->integer(2))});
  return syncs;
}

}  // namespace apiary::index
