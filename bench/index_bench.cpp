// Ingest throughput of the index on generated games, the way `apiary ingest` feeds
// it: records built on two threads (replay + canonicalise every ply), written in
// batches by one writer while the next batch is being built. Generating games is
// not part of an ingest, so they are generated once into a cache file and read back
// batch by batch, untimed.
//
// Usage: bench_index [GAMES=100000] [BATCH=10000] [DB_DIR] [CACHE_DIR] [THREADS=2]
#include <sys/resource.h>
#include <time.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <future>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "engine/generate.hpp"
#include "engine/uhp.hpp"
#include "index/database.hpp"

using namespace apiary;
using Clock = std::chrono::steady_clock;

namespace {

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// The calling thread's CPU time in user space and in the kernel (writes, fsync).
std::pair<double, double> threadUserSystem() {
  rusage u{};
  getrusage(RUSAGE_THREAD, &u);
  return {double(u.ru_utime.tv_sec) + double(u.ru_utime.tv_usec) / 1e6,
          double(u.ru_stime.tv_sec) + double(u.ru_stime.tv_usec) / 1e6};
}

double cpuSeconds(clockid_t clock) {
  timespec t{};
  clock_gettime(clock, &t);
  return double(t.tv_sec) + double(t.tv_nsec) / 1e9;
}

struct Game {
  Board board;
  index::Tags tags;
};

// Cache file, for this benchmark only: per game the game type, the first mover, the
// moves as (piece, from, to) board cells, and the tags.
class Cache {
 public:
  static constexpr uint64_t kSeed = 1;

  static std::string path(const std::string& dir, uint64_t games) {
    return dir + "/games-seed" + std::to_string(kSeed) + "-" + std::to_string(games) + ".bin";
  }

  static void ensure(const std::string& dir, uint64_t games) {
    const std::string file = path(dir, games);
    if (std::ifstream(file).good()) return;
    std::filesystem::create_directories(dir);
    std::fprintf(stderr, "generating %llu games into %s (once)...\n", static_cast<unsigned long long>(games), file.c_str());
    std::ofstream out(file + ".tmp", std::ios::binary);
    GameGenerator generator(kSeed);
    for (uint64_t i = 0; i < games; ++i) write(out, generator.next());
    out.close();
    std::filesystem::rename(file + ".tmp", file);
  }

  explicit Cache(const std::string& file) : in_(file, std::ios::binary) {}

  std::vector<Game> read(std::size_t n) {
    std::vector<Game> games;
    games.reserve(n);
    while (games.size() < n && in_.peek() != EOF) {
      const GameType type{get<uint8_t>()};
      const Color first = Color(get<uint8_t>());
      Game g{Board(type, Rules{.tournament = false}, first), {}};
      for (uint16_t plies = get<uint16_t>(); plies > 0; --plies) {
        Move m;
        m.piece = get<uint8_t>();
        m.from = get<uint16_t>();
        m.to = get<uint16_t>();
        g.board.play(m);
      }
      for (uint8_t tags = get<uint8_t>(); tags > 0; --tags) {
        std::string name = text(), value = text();
        g.tags.emplace_back(std::move(name), std::move(value));
      }
      games.push_back(std::move(g));
    }
    return games;
  }

 private:
  template <class T>
  static void put(std::ofstream& out, T v) {
    out.write(reinterpret_cast<const char*>(&v), sizeof v);
  }
  static void write(std::ofstream& out, const GeneratedGame& g) {
    put<uint8_t>(out, g.board.type().expansions);
    put<uint8_t>(out, uint8_t(g.board.firstMover()));
    put<uint16_t>(out, uint16_t(g.board.history().size()));
    for (const Move& m : g.board.history()) {
      put<uint8_t>(out, m.piece);
      put<uint16_t>(out, m.from);
      put<uint16_t>(out, m.to);
    }
    put<uint8_t>(out, uint8_t(g.tags.size()));
    for (const auto& [name, value] : g.tags)
      for (const std::string& s : {name, value}) {
        put<uint8_t>(out, uint8_t(s.size()));
        out.write(s.data(), std::streamsize(s.size()));
      }
  }
  template <class T>
  T get() {
    T v{};
    in_.read(reinterpret_cast<char*>(&v), sizeof v);
    return v;
  }
  std::string text() {
    std::string s(get<uint8_t>(), '\0');
    in_.read(s.data(), std::streamsize(s.size()));
    return s;
  }
  std::ifstream in_;
};

index::GameMeta metaOf(const Game& g, uint64_t index) {
  index::GameMeta meta{"bench.pgn", int64_t(index), "uhp-pgn", g.tags, std::nullopt};
  if (const std::string* result = index::findTag(meta.tags, "Result")) meta.result = parseGameState(*result);
  return meta;
}

long residentKiB(const char* field) {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind(field, 0) == 0) return std::atol(line.c_str() + std::string(field).size());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const uint64_t games = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 100000;
  const std::size_t batchSize = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 10000;
  const std::string dbDir = argc > 3 ? argv[3] : "/tmp/apiary-index-bench";
  const std::string cacheDir = argc > 4 ? argv[4] : "/tmp/apiary-bench-cache";
  const unsigned threads = argc > 5 ? unsigned(std::atoi(argv[5])) : 2;

  Cache::ensure(cacheDir, games);
  Cache cache(Cache::path(cacheDir, games));
  std::filesystem::remove_all(dbDir);
  std::optional<index::Database> db(std::in_place, dbDir);

