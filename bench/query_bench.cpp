// Query latency on a built database, in one process (no start-up, as `--batch`
// answers): explore, search's first page, explore with a filter keeping about a
// tenth of the games, and tag search by player. Positions are sampled from the
// database's own games with a fixed seed: a uniformly random game, then a uniformly
// random ply of it (the start position and the first plies, shared by most games,
// come up as often as they do in games). Every query set is run twice: cold (first
// reads of the data) and warm (the same queries again). With --cold, the database
// is closed before each query set's first pass and the page cache dropped (as root),
// so that its first pass reads from disk as the first requests after a reboot do;
// with --cold --warm-up, the warm-up `apiary serve` runs at start (index/warm_up.hpp)
// is run and waited for after the drop, and its time reported.
//
// Usage: bench_query DB_DIR [QUERIES=1000] [PLAYER=Rone1] [SEED=1] [--cold [--warm-up]]
//        bench_query DB_DIR --compact     (once, after building: one sorted run)
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "index/database.hpp"
#include "index/game_query.hpp"
#include "index/warm_up.hpp"
#include "notation/uhp_text.hpp"
#include "query/filters/kept_games.hpp"
#include "query/games/game_list.hpp"
#include "query/positions/explore.hpp"
#include "query/positions/search.hpp"

using namespace apiary;

namespace {

double wallMs() {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

double cpuMs() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

struct Sample {
  std::vector<double> wall, cpu;
  void add(double w, double c) {
    wall.push_back(w);
    cpu.push_back(c);
  }
};

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, std::size_t(p * double(v.size() - 1) + 0.5))];
}

void report(const char* what, const Sample& s) {
  std::printf("  %-34s n=%-5zu wall p50 %8.3f  p99 %8.3f  max %8.3f ms | cpu p50 %7.3f  p99 %8.3f ms\n", what,
              s.wall.size(), percentile(s.wall, 0.5), percentile(s.wall, 0.99), percentile(s.wall, 1.0),
              percentile(s.cpu, 0.5), percentile(s.cpu, 0.99));
}

struct Passes {
  std::vector<double> cold, warm;  // wall ms per item
};

// Runs `query` on every item twice (cold, then warm) and reports both; returns the
// wall times of both passes. `beforeCold` runs first, untimed.
template <class Item>
Passes measure(const char* what, const std::vector<Item>& items, const std::function<void(const Item&)>& query,
               const std::function<void()>& beforeCold = {}) {
  Passes out;
  if (beforeCold) beforeCold();
  for (const char* pass : {"cold", "warm"}) {
    Sample s;
    for (const Item& item : items) {
      const double w = wallMs(), c = cpuMs();
      query(item);
      s.add(wallMs() - w, cpuMs() - c);
    }
    report((std::string(what) + " (" + pass + ")").c_str(), s);
    (out.cold.empty() ? out.cold : out.warm) = std::move(s.wall);
  }
  return out;
}

struct Position {
  Board board;
  uint64_t games = 0;  // through it
};

std::vector<Position> samplePositions(const index::Database& db, const index::GameSearch& catalogue, int n,
                                      uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Position> out;
  while (int(out.size()) < n) {
    const auto row = catalogue.movesOf(index::GameId(1 + rng() % uint64_t(db.lastGame())));
    if (!row) continue;
    Board b(*GameType::parse(row->gameType), Rules{.tournament = false}, row->firstMover);
    const uint32_t ply = uint32_t(rng() % (row->plies + 1));
    for (uint32_t i = 0; i < ply; ++i) b.play(*index::unpackMove(b, row->moves[i]));
    out.push_back({b, db.games(index::positionHash(canonicalize(b).key))});
  }
  return out;
}

