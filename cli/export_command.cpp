// apiary export: games from the database in any notation apiary writes.
#include <fstream>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/filter_options.hpp"
#include "cli/terminal_text.hpp"
#include "grammar/json_text.hpp"
#include "notation/notation_table.hpp"
#include "query/filters/filter_match.hpp"
#include "query/games/export.hpp"
#include "query/json.hpp"

namespace apiary::cli {

namespace {

struct ExportOptions {
  std::vector<index::GameId> ids;
  std::string to;
  std::string out;
  bool json = false;
  index::GameQuery filter;
};

int runExport(const GlobalOptions& global, const ExportOptions& o) {
  const notation::Notation* written = notation::findNotation(o.to, notation::NotationUse::Write);
  if (!written) {
    std::cerr << "apiary export: cannot write notation '" << o.to << "' ("
              << notation::notationNames(notation::NotationUse::Write) << ")\n";
    return kExitUsage;
  }
  query::checkFilter(o.filter);
  index::Database db(global.databasePath(), {index::Access::ReadOnly, {}});
  // Named games are exported as named (missing ones reported); filters narrow them.
  const std::vector<index::GameId> ids =
      o.ids.empty() ? query::selectGames(db, o.filter) : query::keptGames(db, o.filter, o.ids);

  std::ofstream file;
  if (!o.out.empty()) {
    file.open(o.out);
    if (!file) {
      std::cerr << "apiary export: cannot write " << o.out << "\n";
      return kExitUsage;
    }
  }
  // Text goes straight to its destination; only --json without a file collects it.
  std::vector<query::ExportedText> texts;
  const auto summary = query::exportGames(db, ids, *written, [&](index::GameId id, const std::string& text) {
    if (file.is_open()) file << text;
    else if (o.json) texts.push_back({id, text});
    else std::cout << gameTextForTerminal(text);
  });
  if (file.is_open() && !file.flush()) {
    std::cerr << "apiary export: cannot write " << o.out << "\n";
    return kExitFailures;
  }
  for (index::GameId id : summary.missing) std::cerr << "apiary export: no game " << id << "\n";
  for (index::GameId id : summary.unreadable)
    std::cerr << "apiary export: game " << id << " does not replay (a corrupt row: try apiary check)\n";

  if (o.json) {
    std::cout << grammar::jsonText(query::exportJson(summary, written->name, file.is_open() ? o.out : "", texts))
              << "\n";
  } else if (file.is_open()) {
    std::cout << "exported " << summary.written.size() << " games as " << written->name << " to " << o.out << "\n";
  }
  return summary.missing.empty() && summary.unreadable.empty() ? kExitOk : kExitFailures;
}

}  // namespace

void addExportCommand(CLI::App& app, const GlobalOptions& global, int& exitCode) {
  auto o = std::make_shared<ExportOptions>();
  auto* cmd = app.add_subcommand("export", "Write games from the database in any notation apiary writes");
  cmd->add_option("games", o->ids, "GAME_IDs (default: every game matching the filters)");
  cmd->add_option("--to", o->to, "Output notation: " + notation::notationNames(notation::NotationUse::Write, true))
      ->required();
  cmd->add_option("-o,--out", o->out, "Write to this file (default: stdout)");
  cmd->add_flag("--json", o->json, "Print JSON: the games' texts, or with -o a summary");
  addFilterOptions(cmd, o->filter);
  cmd->callback([&global, o, &exitCode] { exitCode = runExport(global, *o); });
}

}  // namespace apiary::cli