  double loadSeconds = 0, buildThreadSeconds = 0, buildWall = 0, writerWall = 0, writerUser = 0, writerSystem = 0;
  uint64_t positions = 0, added = 0, done = 0;
  long rssMin = 0, rssMax = 0;
  std::vector<long> rssAt;  // MiB at each quarter of the ingest
  std::future<void> writing;
  const auto start = Clock::now();
  const double cpuStart = cpuSeconds(CLOCK_PROCESS_CPUTIME_ID);
  const double mainCpuStart = cpuSeconds(CLOCK_THREAD_CPUTIME_ID);
  while (done < games) {
    auto t = Clock::now();
    std::vector<Game> batch = cache.read(std::min<uint64_t>(batchSize, games - done));
    loadSeconds += since(t);
    // Build the records on `threads` threads while the writer writes the previous batch.
    t = Clock::now();
    std::vector<index::GameRecord> records(batch.size());
    std::vector<std::thread> builders;
    std::vector<double> busy(threads, 0);
    for (unsigned w = 0; w < threads; ++w)
      builders.emplace_back([&, w] {
        for (std::size_t i = w; i < batch.size(); i += threads)
          records[i] = index::makeRecord(batch[i].board, metaOf(batch[i], done + i));
        busy[w] = cpuSeconds(CLOCK_THREAD_CPUTIME_ID);
      });
    for (auto& b : builders) b.join();
    buildWall += since(t);
    for (double b : busy) buildThreadSeconds += b;
    for (const auto& r : records) positions += r.positions.size();
    done += batch.size();
    if (writing.valid()) writing.get();
    writing = std::async(std::launch::async, [&db, &added, &writerWall, &writerUser, &writerSystem,
                                              records = std::move(records)] {
      const auto t0 = Clock::now();
      const auto [user0, system0] = threadUserSystem();
      added += db->addGames(records).added;
      const auto [user1, system1] = threadUserSystem();
      writerUser += user1 - user0;
      writerSystem += system1 - system0;
      writerWall += since(t0);
    });
    const long rss = residentKiB("VmRSS:");
    if (done > 2 * batchSize) {  // after the first batches have warmed the caches
      rssMin = rssMin ? std::min(rssMin, rss) : rss;
      rssMax = std::max(rssMax, rss);
    }
    if (done * 4 / games != (done - batch.size()) * 4 / games) rssAt.push_back(rss / 1024);
  }
  writing.get();
  const double ingestSeconds = since(start) - loadSeconds;
  auto t = Clock::now();
  db->waitForCompactions();
  const double settleSeconds = since(t);
  const double total = ingestSeconds + settleSeconds;
  const double mainCpu = cpuSeconds(CLOCK_THREAD_CPUTIME_ID);  // loading batches, untimed
  const double cpu = cpuSeconds(CLOCK_PROCESS_CPUTIME_ID) - cpuStart - (mainCpu - mainCpuStart);

  const index::WriteTimings w = db->timings();
  // Sizes as a closed database has them: without the catalogue's write-ahead log.
  db.reset();
  db.emplace(dbDir, index::DatabaseOptions{.access = index::Access::ReadOnly});
  const index::Info info = db->info();
  std::printf("games %llu (added %llu), batch %zu, %u build threads, positions %llu (%.1f per game)\n",
              static_cast<unsigned long long>(games), static_cast<unsigned long long>(added), batchSize, threads,
              static_cast<unsigned long long>(positions), double(positions) / double(games));
  std::printf("end to end: %.1f s = %.0f games/s, %.0f positions/s (ingest %.1f s + compactions settling %.1f s)\n",
              total, double(games) / total, double(positions) / total, ingestSeconds, settleSeconds);
  const double writer = w.catalogue + w.encode + w.ingest;
  std::printf("CPU: %.1f s = %.1f us/game: replay+canonicalise %.1f | catalogue %.1f | encode %.1f | ingest %.1f"
              " | RocksDB background and other %.1f  (untimed load %.1f s)\n",
              cpu, cpu / double(games) * 1e6, buildThreadSeconds, w.catalogue, w.encode, w.ingest,
              cpu - buildThreadSeconds - writer, loadSeconds);
  std::printf("CPU-bound capacity on %u idle cores: %.0f games/s; wall: building %.1f s, writing %.1f s (overlapped)\n",
              threads, threads * double(games) / cpu, buildWall, writerWall);
  std::printf("writer thread: %.1f us/game in user space, %.1f us/game in the kernel\n",
              writerUser / double(games) * 1e6, writerSystem / double(games) * 1e6);
  std::printf("on disk: %.0f bytes/game (positions %.0f, catalogue %.0f); %llu distinct positions, %llu postings\n",
              double(info.bytes) / double(games), double(info.positionBytes) / double(games),
              double(info.catalogueBytes) / double(games), static_cast<unsigned long long>(info.positions),
              static_cast<unsigned long long>(info.postings));
  if (rssMax) std::printf("memory: resident %ld-%ld MiB after warm-up, ", rssMin / 1024, rssMax / 1024);
  else std::printf("memory: ");
  std::printf("peak %ld MiB; at each quarter:", residentKiB("VmHWM:") / 1024);
  for (long m : rssAt) std::printf(" %ld", m);
  std::printf(" MiB\n");
  return 0;
}
