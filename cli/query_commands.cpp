// The query commands: explore (the opening tree at a position), search (games
// through a position) and games (games by tags). explore and search also answer a
// --batch of positions, one JSON line each, timed without the process start-up.
#include <algorithm>
#include <charconv>
#include <chrono>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>

#include "cli/commands.hpp"
#include "cli/error_text.hpp"
#include "cli/filter_options.hpp"
#include "cli/position_options.hpp"
#include "cli/query_output.hpp"
#include "cli/terminal_text.hpp"
#include "grammar/json_text.hpp"
#include "index/database.hpp"
#include "index/game_query.hpp"
#include "notation/move_notation.hpp"
#include "notation/position_text.hpp"
#include "query/filters/kept_games.hpp"
#include "query/games/export.hpp"
#include "query/games/game_list.hpp"
#include "query/json.hpp"
#include "query/positions/explore.hpp"
#include "query/positions/search.hpp"
#include "query/session.hpp"

namespace apiary::cli {

namespace {

struct QueryOptions {
  std::string target;  // [POSITION]: a move list, a GameString or a position string
  PositionOptions position;
  index::GameQuery filter;
  bool json = false;
  std::string batch;
  std::string notation = "uhp";
  uint64_t limit = 20, offset = 0;
  bool oldestFirst = false, sameOrder = false, count = false;
  std::string sort = "date";  // search and games: date, plies, rating or id
  std::string to, out;        // search: export every matching game in this notation, to this file
};

// One database opened for reading, for any number of answers, and the games the
// filter keeps as the answers need them (query/filters/kept_games.hpp).
class Session {
 public:
  Session(const GlobalOptions& global, const index::GameQuery& filter)
      : session_(global.databasePath()), kept_(session_.kept(filter)) {}
  const index::Database& db() const { return session_.db(); }
  const index::GameSearch& catalogue() const { return session_.catalogue(); }
  query::KeptGames* filter() { return kept_; }

 private:
  query::ReadSession session_;
  query::KeptGames* kept_;  // owned by session_
};

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
    const query::AnswerClock clock;
    nlohmann::json out;
    try {
      out = answer(session, notation::positionFromLine(line));
    } catch (const std::invalid_argument& e) {
      out = query::batchErrorJson(number, errorText(e));
      ++failures;
    }
    clock.stamp(out);
    std::cout << grammar::jsonText(out) << "\n" << std::flush;
  }
  return failures ? kExitFailures : kExitOk;
}

// The answer to the one position of the options, printed (JSON or text).
using PrintAnswer = std::function<void(Session&, const Board&)>;

// explore and search: one position from the options, or a batch of them.
int runPositional(const char* name, const GlobalOptions& global, const QueryOptions& o, const Answer& answer,
                  const PrintAnswer& print, const notation::Notation* notation = nullptr) {
  try {
    Session session(global, o.filter);
    if (!o.batch.empty()) return runBatch(session, o.batch, answer);
    const auto request = positionRequest(o.position, o.target, o.filter, notation);
    print(session, query::readPosition(request, &session.catalogue()));
    return kExitOk;
  } catch (const std::invalid_argument& e) {
    std::cerr << "apiary " << name << ": " << errorText(e) << "\n";
    return kExitUsage;
  }
}

int runExplore(const GlobalOptions& global, const QueryOptions& o) {
  const notation::Notation* notation = notation::findNotation(o.notation, notation::NotationUse::WriteMoves);
  if (!notation) {
    std::cerr << "apiary explore: unknown notation '" << o.notation << "' ("
              << notation::notationNames(notation::NotationUse::WriteMoves) << ")\n";
    return kExitUsage;
  }
  // The table is printed from the last answer itself, kept beside its JSON.
  auto last = std::make_shared<query::Exploration>();
  const Answer answer = [&, last](Session& s, const Board& position) {
    *last = query::explore(s.db(), s.catalogue(), position, {.notation = notation, .filter = s.filter()});
    return query::explorationJson(*last);
  };
  const PrintAnswer print = [&, last](Session& s, const Board& position) {
    const query::AnswerClock clock;
    nlohmann::json out = answer(s, position);
    clock.stamp(out);
    if (o.json) std::cout << grammar::jsonText(out) << "\n";
    else printExploration(std::cout, *last);
  };
  return runPositional("explore", global, o, answer, print, notation);
}

