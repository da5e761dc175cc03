// The query commands: explore (the opening tree at a position), search (games
// through a position) and games (games by tags). explore and search also answer a
// --batch of positions, one JSON line each, timed without the process start-up.
#include <chrono>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <stdexcept>

#include "cli/commands.hpp"
#include "cli/filter_options.hpp"
#include "cli/position_options.hpp"
#include "cli/query_output.hpp"
#include "index/database.hpp"
#include "index/game_query.hpp"
#include "query/explore.hpp"
#include "query/filter_set.hpp"
#include "query/game_list.hpp"
#include "query/json.hpp"
#include "query/move_notation.hpp"
#include "query/position_input.hpp"
#include "query/search.hpp"
#include "query/session.hpp"

namespace apiary::cli {

namespace {

struct QueryOptions {
  std::string target;  // [POSITION]: a move list, a GameString or a position string
  query::PositionInput position;
  query::GameFilter filter;
  bool json = false;
  std::string batch;
  std::string notation = "uhp";
  uint64_t limit = 20, offset = 0;
  bool oldestFirst = false, sameOrder = false, count = false;
};

// One database opened for reading, for any number of answers, and the games the
// filter keeps as the answers need them (query/filter_set.hpp).
class Session {
 public:
  Session(const GlobalOptions& global, const query::GameFilter& filter)
      : session_(global.databasePath()), kept_(query::keptGames(session_, filter)) {}
  const index::Database& db() const { return session_.db(); }
  const index::GameSearch& catalogue() const { return session_.catalogue(); }
  query::KeptGames* filter() { return kept_.get(); }

 private:
  query::ReadSession session_;
  std::unique_ptr<query::KeptGames> kept_;
};

double millisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

using Answer = std::function<nlohmann::json(Session&, const Board&)>;

// One JSON line per position of the file; a line that cannot be read gets an error.
int runBatch(Session& session, const std::string& path, const Answer& answer) {
  std::ifstream file;
  if (path != "-") {
    file.open(path);
    if (!file) throw std::invalid_argument("cannot read " + path);
  }
  std::istream& in = path == "-" ? std::cin : file;
  int failures = 0, number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos || line[0] == '#') continue;
    const auto start = std::chrono::steady_clock::now();
    nlohmann::json out;
    try {
      out = answer(session, query::positionFromLine(line));
    } catch (const std::invalid_argument& e) {
      out = {{"line", number}, {"error", e.what()}};
      ++failures;
    }
    out["elapsed_ms"] = millisecondsSince(start);
    std::cout << out.dump() << "\n" << std::flush;
  }
  return failures ? kExitFailures : kExitOk;
}

// explore and search: one position from the options, or a batch of them.
int runPositional(const char* name, const GlobalOptions& global, const QueryOptions& o, const Answer& answer,
                  const std::function<void()>& print) {
  try {
    Session session(global, o.filter);
    if (!o.batch.empty()) return runBatch(session, o.batch, answer);
    const auto& p = o.position;
    if (!o.target.empty() && (p.moves || p.movesFile || p.gameString || p.fen))
      throw std::invalid_argument("give the position once: as an argument or with an option");
    const Board position = o.target.empty() ? query::readPosition(p) : query::positionFromLine(o.target);
    const auto start = std::chrono::steady_clock::now();
    nlohmann::json out = answer(session, position);
    out["elapsed_ms"] = millisecondsSince(start);
    if (o.json) std::cout << out.dump() << "\n";
    else print();
    return kExitOk;
  } catch (const std::invalid_argument& e) {
    std::cerr << "apiary " << name << ": " << e.what() << "\n";
    return kExitUsage;
  }
}

int runExplore(const GlobalOptions& global, const QueryOptions& o) {
  const auto notation = query::parseMoveNotation(o.notation);
  if (!notation) {
    std::cerr << "apiary explore: unknown notation '" << o.notation
              << "' (uhp, pgn-like, direction, algebraic, algebraic-long, algebraic-compressed)\n";
    return kExitUsage;
  }
  // The table is printed from the last answer itself, kept beside its JSON.
  auto last = std::make_shared<query::Exploration>();
  const Answer answer = [&, last](Session& s, const Board& position) {
    *last = query::explore(s.db(), s.catalogue(), position, {.notation = *notation, .filter = s.filter()});
    return query::explorationJson(*last);
  };
  return runPositional("explore", global, o, answer, [last] { printExploration(std::cout, *last); });
}

