// The commands about players and what was read: player (one player's statistics),
// players (one row a player) and rejected (every game ingest refused).
#include <cmath>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>

#include "cli/commands.hpp"
#include "cli/error_text.hpp"
#include "cli/filter_options.hpp"
#include "cli/query_output.hpp"
#include "cli/table_text.hpp"
#include "cli/terminal_text.hpp"
#include "grammar/json_text.hpp"
#include "index/database.hpp"
#include "index/game_query.hpp"
#include "notation/move_notation.hpp"
#include "query/json.hpp"
#include "query/players/player_json.hpp"

namespace apiary::cli {

namespace {

struct PlayerCommandOptions {
  std::string name;
  index::GameQuery filter;
  std::string notation = "uhp";
  std::size_t lines = 10, opponents = 10;
  std::string sort = "games";
  uint64_t limit = 50, minGames = 1, offset = 0;
  bool json = false;
};

std::string recordText(const query::PlayerRecord& r) {
  return std::to_string(r.games) + " games: " + std::to_string(r.wins) + " won, " + std::to_string(r.draws) +
         " drawn, " + std::to_string(r.losses) + " lost, " + std::to_string(r.unfinished) + " unfinished (score " +
         percent(uint64_t(std::llround(r.score() * 1000)), 1000) + "%)";
}

void printLines(std::ostream& out, const char* seat, const std::vector<query::RepertoireLine>& lines) {
  out << "\nopenings as " << seat << " player (games, won/drawn/lost/unfinished):\n";
  for (const auto& line : lines) {
    std::string moves;
    for (const auto& m : line.moves) moves += (moves.empty() ? "" : "; ") + m;
    const auto& r = line.record;
    out << "  " << line.plies << " plies " << cell(std::to_string(r.games), 6, true) << "  " << r.wins << "/" << r.draws
        << "/" << r.losses << "/" << r.unfinished << "  " << moves << "\n";
  }
}

void printPlayer(std::ostream& out, const query::PlayerStats& s) {
  out << forTerminal(s.name) << ": " << recordText(s.overall) << "\n";
  if (!s.overall.games) return;
  out << "  as first player:  " << recordText(s.asFirst) << "\n";
  out << "  as second player: " << recordText(s.asSecond) << "\n";
  out << "  average length " << fixed1(s.overall.averagePlies()) << " plies; longest winning streak "
      << s.longestWinningStreak << "\n\nby year:\n";
  for (const auto& [year, r] : s.byYear) out << "  " << cell(year, 8) << recordText(r) << "\n";
  printLines(out, "first", s.openingsAsFirst);
  printLines(out, "second", s.openingsAsSecond);
  out << "\nmost frequent opponents (head to head):\n";
  for (const auto& o : s.opponents) out << "  " << forTerminal(o.name) << ": " << recordText(o.record) << "\n";
}

int runPlayer(const GlobalOptions& global, const PlayerCommandOptions& o) {
  try {
    if (o.filter.player) throw std::invalid_argument("the player is NAME: --player has no place here");
    const notation::Notation* notation = notation::findNotation(o.notation, notation::NotationUse::WriteMoves);
    if (!notation)
      throw std::invalid_argument("unknown notation '" + o.notation + "' (" +
                                  notation::notationNames(notation::NotationUse::WriteMoves) + ")");
    const index::Database db(global.databasePath(), {index::Access::ReadOnly, {}});
    const index::GameSearch catalogue(db);
    const auto stats = query::playerStats(catalogue, o.name, o.filter, {notation, o.lines, o.opponents});
    if (o.json) std::cout << grammar::jsonText(query::playerStatsJson(stats)) << "\n";
    else printPlayer(std::cout, stats);
    return kExitOk;
  } catch (const std::invalid_argument& e) {
    std::cerr << "apiary player: " << errorText(e) << "\n";
    return kExitUsage;
  }
}

int runPlayers(const GlobalOptions& global, const PlayerCommandOptions& o) {
  try {
    if (o.sort != "games" && o.sort != "score")
      throw std::invalid_argument("--sort '" + o.sort + "': expected games or score");
    const index::Database db(global.databasePath(), {index::Access::ReadOnly, {}});
    const index::GameSearch catalogue(db);
    const query::PlayerTableOptions options{o.sort == "score" ? query::PlayerOrder::Score : query::PlayerOrder::Games,
                                            o.limit, o.minGames, o.offset};
    const auto table = query::playerTable(catalogue, o.filter, options);
    if (o.json) {
      std::cout << grammar::jsonText(query::playerTableJson(table)) << "\n";
      return kExitOk;
    }
    std::cout << table.total << (table.total == 1 ? " player" : " players") << "\n"
              << cell("games", 8, true) << cell("won", 8, true) << cell("drawn", 8, true) << cell("lost", 8, true)
              << cell("unfin.", 8, true) << cell("score%", 8, true) << "  name\n";
    for (const auto& row : table.players) {
      const auto& r = row.record;
      std::cout << cell(std::to_string(r.games), 8, true) << cell(std::to_string(r.wins), 8, true)
                << cell(std::to_string(r.draws), 8, true) << cell(std::to_string(r.losses), 8, true)
                << cell(std::to_string(r.unfinished), 8, true)
                << cell(percent(uint64_t(std::llround(r.score() * 1000)), 1000), 8, true) << "  "
                << forTerminal(row.name) << "\n";
    }
    return kExitOk;
  } catch (const std::invalid_argument& e) {
    std::cerr << "apiary players: " << errorText(e) << "\n";
    return kExitUsage;
  }
}

int runRejected(const GlobalOptions& global, bool json) {
  const index::Database db(global.databasePath(), {index::Access::ReadOnly, {}});
  std::optional<ArrayJsonWriter> writer;
  if (json) writer.emplace(std::cout, "rejected");
  uint64_t total = 0;
  index::GameSearch(db).forEachRejected([&](grammar::Rejection&& r) {
    ++total;
    if (writer) writer->add(query::rejectedJson(r));
    else
      std::cout << forTerminal(r.file + ":" + std::to_string(r.line) + ":" + std::to_string(r.column) + ": ply " +
                               std::to_string(r.ply) + ": " + r.message)
                << "\n";
  });
  if (writer) writer->finish({{"total", total}});
  else std::cout << total << (total == 1 ? " rejected game\n" : " rejected games\n");
  return kExitOk;
}

}  // namespace

void addPlayerCommands(CLI::App& app, const GlobalOptions& global, int& exitCode) {
  auto p = std::make_shared<PlayerCommandOptions>();
  auto* player = app.add_subcommand("player", "One player's results, openings, opponents and streaks");
  player->add_option("name", p->name, "The player's name (any letter case, any script)")->required();
  player->add_option("--notation", p->notation,
                     "Write opening moves in: " + notation::notationNames(notation::NotationUse::WriteMoves, true));
  player->add_option("--lines", p->lines, "Opening lines of each length (2, 4, 6 plies) to list (default 10)");
  player->add_option("--opponents", p->opponents, "Opponents to list (default 10)");
  player->add_flag("--json", p->json, "Print JSON");
  addFilterOptions(player, p->filter);
  player->callback([&global, p, &exitCode] { exitCode = runPlayer(global, *p); });

  auto t = std::make_shared<PlayerCommandOptions>();
  auto* players = app.add_subcommand("players", "Every player of the matching games, one row each");
  players->add_option("--sort", t->sort, "games (most first, the default) or score (best first)");
  players->add_option("--limit", t->limit, "Players to list (default 50)");
  players->add_option("--offset", t->offset, "Players to skip (a page further)");
  players->add_option("--min-games", t->minGames, "Leave out players with fewer games (default 1)");
  players->add_flag("--json", t->json, "Print JSON");
  addFilterOptions(players, t->filter);
  players->callback([&global, t, &exitCode] { exitCode = runPlayers(global, *t); });

  auto json = std::make_shared<bool>(false);
  auto* rejected = app.add_subcommand("rejected", "Every game ingest rejected: file, line, column, ply, reason");
  rejected->add_flag("--json", *json, "Print JSON");
  rejected->callback([&global, json, &exitCode] { exitCode = runRejected(global, *json); });
}

}  // namespace apiary::cli
