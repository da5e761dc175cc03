// apiary sync: an archive's games fetched into the mirror and ingested as each file
// arrives (sync/sync_run.hpp); this file is the command's options and its text
// report (the JSON document is sync/report_json.hpp's).
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/compact_after_ingest.hpp"
#include "cli/ingest_report.hpp"
#include "sync/report_json.hpp"
#include "sync/sync_run.hpp"

namespace apiary::cli {

namespace {

struct SyncCommandOptions {
  std::string source = "boardspace";
  std::string url, mirror;
  int since = 0;
  double delay = 1.0;
  std::size_t batchGames = 20000;
  bool dryRun = false, json = false;
};

std::string duration(double seconds) {
  const long s = std::lround(seconds);
  char text[32];
  if (s >= 3600) std::snprintf(text, sizeof text, "%ld h %02ld min", s / 3600, s / 60 % 60);
  else if (s >= 60) std::snprintf(text, sizeof text, "%ld min %02ld s", s / 60, s % 60);
  else std::snprintf(text, sizeof text, "%ld s", s);
  return text;
}

void showProgress(const sync::SyncProgress& p) {
  const double rate = p.seconds > 0 ? double(p.ingest.games) / p.seconds : 0;
  std::string files = std::to_string(p.filesDone);
  if (p.walked) files += "/" + std::to_string(p.filesToFetch);
  std::fprintf(stderr, "\r\33[K%llu pages  %s files  %.1f MB  %.0f games/s  %s", (unsigned long long)p.pagesListed,
               files.c_str(), double(p.bytes) / 1e6, rate,
               p.secondsLeft >= 0 ? (duration(p.secondsLeft) + " left").c_str() : "listing");
  std::fflush(stderr);
}

void printText(const sync::SyncSummary& s) {
  std::cout << "listed " << s.pagesListed << " pages, " << s.filesListed << " files\n"
            << "fetched " << s.fetched << " files (" << s.bytes << " bytes, " << s.requests << " requests), "
            << s.notModified << " not modified, " << s.unchanged << " unchanged (not asked), " << s.failed
            << " failed\n"
            << "took " << duration(s.seconds) << ", of which the delays " << duration(s.delaySeconds) << "\n";
  if (!s.stopped.empty()) std::cout << "stopped: " << s.stopped << "\n";
}

int runSync(const GlobalOptions& global, const SyncCommandOptions& o) {
  if (o.delay < 0) {
    std::cerr << "apiary sync: --delay must be 0 or more seconds\n";
    return kExitUsage;
  }
  index::Database db(global.databasePath());
  const bool terminal = isatty(STDERR_FILENO) && !o.dryRun;
  sync::SyncOptions options;
  options.source = o.source;
  options.url = o.url;
  if (o.since) options.since = o.since;
  options.http.delay = std::chrono::milliseconds(std::llround(o.delay * 1000));
  options.mirror = o.mirror;
  options.dryRun = o.dryRun;
  options.import.batchGames = std::max<std::size_t>(1, o.batchGames);
  IngestReport report(o.json, terminal);
  options.import.findings = report.findings();
  sync::ReportJson document;
  options.failure = [&](const sync::SyncFailure& f) {
    if (o.json) return document.failed(f);
    if (terminal) std::cerr << "\r\33[K";
    std::cerr << f.url << ": " << f.reason << "\n";
  };
  options.wouldFetch = [&](const sync::RemoteFile& f) {
    if (o.json) return document.wouldFetch(f);
    std::cout << f.url << "\n";
  };
  if (terminal) options.progress = showProgress;
  ingest::keepFreedMemory();
  sync::SyncSummary summary;
  try {
    summary = sync::runSync(db, options);
  } catch (const std::invalid_argument& e) {
    std::cerr << "apiary sync: " << e.what() << "\n";
    return kExitUsage;
  }
  if (summary.ingest.totals.added) compactAfterIngest(db);
  if (terminal) std::fprintf(stderr, "\r\33[K");
  if (o.json) {
    document.write(summary, o.dryRun, report.document(), std::cout);
    std::cout << "\n";
  } else if (!o.dryRun) {
    printText(summary);
    report.finish(summary.ingest, false);
  }
  const bool anyFailed = summary.failed || summary.ingest.totals.rejected || !summary.stopped.empty();
  return anyFailed ? kExitFailures : kExitOk;
}

}  // namespace

void addSyncCommand(CLI::App& app, const GlobalOptions& global, int& exitCode) {
  auto o = std::make_shared<SyncCommandOptions>();
  auto* sync =
      app.add_subcommand("sync", "Fetch an archive's games into the mirror and ingest them (default: boardspace)");
  sync->add_option("source", o->source, "The archive: " + sync::sourceNames())->capture_default_str();
  sync->add_option("--url", o->url, "The archive's root URL, for a mirror of it");
  sync->add_option("--since", o->since, "Only files of this year and later");
  sync->add_option("--delay", o->delay, "Seconds between two requests")->capture_default_str();
  sync->add_option("--mirror", o->mirror, "Where downloads are kept (default: <db>/mirror/<source>)");
  sync->add_option("--batch-games", o->batchGames, "Games per committed batch")->capture_default_str();
  sync->add_flag("--dry-run", o->dryRun, "List what would be fetched; fetch and ingest nothing");
  sync->add_flag("--json", o->json, "Print the summary as JSON");
  sync->callback([&global, o, &exitCode] { exitCode = runSync(global, *o); });
}

}  // namespace apiary::cli