int runSearch(const GlobalOptions& global, const QueryOptions& o) {
  auto last = std::make_shared<query::SearchResult>();
  const Answer answer = [&, last](Session& s, const Board& position) {
    const query::SearchOptions options{o.offset, o.limit, o.oldestFirst, o.sameOrder, s.filter()};
    *last = query::search(s.db(), s.catalogue(), position, options);
    return query::searchJson(*last);
  };
  return runPositional("search", global, o, answer, [&o, last] { printSearch(std::cout, *last, o.offset); });
}

int runGames(const GlobalOptions& global, const QueryOptions& o) {
  try {
    const index::Database db(global.databasePath(), {index::Access::ReadOnly, {}});
    const index::GameSearch catalogue(db);
    const auto start = std::chrono::steady_clock::now();
    const query::GameList list = query::listGames(db, catalogue, o.filter, {o.offset, o.limit, o.oldestFirst, o.count});
    const double elapsed = millisecondsSince(start);
    if (!o.json) {
      printGames(std::cout, list.games, o.offset, list.more, list.total);
      return kExitOk;
    }
    nlohmann::json out = query::gameListJson(list);
    out["elapsed_ms"] = elapsed;
    std::cout << out.dump() << "\n";
    return kExitOk;
  } catch (const std::invalid_argument& e) {
    std::cerr << "apiary games: " << e.what() << "\n";
    return kExitUsage;
  }
}

void addPaging(CLI::App* cmd, QueryOptions& o, const char* order) {
  cmd->add_option("--limit", o.limit, "Games per page (default 20)");
  cmd->add_option("--offset", o.offset, "Games to skip");
  cmd->add_flag("--oldest-first", o.oldestFirst, order);
}

}  // namespace

void addQueryCommands(CLI::App& app, const GlobalOptions& global, int& exitCode) {
  auto e = std::make_shared<QueryOptions>();
  auto* explore = app.add_subcommand("explore", "The opening tree at a position: games, results, every move played");
  explore->add_option("position", e->target, "The position: a move list, a GameString or a position string");
  addPositionOptions(explore, e->position);
  explore->add_option("--notation", e->notation, "Write moves in: uhp (standard), pgn-like, direction, algebraic");
  explore->add_option("--batch", e->batch, "Answer every position of FILE (- for stdin), one JSON line each");
  explore->add_flag("--json", e->json, "Print JSON");
  addFilterOptions(explore, e->filter);
  explore->callback([&global, e, &exitCode] { exitCode = runExplore(global, *e); });

  auto s = std::make_shared<QueryOptions>();
  auto* search = app.add_subcommand("search", "Games that reached a position, by any move order");
  search->add_option("position", s->target, "The position: a move list, a GameString or a position string");
  addPositionOptions(search, s->position);
  search->add_flag("--same-order", s->sameOrder, "Only games that opened with exactly these moves (up to symmetry)");
  addPaging(search, *s, "Oldest games first (default: newest first)");
  search->add_option("--batch", s->batch, "Answer every position of FILE (- for stdin), one JSON line each");
  search->add_flag("--json", s->json, "Print JSON");
  addFilterOptions(search, s->filter);
  search->callback([&global, s, &exitCode] { exitCode = runSearch(global, *s); });

  auto g = std::make_shared<QueryOptions>();
  auto* games = app.add_subcommand("games", "Games by players, event, site, date, result, game type");
  addPaging(games, *g, "Oldest games first (default: newest first)");
  games->add_flag("--count", g->count, "Also count every matching game");
  games->add_flag("--json", g->json, "Print JSON");
  addFilterOptions(games, g->filter);
  games->callback([&global, g, &exitCode] { exitCode = runGames(global, *g); });
}

}  // namespace apiary::cli
