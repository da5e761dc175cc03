// apiary pattern: the games where a formation and/or a condition on position
// features hold (query/patterns/pattern.hpp).
#include <chrono>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>

#include "cli/commands.hpp"
#include "cli/error_text.hpp"
#include "cli/filter_options.hpp"
#include "cli/query_output.hpp"
#include "grammar/json_text.hpp"
#include "index/database.hpp"
#include "index/game_query.hpp"
#include "query/json.hpp"
#include "query/patterns/pattern.hpp"

namespace apiary::cli {

namespace {

struct PatternOptions {
  std::string formation, where;
  query::PatternRequest request;
  bool json = false;
};

int runPattern(const GlobalOptions& global, const PatternOptions& o) {
  try {
    const query::Pattern pattern(o.formation, o.where);
    const index::Database db(global.databasePath(), {index::Access::ReadOnly, {}});
    const index::GameSearch catalogue(db);
    const query::AnswerClock clock;
    // The rows are printed as each is read: --limit may ask for every game.
    const query::PatternPage page = query::findPatternPage(db, catalogue, pattern, o.request);
    std::optional<ArrayJsonWriter> json;
    if (o.json) json.emplace(std::cout);
    else printPatternHead(std::cout, page.result);
    uint64_t shown = 0;
    for (const auto& hit : page.hits) {
      auto game = db.game(hit.id);
      if (!game) continue;
      ++shown;
      if (json) json->add(query::patternHitJson({std::move(*game), hit.ply, hit.positions}));
      else printHit(std::cout, *game, hit.ply);
    }
    if (!json) {
      printPatternEnd(std::cout, page.result.total, o.request.offset, shown);
      return kExitOk;
    }
    nlohmann::json members = query::patternJson(page.result);
    members.erase("games");
    clock.stamp(members);
    json->finish(members);
    return kExitOk;
  } catch (const std::invalid_argument& e) {
    std::cerr << "apiary pattern: " << errorText(e) << "\n";
    return kExitUsage;
  }
}

}  // namespace

void addPatternCommand(CLI::App& app, const GlobalOptions& global, int& exitCode) {
  auto o = std::make_shared<PatternOptions>();
  auto* cmd =
      app.add_subcommand("pattern", "Games where a formation or position features occur (docs/commands.md: syntax)");
  cmd->add_option("pattern", o->formation, "Cells and what they hold, e.g. \"0,0: theirs Q; E: B on theirs Q\"");
  cmd->add_option("--where", o->where, "Features, e.g. \"queen_neighbours.mine >= 5 and ply <= 30\"");
  cmd->add_option("--limit", o->request.limit, "Games per page (default 20)");
  cmd->add_option("--offset", o->request.offset, "Games to skip");
  cmd->add_option("--threads", o->request.threads, "Threads replaying games (default: one per core)");
  cmd->add_flag("--json", o->json, "Print JSON");
  addFilterOptions(cmd, o->request.filter);
  cmd->callback([&global, o, &exitCode] { exitCode = runPattern(global, *o); });
}

}  // namespace apiary::cli
