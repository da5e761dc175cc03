// What `apiary sync` keeps of each file it ingested from an archive, in the
// catalogue (table synced_files): enough to know, on the next run, that the file
// needs no request at all (same listed size and date) or only a conditional one
// (its ETag and Last-Modified). A row is written in the same SQLite transaction as
// the batch holding the file's last game, so after a crash a file's row exists
// exactly when all its games do (Database::addGames).
#pragma once
#include <cstdint>
#include <optional>
#include <string>

namespace apiary::index {

struct SyncedFile {
  std::string source;      // the source's name ("boardspace")
  std::string url;         // the file's full URL; with source, the key
  std::string mirrorPath;  // where the mirror keeps it, relative to the mirror's root
  std::optional<uint64_t> listedSize;
  std::string listedDate;  // the listing's date, as the listing wrote it
  std::string etag, lastModified;
  uint64_t checksum = 0;   // XXH3 of the file's bytes
  std::string ingestedAt;  // UTC, ISO 8601, when its batch was written
};

// When a source's last sync run ended (written once a run is through).
struct SourceSync {
  std::string source;
  std::string lastSynced;  // UTC, ISO 8601
  uint64_t files = 0;      // the source's files in synced_files
};

}  // namespace apiary::index