// The slowest positions of each pass, to see what the tail is made of.
void slowest(const std::vector<Position>& positions, const Passes& passes) {
  for (const auto& [pass, ms] : {std::pair{"cold", &passes.cold}, std::pair{"warm", &passes.warm}}) {
    std::vector<std::size_t> order(positions.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&ms = ms](std::size_t a, std::size_t b) { return (*ms)[a] > (*ms)[b]; });
    std::printf("    slowest (%s):", pass);
    for (std::size_t i = 0; i < std::min<std::size_t>(5, order.size()); ++i)
      std::printf("  %.2f ms (ply %d, %llu games)", (*ms)[order[i]], positions[order[i]].board.ply(),
                  static_cast<unsigned long long>(positions[order[i]].games));
    std::printf("\n");
  }
}

void describe(const std::vector<Position>& positions) {
  const uint64_t bounds[] = {1, 10, 100, 1000, 10000, 100000, UINT64_MAX};
  std::printf("positions tried: %zu (random game, random ply); games through them:", positions.size());
  uint64_t low = 0;
  for (uint64_t high : bounds) {
    const auto n = std::count_if(positions.begin(), positions.end(),
                                 [&](const Position& p) { return p.games > low && p.games <= high; });
    if (n)
      std::printf("  %llu-%s: %ld", static_cast<unsigned long long>(low + 1),
                  high == UINT64_MAX ? "" : std::to_string(high).c_str(), long(n));
    low = high;
  }
  const auto starts =
      std::count_if(positions.begin(), positions.end(), [](const Position& p) { return p.board.ply() == 0; });
  std::printf("  (start position %ld times)\n", long(starts));
}

// Players as often as they play: the White player of random games.
std::vector<std::string> samplePlayers(const index::Database& db, int n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::string> players;
  for (int i = 0; i < n; ++i)
    if (auto g = db.game(index::GameId(1 + rng() % uint64_t(db.lastGame())))) players.push_back(g->white);
  return players;
}

// The database as explore and search sessions open it (apiary explore, --batch).
struct Opened {
  explicit Opened(const std::string& dir)
      : db(dir, {.access = index::Access::ReadOnly, .mapFiles = true}), catalogue(db) {}
  index::Database db;
  index::GameSearch catalogue;
};

// Every dirty page written, then every clean one dropped (root only).
void dropPageCache() {
  ::sync();
  std::ofstream drop("/proc/sys/vm/drop_caches");
  if (!(drop << "3\n" << std::flush)) throw std::runtime_error("cannot drop the page cache (--cold needs root)");
}

// --cold: the database closed, the page cache dropped, the database opened again
// (and warmed, with --warm-up), before a query set's first pass.
class ColdStart {
 public:
  ColdStart(std::string dir, bool cold, bool warmUp) : dir_(std::move(dir)), cold_(cold), warmUp_(warmUp) { open(); }
  const Opened& operator*() const { return *opened_; }
  const Opened* operator->() const { return opened_.get(); }
  std::function<void()> before() {
    if (!cold_) return {};
    return [this] {
      opened_.reset();
      dropPageCache();
      open();
    };
  }

 private:
  void open() {
    opened_ = std::make_unique<Opened>(dir_);
    if (!warmUp_) return;
    const double w = wallMs();
    index::WarmUp warm(dir_, opened_->db.positions());
    double positionsDone = 0;  // when the catalogue's turn came
    for (auto p = warm.progress(); !p.done; p = warm.progress()) {
      if (!positionsDone && p.catalogueBytes) positionsDone = wallMs();
      usleep(20000);
    }
    const auto done = warm.progress();
    std::printf("  warm-up: %.2f s (positions %.2f s), %.0f MB of positions, %.0f MB of catalogue%s%s\n",
                (wallMs() - w) / 1e3, positionsDone ? (positionsDone - w) / 1e3 : 0.0, double(done.positionBytes) / 1e6,
                double(done.catalogueBytes) / 1e6, done.error.empty() ? "" : ", failed: ", done.error.c_str());
  }
  std::string dir_;
  bool cold_, warmUp_;
  std::unique_ptr<Opened> opened_;
};