// --sort's order of a list of games (search and games): date unless it says
// otherwise, as the API's `sort`.
std::optional<index::GameOrder> gameOrder(const std::string& name) {
  if (name == "date") return index::GameOrder::Date;
  if (name == "plies") return index::GameOrder::Plies;
  if (name == "rating") return index::GameOrder::Rating;
  if (name == "id") return index::GameOrder::Id;
  return std::nullopt;
}

int unknownSort(const char* command, const std::string& sort) {
  std::cerr << "apiary " << command << ": --sort '" << sort << "': expected date, plies, rating or id\n";
  return kExitUsage;
}

int runSearchExport(const GlobalOptions& global, const QueryOptions& o, index::GameOrder order);

int runSearch(const GlobalOptions& global, const QueryOptions& o) {
  const auto order = gameOrder(o.sort);
  if (!order) return unknownSort("search", o.sort);
  if (!o.to.empty()) return runSearchExport(global, o, *order);
  const Answer answer = [&](Session& s, const Board& position) {
    const query::SearchOptions options{{o.offset, o.limit, o.oldestFirst, *order}, o.sameOrder, s.filter()};
    return query::searchJson(query::search(s.db(), s.catalogue(), position, options));
  };
  // One position's games are printed as each is read: --limit may ask for millions.
  const PrintAnswer print = [&](Session& s, const Board& position) {
    const query::AnswerClock clock;
    const query::SearchOptions options{{o.offset, o.limit, o.oldestFirst, *order}, o.sameOrder, s.filter()};
    const query::SearchPage page = query::searchPage(s.db(), s.catalogue(), position, options);
    std::optional<ArrayJsonWriter> json;
    if (o.json) json.emplace(std::cout);
    else printSearchHead(std::cout, page.total, o.offset, page.hits.size());
    for (const index::Posting& hit : page.hits) {
      auto game = s.db().game(hit.game);
      if (!game) continue;
      if (json) json->add(query::searchHitJson({std::move(*game), hit.ply}));
      else printHit(std::cout, *game, hit.ply);
    }
    if (!json) return;
    nlohmann::json members = query::searchMembersJson(page.position, page.total);
    clock.stamp(members);
    json->finish(members);
  };
  return runPositional("search", global, o, answer, print);
}

// search --to: every game through the position (all pages), written as export writes.
int runSearchExport(const GlobalOptions& global, const QueryOptions& o, index::GameOrder order) {
  constexpr uint64_t kPage = 1000;
  try {
    const notation::Notation* output = notation::findNotation(o.to, notation::NotationUse::Write);
    if (!output)
      throw std::invalid_argument("--to '" + o.to + "': expected " +
                                  notation::notationNames(notation::NotationUse::Write));
    if (!o.batch.empty()) throw std::invalid_argument("--to writes the games of one position: no --batch");
    Session session(global, o.filter);
    const Board position = query::readPosition(positionRequest(o.position, o.target, o.filter), &session.catalogue());
    std::ofstream file;
    if (!o.out.empty()) {
      file.open(o.out);
      if (!file) throw std::invalid_argument("cannot write " + o.out);
    }
    std::ostream& out = o.out.empty() ? std::cout : file;
    // Every hit at once (a few bytes a game), then the games a thousand at a time:
    // in an order other than ingest's, any page of a position's games sorts them all.
    const auto searched = [&](uint64_t limit, index::GameOrder by) {
      const query::SearchOptions options{{0, limit, o.oldestFirst, by}, o.sameOrder, session.filter()};
      return query::searchPage(session.db(), session.catalogue(), position, options);
    };
    const std::vector<index::Posting> hits = searched(searched(0, index::GameOrder::Id).total, order).hits;
    uint64_t written = 0, failed = 0;
    for (std::size_t begin = 0; begin < hits.size(); begin += kPage) {
      std::vector<index::GameId> ids;
      for (std::size_t i = begin; i < std::min<std::size_t>(hits.size(), begin + kPage); ++i)
        ids.push_back(hits[i].game);
      const auto summary = query::exportGames(session.db(), ids, *output, [&](index::GameId, const std::string& text) {
        out << (file.is_open() ? text : gameTextForTerminal(text));
      });
      written += summary.written.size();
      failed += summary.missing.size() + summary.unreadable.size();
    }
    if (!out.flush()) throw std::runtime_error("cannot write " + (o.out.empty() ? "stdout" : o.out));
    if (!o.out.empty()) std::cout << "exported " << written << " games as " << output->name << " to " << o.out << "\n";
    if (failed) std::cerr << "apiary search: " << failed << " games do not replay (a corrupt row: try apiary check)\n";
    return failed ? kExitFailures : kExitOk;
  } catch (const std::invalid_argument& e) {
    std::cerr << "apiary search: " << errorText(e) << "\n";
    return kExitUsage;
  }
}

