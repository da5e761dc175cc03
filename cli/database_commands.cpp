// The commands that work on a database: ingest, info, check.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/compact_after_ingest.hpp"
#include "cli/ingest_report.hpp"
#include "cli/terminal_text.hpp"
#include "grammar/json_text.hpp"
#include "index/database.hpp"
#include "ingest/freed_memory.hpp"
#include "ingest/importer.hpp"
#include "notation/notation_table.hpp"
#include "query/json.hpp"

namespace apiary::cli {

namespace {

// Past a few threads a core, more workers only add memory (each holds a chunk of
// text and its records) and threads the system may refuse to start.
constexpr unsigned kMaxJobs = 256;

struct IngestOptions {
  std::vector<std::string> paths;
  std::string notation;
  unsigned jobs = 0;
  std::size_t batchGames = 20000;
  bool json = false;
  bool lenient = false;
};

void showProgress(const ingest::ImportProgress& p) {
  const double rate = p.seconds > 0 ? double(p.games) / p.seconds : 0;
  std::fprintf(stderr, "\r%llu files  %llu games  %.0f games/s  %llu rejected   ",
               static_cast<unsigned long long>(p.files), static_cast<unsigned long long>(p.games), rate,
               static_cast<unsigned long long>(p.rejected));
  std::fflush(stderr);
}

int runIngest(const GlobalOptions& global, const IngestOptions& o) {
  const notation::Notation* named = nullptr;
  if (!o.notation.empty()) {
    named = notation::findNotation(o.notation, notation::NotationUse::Read);
    if (!named) {
      std::cerr << "apiary ingest: unknown notation '" << o.notation << "' ("
                << notation::notationNames(notation::NotationUse::Read) << ")\n";
      return kExitUsage;
    }
  }
  index::Database db(global.databasePath());
  ingest::ImportOptions options;
  options.notation = named;
  options.jobs = o.jobs;
  options.batchGames = std::max<std::size_t>(1, o.batchGames);
  options.lenient = o.lenient;
  const bool terminal = isTerminal(STDERR_FILENO);
  if (terminal) options.progress = showProgress;
  IngestReport report(o.json, terminal);
  options.findings = report.findings();
  ingest::keepFreedMemory();
  const auto summary = ingest::importSources(db, o.paths, options);
  if (summary.totals.added) compactAfterIngest(db);
  if (terminal) std::fprintf(stderr, "\n");
  report.finish(summary, o.lenient);
  return summary.totals.rejected ? kExitFailures : kExitOk;
}

int runInfo(const GlobalOptions& global, bool json) {
  index::Database db(global.databasePath(), {index::Access::ReadOnly, {}});
  const index::Info info = db.info();
  if (json) {
    std::cout << grammar::jsonText(query::infoJson(info)) << "\n";
    return kExitOk;
  }
  std::cout << "database   " << global.databasePath() << "\n"
            << "games      " << info.games << "\n"
            << "positions  " << info.positions << " distinct\n"
            << "postings   " << info.postings << "\n"
            << "rejected   " << info.rejected << "\n"
            << "repaired   " << info.repaired << " games read leniently\n"
            << "newest     " << (info.newestDate.empty() ? "no dated game" : info.newestDate) << "\n"
            << "on disk    " << info.bytes << " bytes (catalogue " << info.catalogueBytes << ", positions "
            << info.positionBytes << ")\n";
  for (const auto& [type, n] : info.gamesByType) std::cout << "  " << type << ": " << n << " games\n";
  for (const auto& [notation, n] : info.notations) std::cout << "  from " << notation << ": " << n << " games\n";
  for (const auto& s : info.synced)
    std::cout << "synced     " << s.source << " at " << s.lastSynced << " (" << s.files << " files)\n";
  return kExitOk;
}

int runCheck(const GlobalOptions& global, bool full) {
  index::Database db(global.databasePath(), {.access = index::Access::ReadOnly, .openDamaged = true});
  index::CheckOptions options;
  options.full = full;
  const index::CheckReport report = db.check(options);
  std::cout << "checked " << report.gamesChecked << " of " << report.games << " games, " << report.positionsChecked
            << " positions (" << report.positionsRecomputed << " recomputed from the catalogue)\n";
  for (const auto& problem : report.problems) std::cout << "problem: " << problem << "\n";
  if (report.problemCount > report.problems.size())
    std::cout << "... and " << report.problemCount - report.problems.size() << " more problems\n";
  std::cout << (report.ok() ? "ok: RocksDB and the catalogue agree\n" : "NOT OK\n");
  return report.ok() ? kExitOk : kExitFailures;
}

}  // namespace

void addDatabaseCommands(CLI::App& app, const GlobalOptions& global, int& exitCode) {
  auto ingestOptions = std::make_shared<IngestOptions>();
  auto* ingest = app.add_subcommand("ingest", "Add games from files, directories, .zip archives or - (stdin)");
  ingest->add_option("paths", ingestOptions->paths, "What to read")->required();
  ingest->add_option("--notation", ingestOptions->notation,
                     "Read every file as this notation: " + notation::notationNames(notation::NotationUse::Read, true) +
                         " (default: detected per file)");
  // The old spelling, kept so that scripts written for it still run; not in the help.
  ingest->add_option("--format", ingestOptions->notation, "The same as --notation")->group("")->excludes("--notation");
  ingest->add_option("--jobs", ingestOptions->jobs, "Worker threads, at most 256 (0, the default: one per core)")
      ->check(CLI::Range(0u, kMaxJobs));
  ingest->add_flag("--lenient", ingestOptions->lenient,
                   "Repair moves that fit no legal move (sliding rules, colour letters); each repair is a warning");
  ingest->add_option("--batch-games", ingestOptions->batchGames, "Games per committed batch")->capture_default_str();
  ingest->add_flag("--json", ingestOptions->json, "Print the summary as JSON");
  ingest->callback([&global, ingestOptions, &exitCode] { exitCode = runIngest(global, *ingestOptions); });

  auto infoJson = std::make_shared<bool>(false);
  auto* info = app.add_subcommand("info", "What the database holds");
  info->add_flag("--json", *infoJson, "Print JSON");
  info->callback([&global, infoJson, &exitCode] { exitCode = runInfo(global, *infoJson); });

  auto full = std::make_shared<bool>(false);
  auto* check = app.add_subcommand("check", "Verify that the positions and the catalogue agree");
  check->add_flag("--full", *full, "Check every game and position, not a sample");
  check->callback([&global, full, &exitCode] { exitCode = runCheck(global, *full); });
}

}  // namespace apiary::cli
