// apiary dedup on a whole database: N generated games with planted duplicates (1 in
// 100 an exact copy, rotated or mirrored, colours swapped every other time, under
// other tags; 1 in 200 a copy cut at 60%; 1 in 200 a copy with two placements in
// the other order), then findDuplicates over all of it, every mode, timed by phase.
// Every planted pair must come out in a cluster of its mode.
//
// The database is built once into DB_DIR (generation dominates its cost) and
// reused while DB_DIR/planted.txt exists; --rebuild starts again.
//
// Usage: bench_dedup [GAMES=1000000] [DB_DIR=/tmp/apiary-dedup-bench-GAMES] [THREADS=2] [--rebuild]
//                    [--min-plies N]
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "engine/canonical.hpp"
#include "engine/generate.hpp"
#include "index/database.hpp"
#include "query/games/dedup.hpp"
#include "tests/query/dedup_plant.hpp"

using namespace apiary;
using Clock = std::chrono::steady_clock;

namespace {

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

struct Plant {
  std::string mode;
  index::GameId original = 0, copy = 0;
};

index::GameMeta metaOf(const index::Tags& tags, uint64_t n, const char* notationName) {
  return {"bench/games-" + std::to_string(n / 1000) + ".txt", int64_t(n % 1000), notationName, tags, std::nullopt, {}};
}

// One original game and the copies planted from it, as records in id order.
struct Family {
  std::vector<index::GameRecord> records;
  std::vector<std::string> copies;  // the mode of records[1..]
};

Family family(const GeneratedGame& g, uint64_t n) {
  Family f;
  f.records.push_back(index::makeRecord(g.board, metaOf(g.tags, n, "uhp")));
  const auto copy = [&](const Board& board, const std::string& mode, const char* notationName) {
    index::Tags tags = g.tags;
    tags.emplace_back("Copy", mode);  // other tags: not the same record to the index
    f.records.push_back(index::makeRecord(board, metaOf(tags, n, notationName)));
    f.copies.push_back(mode);
  };
  const int plies = g.board.ply();
  if (n % 100 == 7 && plies >= 20)
    if (const auto t = transformedGame(g.board, Symmetry{uint8_t(n / 100 % kSymmetries)}, n / 100 % 2))
      copy(*t, "exact", "pgn-like");
  if (n % 200 == 31 && plies >= 40) copy(test::truncatedGame(g.board, plies * 3 / 5), "prefix", "uhp");
  if (n % 200 == 131 && plies >= 20)
    if (const auto t = test::transposedGame(g.board, 4)) copy(t->first, "transposed", "direction");
  return f;
}

void build(const std::filesystem::path& dir, uint64_t games, unsigned threads) {
  std::filesystem::remove_all(dir);
  index::Database db(dir);
  std::vector<GameGenerator> generators;
  for (unsigned t = 0; t < threads; ++t) generators.emplace_back(1000 + t);
  std::vector<Plant> plants;
  index::GameId nextId = 1;
  std::future<index::AddResult> writing;
  uint64_t added = 0;
  const auto start = Clock::now();
  constexpr uint64_t kBatch = 10000;
  for (uint64_t first = 0; first < games; first += kBatch) {
    const uint64_t n = std::min(kBatch, games - first);
    std::vector<Family> families(n);
    std::vector<std::thread> workers;
    for (unsigned t = 0; t < threads; ++t)
      workers.emplace_back([&, t] {
        for (uint64_t i = t; i < n; i += threads) families[i] = family(generators[t].next(), first + i);
      });
    for (auto& w : workers) w.join();
    std::vector<index::GameRecord> batch;
    for (auto& f : families) {
      const index::GameId original = nextId;
      for (std::size_t c = 0; c < f.copies.size(); ++c)
        plants.push_back({f.copies[c], original, nextId + 1 + index::GameId(c)});
      nextId += index::GameId(f.records.size());
      for (auto& r : f.records) batch.push_back(std::move(r));
    }
    if (writing.valid()) added += writing.get().added;
    writing = std::async(std::launch::async, [&db, batch = std::move(batch)] { return db.addGames(batch); });
    std::fprintf(stderr, "\rbuilding: %llu games, %.0f s   ", static_cast<unsigned long long>(first + n), since(start));
  }
  added += writing.get().added;
  db.waitForCompactions();
  std::fprintf(stderr, "\n");
  if (added != uint64_t(nextId - 1)) {
    std::fprintf(stderr, "%llu records, %llu added: planted ids are off\n", static_cast<unsigned long long>(nextId - 1),
                 static_cast<unsigned long long>(added));
    std::exit(1);
  }
  std::ofstream out(dir / "planted.txt");
  for (const Plant& p : plants) out << p.mode << " " << p.original << " " << p.copy << "\n";
  std::printf("built %llu games (%llu with the copies) in %.0f s\n", static_cast<unsigned long long>(games),
              static_cast<unsigned long long>(added), since(start));
}

long peakResidentMiB() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmHWM:", 0) == 0) return std::atol(line.c_str() + 6) / 1024;
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args;
  bool rebuild = false;
  query::DedupOptions options;
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]) == "--rebuild") rebuild = true;
    else if (std::string(argv[i]) == "--min-plies" && i + 1 < argc) options.minPlies = uint32_t(std::atoi(argv[++i]));
    else args.push_back(argv[i]);
  }
  const uint64_t games = args.size() > 0 ? std::strtoull(args[0].c_str(), nullptr, 10) : 1000000;
  const std::filesystem::path dir = args.size() > 1 ? args[1] : "/tmp/apiary-dedup-bench-" + std::to_string(games);
  const unsigned threads = args.size() > 2 ? unsigned(std::atoi(args[2].c_str())) : 2;
  if (rebuild || !std::filesystem::exists(dir / "planted.txt")) build(dir, games, threads);

  std::vector<Plant> plants;
  std::ifstream in(dir / "planted.txt");
  for (Plant p; in >> p.mode >> p.original >> p.copy;) plants.push_back(p);

  const index::Database db(dir, {index::Access::ReadOnly, {}});
  const auto cpu0 = std::clock();
  const query::DedupReport r = query::findDuplicates(db, options);
  const double cpu = double(std::clock() - cpu0) / CLOCKS_PER_SEC;

  std::map<std::string, std::size_t> clusters, clustered;
  std::map<std::pair<std::string, index::GameId>, std::size_t> clusterOf;
  for (std::size_t i = 0; i < r.clusters.size(); ++i) {
    const std::string mode(query::dedupModeName(r.clusters[i].mode));
    ++clusters[mode];
    clustered[mode] += r.clusters[i].games.size();
    for (const auto& g : r.clusters[i].games) clusterOf[{mode, g.id}] = i;
  }
  std::map<std::string, std::size_t> planted, found;
  std::set<std::size_t> withPlant;  // clusters holding a planted pair
  for (const Plant& p : plants) {
    ++planted[p.mode];
    const auto a = clusterOf.find({p.mode, p.original}), b = clusterOf.find({p.mode, p.copy});
    const bool together = a != clusterOf.end() && b != clusterOf.end() && a->second == b->second;
    found[p.mode] += together;
    if (together) withPlant.insert(a->second);
  }
  // Clusters of no planted pair: generated games that agree by chance (shared
  // openings), which the minimum length is there to keep out.
  std::map<std::string, std::size_t> chance;
  for (std::size_t i = 0; i < r.clusters.size(); ++i)
    if (!withPlant.count(i)) ++chance[std::string(query::dedupModeName(r.clusters[i].mode))];
  std::printf("games %llu, of at least %u plies %llu\n", static_cast<unsigned long long>(r.games), options.minPlies,
              static_cast<unsigned long long>(r.compared));
  const query::DedupTimings& t = r.timings;
  std::printf(
      "dedup, all modes: %.2f s wall, %.2f s CPU (catalogue %.2f, exact %.2f, prefix scan %.2f, prefix"
      " replays %.2f, transposed %.2f); %llu prefix candidates; peak resident %ld MiB\n",
      t.total, cpu, t.catalogue, t.exact, t.prefixScan, t.prefixReplay, t.transposed,
      static_cast<unsigned long long>(r.prefixCandidates), peakResidentMiB());
  bool ok = true;
  for (const char* mode : {"exact", "prefix", "transposed"}) {
    std::printf("%-10s %6zu clusters (%zu games); planted %zu, found %zu; %zu clusters of no planted pair\n", mode,
                clusters[mode], clustered[mode], planted[mode], found[mode], chance[mode]);
    ok &= found[mode] == planted[mode];
  }
  if (!ok) std::printf("NOT OK: some planted duplicates were not found\n");
  return ok ? 0 : 1;
}
