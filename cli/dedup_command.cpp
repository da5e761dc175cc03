// apiary dedup: clusters of duplicate games (query/games/dedup.hpp), as a table or JSON.
#include <cstdio>
#include <iostream>
#include <memory>
#include <stdexcept>

#include "cli/commands.hpp"
#include "cli/error_text.hpp"
#include "cli/filter_options.hpp"
#include "cli/terminal_text.hpp"
#include "grammar/json_text.hpp"
#include "index/database.hpp"
#include "query/filters/filter_match.hpp"
#include "query/games/dedup.hpp"
#include "query/json.hpp"

namespace apiary::cli {

namespace {

struct DedupCommandOptions {
  std::vector<std::string> modes;  // none: all three
  uint32_t minPlies = query::DedupOptions{}.minPlies;
  bool json = false;
  index::GameQuery filter;
};

void printTable(const query::DedupReport& r, uint32_t minPlies) {
  std::size_t counts[3] = {};
  for (const auto& c : r.clusters) {
    ++counts[int(c.mode)];
    std::cout << query::dedupModeName(c.mode) << ": " << c.reason << "\n";
    std::printf("  %10s %6s  %-14s %6s  %s\n", "id", "plies", "notation", "index", "source");
    for (const auto& g : c.games)
      std::printf("  %10lld %6u  %-14s %6lld  %s\n", static_cast<long long>(g.id), g.plies, g.notation.c_str(),
                  static_cast<long long>(g.sourceIndex), forTerminal(g.source).c_str());
    std::cout << "\n";
  }
  std::printf(
      "%zu clusters (%zu exact, %zu prefix, %zu transposed) among %llu games, %llu of them of at least %u"
      " plies (%.2f s)\n",
      r.clusters.size(), counts[0], counts[1], counts[2], static_cast<unsigned long long>(r.games),
      static_cast<unsigned long long>(r.compared), minPlies, r.timings.total);
}

int runDedup(const GlobalOptions& global, const DedupCommandOptions& o) {
  query::DedupOptions options;
  if (!o.modes.empty()) {
    options.exact = options.prefix = options.transposed = false;
    for (const auto& name : o.modes) {
      const auto mode = query::parseDedupMode(name);
      if (!mode) {
        std::cerr << "apiary dedup: --mode '" << name << "': expected exact, prefix or transposed\n";
        return kExitUsage;
      }
      (*mode == query::DedupMode::Exact    ? options.exact
       : *mode == query::DedupMode::Prefix ? options.prefix
                                           : options.transposed) = true;
    }
  }
  options.minPlies = o.minPlies;
  options.filter = o.filter;
  try {
    query::checkFilter(o.filter);
  } catch (const std::invalid_argument& e) {
    std::cerr << "apiary dedup: " << errorText(e) << "\n";
    return kExitUsage;
  }
  const index::Database db(global.databasePath(), {index::Access::ReadOnly, {}});
  const query::DedupReport report = query::findDuplicates(db, options);
  if (o.json) std::cout << grammar::jsonText(query::dedupJson(report, o.minPlies)) << "\n";
  else printTable(report, o.minPlies);
  return kExitOk;
}

}  // namespace

void addDedupCommand(CLI::App& app, const GlobalOptions& global, int& exitCode) {
  auto o = std::make_shared<DedupCommandOptions>();
  auto* cmd =
      app.add_subcommand("dedup", "Clusters of duplicate games: exact copies, truncated copies, transpositions");
  cmd->add_option("--mode", o->modes, "exact, prefix or transposed (repeatable, or comma-separated; default: all)")
      ->delimiter(',');
  cmd->add_option("--min-plies", o->minPlies,
                  "Games shorter than this are in no cluster (the shorter game of a prefix pair too)")
      ->capture_default_str();
  cmd->add_flag("--json", o->json, "Print JSON");
  addFilterOptions(cmd, o->filter);
  cmd->callback([&global, o, &exitCode] { exitCode = runDedup(global, *o); });
}

}  // namespace apiary::cli
