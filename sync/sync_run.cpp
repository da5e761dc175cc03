#include "sync/sync_run.hpp"

#include <atomic>
#include <chrono>
#include <exception>
#include <map>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "ingest/path_queue.hpp"
#include "sync/download_check.hpp"
#include "sync/mirror.hpp"
#include "sync/sync_plan.hpp"

namespace apiary::sync {

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

class Run {
 public:
  Run(index::Database& db, const SyncOptions& options)
      : db_(db),
        options_(options),
        row_(findRow(options.source)),
        client_(options.http),
        mirror_(mirrorRoot(db.dir(), std::string(row_.name), options.mirror)) {
    for (auto& f : db_.syncedFiles(std::string(row_.name))) stored_.emplace(f.url, std::move(f));
  }

  SyncSummary run() {
    if (options_.dryRun) {
      for (const RemoteFile& file : walk())
        if (plan(file).action != FilePlan::Action::Unchanged && options_.wouldFetch) options_.wouldFetch(file);
      return finish();
    }
    ingest::ImportOptions import = options_.import;
    import.pathState = [this](const std::string& path) { return stateOf(path);
  };
  import.progress = [this](const ingest::ImportProgress& p) { std::lock_guard lock(mutex_);
  progress_.ingest = p;
  report(lock);
};
std::exception_ptr failure;
std::thread downloads([&] {
  try {
    fetchAll(walk());
  } catch (...) {
    failure = std::current_exception();
  }
  queue_.close();
});
try {
  summary_.ingest = ingest::importQueue(db_, queue_, import);
} catch (...) {
  stopping_ = true;  // the download thread stops at its next file
  downloads.join();
  throw;
}
downloads.join();
if (failure) std::rethrow_exception(failure);
// 304s of copies already ingested: their new listing, with no batch of their own.
if (!stateOnly_.empty()) db_.addGames({}, stateOnly_);
if (summary_.stopped.empty()) db_.markSourceSynced(std::string(row_.name));
return finish();
}  // namespace

private:
static const SourceRow& findRow(const std::string& name) {
  if (const SourceRow* row = findSource(name)) return *row;
  throw std::invalid_argument("unknown source '" + name + "' (" + sourceNames() + ")");
}

std::vector<RemoteFile> walk() {
  WalkOptions walk{options_.url.empty() ? std::string(row_.defaultRootUrl) : options_.url, options_.since};
  if (walk.rootUrl.back() != '/') walk.rootUrl += '/';
  std::vector<RemoteFile> files =
      row_.walk(client_, walk,
                WalkCallbacks{[this](const std::string&, std::size_t) {
                                std::lock_guard lock(mutex_);
                                ++progress_.pagesListed;
                                report(lock);
                              },
                              [this](const std::string& url, const std::string& reason) { fail(url, reason); }});
  std::lock_guard lock(mutex_);
  progress_.filesListed = files.size();
  return files;
}

FilePlan plan(const RemoteFile& file) const {
  const auto it = stored_.find(file.url);
  return planFile(file, it == stored_.end() ? nullptr : &it->second, mirror_ / file.mirrorPath);
}

void fetchAll(const std::vector<RemoteFile>& files) {
  std::vector<std::pair<const RemoteFile*, FilePlan>> todo;
  for (const RemoteFile& file : files) {
    FilePlan p = plan(file);
    if (p.action == FilePlan::Action::Unchanged) ++summary_.unchanged;
    else todo.emplace_back(&file, std::move(p));
  }
  {
    std::lock_guard lock(mutex_);
    progress_.filesToFetch = todo.size();
    progress_.walked = true;
    fetchStart_ = Clock::now();
  }
  for (const auto& [file, p] : todo) {
    if (stopping_ || client_.stopped()) break;
    fetch(*file, p);
    std::lock_guard lock(mutex_);
    ++progress_.filesDone;
    progress_.bytes = client_.bytes();
    report(lock);
  }
  if (client_.stopped()) summary_.stopped = client_.stopMessage();
}

void fetch(const RemoteFile& file, const FilePlan& p) {
  const std::filesystem::path copy = mirror_ / file.mirrorPath, part = partPath(copy);
  std::error_code ec;
  std::filesystem::create_directories(copy.parent_path(), ec);
  const FetchResult got = client_.getFile(file.url, part, p.validators);
  index::SyncedFile state{std::string(row_.name),
                          file.url,
                          file.mirrorPath.string(),
                          listedSizeOf(file),
                          file.listedDate,
                          got.etag,
                          got.lastModified,
                          0,
                          {}};
  if (!got.ok) return fail(file.url, got.error);
  if (got.notModified) {
    ++summary_.notModified;
    const FileScan scan = scanFile(copy);
    state.checksum = scan.checksum;
    if (state.etag.empty()) state.etag = p.validators.etag;
    if (state.lastModified.empty()) state.lastModified = p.validators.lastModified;
    if (p.ingestedCopy) stateOnly_.push_back(std::move(state));
    else enqueue(copy, std::move(state));
    return;
  }
  const DownloadCheck check = checkDownload(part, file.url);
  if (!check.error.empty()) {
    std::filesystem::remove(part, ec);
    return fail(file.url, check.error);
  }
  setModifiedTime(part, got.lastModified);
  std::filesystem::rename(part, copy, ec);
  if (ec) return fail(file.url, "cannot keep the download as " + copy.string() + ": " + ec.message());
  ++summary_.fetched;
  state.checksum = check.checksum;
  enqueue(copy, std::move(state));
}

void enqueue(const std::filesystem::path& copy, index::SyncedFile&& state) {
  {
    std::lock_guard lock(mutex_);
    queued_[copy.string()] = std::move(state);
  }
  queue_.push(copy.string());
}

// The importer's: the state of a mirror file it has read through.
std::optional<index::SyncedFile> stateOf(const std::string& path) {
  std::lock_guard lock(mutex_);
  const auto it = queued_.find(path);
  if (it == queued_.end()) return std::nullopt;
  index::SyncedFile state = std::move(it->second);
  queued_.erase(it);
  return state;
}

void fail(const std::string& url, const std::string& reason) {
  std::lock_guard lock(mutex_);
  ++summary_.failed;
  if (options_.failure) options_.failure({url, reason});
}

void report(std::lock_guard<std::mutex>&) {
  if (!options_.progress || since(lastReport_) < 0.2) return;
  progress_.seconds = since(start_);
  if (progress_.walked && progress_.filesDone)
    progress_.secondsLeft =
        since(fetchStart_) / double(progress_.filesDone) * double(progress_.filesToFetch - progress_.filesDone);
  options_.progress(progress_);
  lastReport_ = Clock::now();
}

SyncSummary finish() {
  summary_.pagesListed = progress_.pagesListed;
  summary_.filesListed = progress_.filesListed;
  summary_.bytes = client_.bytes();
  summary_.requests = client_.requests();
  summary_.delaySeconds = std::chrono::duration<double>(client_.waited()).count();
  summary_.seconds = since(start_);
  return std::move(summary_);
}

index::Database& db_;
const SyncOptions& options_;
const SourceRow& row_;
HttpClient client_;
const std::filesystem::path mirror_;
std::map<std::string, index::SyncedFile> stored_;  // by URL
ingest::PathQueue queue_;
std::mutex mutex_;                                 // guards what both threads touch: progress, queued_, failures
std::map<std::string, index::SyncedFile> queued_;  // by mirror path, until read through
std::vector<index::SyncedFile> stateOnly_;
std::atomic<bool> stopping_{false};
SyncProgress progress_;
SyncSummary summary_;
const Clock::time_point start_ = Clock::now();
Clock::time_point lastReport_{}, fetchStart_{};
};  // namespace apiary::sync

}  // namespace

SyncSummary runSync(index::Database& db, const SyncOptions& options) { return Run(db, options).run(); }

}  // namespace apiary::sync