int runGames(const GlobalOptions& global, const QueryOptions& o) {
  const auto order = gameOrder(o.sort);
  if (!order) return unknownSort("games", o.sort);
  try {
    const index::Database db(global.databasePath(), {index::Access::ReadOnly, {}});
    const index::GameSearch catalogue(db);
    const query::AnswerClock clock;
    // The rows are printed as each is read: --limit may ask for millions.
    const query::GameIdPage page =
        query::listGameIds(catalogue, o.filter, {{o.offset, o.limit, o.oldestFirst, *order}, o.count});
    std::optional<ArrayJsonWriter> json;
    if (o.json) json.emplace(std::cout);
    else printGamesHead(std::cout, page.total);
    uint64_t shown = 0;
    for (const index::GameId id : page.ids) {
      const auto game = db.game(id);
      if (!game) continue;
      ++shown;
      if (json) json->add(query::gameJson(*game));
      else printGameLine(std::cout, *game);
    }
    if (!json) {
      printGamesEnd(std::cout, shown, o.offset, page.more);
      return kExitOk;
    }
    nlohmann::json members = query::gameListMembersJson(page.more, page.total);
    clock.stamp(members);
    json->finish(members);
    return kExitOk;
  } catch (const std::invalid_argument& e) {
    std::cerr << "apiary games: " << errorText(e) << "\n";
    return kExitUsage;
  }
}

// A count of games, checked as written: CLI11 reads "-1" into an unsigned as its
// wrap-around, and a page of 0 games answers nothing.
CLI::Validator countOfAtLeast(uint64_t least) {
  return CLI::Validator(
      [least](std::string& text) -> std::string {
        uint64_t n = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
        if (error == std::errc() && end == text.data() + text.size() && n >= least) return {};
        return "expected a whole number of at least " + std::to_string(least) + ", not '" + text + "'";
      },
      "N");
}

void addPaging(CLI::App* cmd, QueryOptions& o, const char* order) {
  cmd->add_option("--limit", o.limit, "Games per page (default 20)")->check(countOfAtLeast(1));
  cmd->add_option("--offset", o.offset, "Games to skip")->check(countOfAtLeast(0));
  cmd->add_flag("--oldest-first", o.oldestFirst, order);
}

void addSort(CLI::App* cmd, QueryOptions& o) {
  cmd->add_option("--sort", o.sort,
                  "date (the default; undated games last), plies, rating (the lower of both players', unrated last) "
                  "or id (ingest order)");
}

}  // namespace

void addQueryCommands(CLI::App& app, const GlobalOptions& global, int& exitCode) {
  auto e = std::make_shared<QueryOptions>();
  auto* explore = app.add_subcommand("explore", "The opening tree at a position: games, results, every move played");
  explore->add_option("position", e->target, "The position: a move list, a GameString or a position string");
  addPositionOptions(explore, e->position);
  explore->add_option("--notation", e->notation,
                      "Write moves in: " + notation::notationNames(notation::NotationUse::WriteMoves, true));
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
  addSort(search, *s);
  search->add_option("--to", s->to,
                     "Write every matching game (all pages) in this notation, as export does: " +
                         notation::notationNames(notation::NotationUse::Write, true));
  search->add_option("-o,--out", s->out, "With --to: write to this file (default: stdout)");
  search->add_option("--batch", s->batch, "Answer every position of FILE (- for stdin), one JSON line each");
  search->add_flag("--json", s->json, "Print JSON");
  addFilterOptions(search, s->filter);
  search->callback([&global, s, &exitCode] { exitCode = runSearch(global, *s); });

  auto g = std::make_shared<QueryOptions>();
  auto* games = app.add_subcommand("games", "Games by players, event, site, date, result, game type");
  addPaging(games, *g, "Oldest games first (default: newest first)");
  addSort(games, *g);
  games->add_flag("--count", g->count, "Also count every matching game");
  addFilterFlag(games, g->filter, query::Field::Repaired, "--repaired", "Only games read with lenient repairs");
  games->add_flag("--json", g->json, "Print JSON");
  addFilterOptions(games, g->filter);
  games->callback([&global, g, &exitCode] { exitCode = runGames(global, *g); });
}

}  // namespace apiary::cli