// games --player, a page and a count, for each player.
void measureTagSearch(ColdStart& open, const std::vector<std::string>& players) {
  std::printf("tag search: %zu players\n", players.size());
  const auto byPlayer = [&](const std::string& name, bool count) {
    index::GameQuery f;
    f.player = name;
    query::listGames(open->db, open->catalogue, f, {.page = {.limit = 20}, .count = count});
  };
  measure<std::string>(
      "games --player, first page", players, [&](const std::string& n) { byPlayer(n, false); }, open.before());
  measure<std::string>(
      "games --player --count", players, [&](const std::string& n) { byPlayer(n, true); }, open.before());
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  const auto flag = [&](const char* name) {
    const auto it = std::find(args.begin(), args.end(), name);
    if (it == args.end()) return false;
    args.erase(it);
    return true;
  };
  const bool cold = flag("--cold"), warmUp = flag("--warm-up");
  if (args.empty()) {
    std::fprintf(stderr,
                 "usage: bench_query DB_DIR [QUERIES=1000] [PLAYER=Rone1] [SEED=1] [--cold [--warm-up]] | DB_DIR "
                 "--compact\n");
    return 2;
  }
  const std::string dir = args[0];
  if (args.size() > 1 && args[1] == "--compact") {
    index::Database db(dir);
    const double w = wallMs();
    db.compact();
    std::printf("compacted %s in %.1f s\n", dir.c_str(), (wallMs() - w) / 1e3);
    return 0;
  }
  const int queries = args.size() > 1 ? std::atoi(args[1].c_str()) : 1000;
  const std::string player = args.size() > 2 ? args[2] : "Rone1";
  const uint64_t seed = args.size() > 3 ? std::strtoull(args[3].c_str(), nullptr, 10) : 1;

  ColdStart open(dir, cold, warmUp);
  std::printf("database %s: %lld games%s\n", dir.c_str(), static_cast<long long>(open->db.lastGame()),
              cold ? (warmUp ? "; page cache dropped before each first pass, then warmed"
                             : "; page cache dropped before each first pass")
                   : "");
  const auto positions = samplePositions(open->db, open->catalogue, queries, seed);
  describe(positions);
  const auto players = samplePlayers(open->db, std::min(queries, 300), seed + 1);

  slowest(positions,
          measure<Position>(
              "explore", positions, [&](const Position& p) { query::explore(open->db, open->catalogue, p.board); },
              open.before()));
  slowest(positions, measure<Position>(
                         "search, first page (20)", positions,
                         [&](const Position& p) {
                           query::search(open->db, open->catalogue, p.board, {.page = {.order = index::GameOrder::Id}});
                         },
                         open.before()));
  // Newest by date first: what `apiary search` and /api/search answer by default
  // (the first page above is in ingest order, the postings' own).
  slowest(positions,
          measure<Position>(
              "search, first page by date", positions,
              [&](const Position& p) { query::search(open->db, open->catalogue, p.board, {}); }, open.before()));

  index::GameQuery filter;
  filter.player = player;
  double w = wallMs();
  const uint64_t keeps = query::KeptSet(open->catalogue, filter).size();
  std::printf("filter --player %s keeps %llu games (%.1f%%); reading them all: %.1f ms\n", player.c_str(),
              static_cast<unsigned long long>(keeps), 100.0 * double(keeps) / double(open->db.lastGame()),
              wallMs() - w);
  // As a --batch session does: a few games looked up by id, all of them read once
  // the first popular position needs them (inside the timed queries).
  std::unique_ptr<query::KeptGames> kept;
  slowest(positions,
          measure<Position>(
              "explore --player", positions,
              [&](const Position& p) { query::explore(open->db, open->catalogue, p.board, {.filter = kept.get()}); },
              [&] {
                kept.reset();
                if (const auto before = open.before()) before();
                kept = std::make_unique<query::KeptGames>(open->catalogue, filter);
              }));

  measureTagSearch(open, players);
  return 0;
}
