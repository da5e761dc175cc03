// The JSON document of a sync, as the command prints it: the run's counts, the URLs that
// failed, the files a dry run would fetch, and the ingest's own document.
#pragma once
#include <ostream>
#include <vector>

#include "ingest/report_json.hpp"
#include "sync/sync_run.hpp"

namespace apiary::sync {

class ReportJson {
 public:
  void failed(const SyncFailure& failure) { failures_.push_back(failure); }
  void wouldFetch(const RemoteFile& file) { planned_.push_back(file); }
  // The document, with no newline: {"bytes", "delay_seconds", "failed",
  // "failures": [{"reason", "url"}], "fetched", "files_listed", "not_modified",
  // "pages", "requests", "seconds", "stopped", "unchanged", and for a dry run
  // "would_fetch": [{"mirror_path", "url"}]}, then "ingest": `ingest`'s document.
  void write(const SyncSummary& summary, bool dryRun, const ingest::ReportJson& ingest, std::ostream& out) const;

 private:
  std::vector<SyncFailure> failures_;
  std::vector<RemoteFile> planned_;
};

}  // namespace apiary::sync
