// One `apiary sync`: walk a source's listing pages, fetch what changed into the
// mirror (one connection, on a thread of its own), and ingest each file as soon as
// it is whole and checked, in one import with the files' states committed with
// their games (ingest::importQueue, index/catalogue/synced_files.hpp).
#pragma once
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include "index/database.hpp"
#include "ingest/importer.hpp"
#include "sync/archive_source.hpp"
#include "sync/http_client.hpp"

namespace apiary::sync {

// A URL that failed: a listing page or a file. One line each in the report.
struct SyncFailure {
  std::string url;
  std::string reason;
};

struct SyncProgress {
  uint64_t pagesListed = 0;
  uint64_t filesListed = 0;
  uint64_t filesToFetch = 0;  // known once the walk is done
  uint64_t filesDone = 0;     // of those, fetched, not modified or failed
  int64_t bytes = 0;
  bool walked = false;
  double secondsLeft = -1;  // the fetches' pace so far times the files left; -1: unknown
  ingest::ImportProgress ingest;
  double seconds = 0;
};

struct SyncOptions {
  std::string source = "boardspace";  // a row of sourceTable()
  std::string url;                    // the archive's root instead of the row's (a mirror)
  std::optional<int> since;           // files of this year and later only
  HttpOptions http;
  std::filesystem::path mirror;  // empty: <db>/mirror/<source>
  bool dryRun = false;           // walk and plan, fetch and ingest nothing
  ingest::ImportOptions import;  // batches, jobs, findings (pathState is the run's)
  std::function<void(const SyncFailure&)> failure;
  std::function<void(const SyncProgress&)> progress;  // on any thread, one call at a time
  std::function<void(const RemoteFile&)> wouldFetch;  // a dry run: each file a sync would request
};

struct SyncSummary {
  uint64_t pagesListed = 0, filesListed = 0;
  uint64_t fetched = 0;      // downloaded whole
  uint64_t notModified = 0;  // asked, and a 304 said the copy is current
  uint64_t unchanged = 0;    // not asked: the listing says it is as ingested
  uint64_t failed = 0;       // files and listing pages
  int64_t bytes = 0, requests = 0;
  double seconds = 0;
  double delaySeconds = 0;  // how much longer the delays and waits made the run
  std::string stopped;      // the client gave up on the server: why
  ingest::ImportSummary ingest;
};

// Throws std::invalid_argument for an unknown source or a bad URL.
SyncSummary runSync(index::Database& db, const SyncOptions& options);

}  // namespace apiary::sync
