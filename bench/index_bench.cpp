// Ingest throughput of the index on generated games, the way `apiary ingest` feeds
// it: each batch's games are parsed from UHP text and replayed, and their records
// built (canonicalise every ply), on THREADS threads; one writer writes the batches
// while the next batch is being built. Generating games is not part of an ingest,
// so they are generated once into cache files and read back batch by batch (the
// bytes only), untimed.
//
// Usage: bench_index [GAMES=100000] [BATCH=10000] [DB_DIR] [CACHE_DIR] [THREADS=2] [SOURCE=uhp]
// SOURCE `moves`: the games come as boards replayed from cached moves, untimed, and
// the builders only build records (this benchmark before it parsed text).
#include <sys/resource.h>
#include <time.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <future>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "engine/generate.hpp"
#include "index/database.hpp"
#include "ingest/importer.hpp"
#include "notation/notations.hpp"
#include "notation/uhp_text.hpp"

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
class MoveCache {
 public:
  static constexpr uint64_t kSeed = 1;

  static std::string path(const std::string& dir, uint64_t games) {
    return dir + "/games-seed" + std::to_string(kSeed) + "-" + std::to_string(games) + ".bin";
  }

  static void ensure(const std::string& dir, uint64_t games) {
    const std::string file = path(dir, games);
    if (std::ifstream(file).good()) return;
    std::filesystem::create_directories(dir);
    std::fprintf(stderr, "generating %llu games into %s (once)...\n", static_cast<unsigned long long>(games),
                 file.c_str());
    std::ofstream out(file + ".tmp", std::ios::binary);
    GameGenerator generator(kSeed);
    for (uint64_t i = 0; i < games; ++i) write(out, generator.next());
    out.close();
    std::filesystem::rename(file + ".tmp", file);
  }

  explicit MoveCache(const std::string& file) : in_(file, std::ios::binary) {}

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

// The same games as UHP text, as `apiary generate` writes them and `apiary ingest`
// reads them, made from the move cache; beside it each game's length in bytes, so
// that a batch is read without parsing and cut between the builders.
class TextCache {
 public:
  static std::string path(const std::string& dir, uint64_t games) {
    return dir + "/games-seed" + std::to_string(MoveCache::kSeed) + "-" + std::to_string(games) + ".uhp";
  }

  static void ensure(const std::string& dir, uint64_t games) {
    const std::string file = path(dir, games);
    if (std::ifstream(file).good() && std::ifstream(file + ".lengths").good()) return;
    MoveCache::ensure(dir, games);
    std::fprintf(stderr, "writing %llu games as UHP into %s (once)...\n", static_cast<unsigned long long>(games),
                 file.c_str());
    MoveCache moves(MoveCache::path(dir, games));
    std::ofstream text(file + ".tmp", std::ios::binary), lengths(file + ".lengths.tmp", std::ios::binary);
    for (std::vector<Game> batch; !(batch = moves.read(10000)).empty();)
      for (Game& g : batch) {
        const std::string game = notation::writeUhp(notation::gameFromBoard(std::move(g.board), g.tags));
        text.write(game.data(), std::streamsize(game.size()));
        const auto length = uint32_t(game.size());
        lengths.write(reinterpret_cast<const char*>(&length), sizeof length);
      }
    text.close();
    lengths.close();
    std::filesystem::rename(file + ".lengths.tmp", file + ".lengths");
    std::filesystem::rename(file + ".tmp", file);
  }

  struct Batch {
    std::string text;
    std::vector<std::size_t> ends;  // where each game's text ends
  };

  explicit TextCache(const std::string& file)
      : text_(file, std::ios::binary), lengths_(file + ".lengths", std::ios::binary) {}

  Batch read(std::size_t n) {
    Batch batch;
    std::size_t size = 0;
    for (uint32_t length = 0; batch.ends.size() < n && lengths_.read(reinterpret_cast<char*>(&length), sizeof length);)
      batch.ends.push_back(size += length);
    batch.text.resize(size);
    text_.read(batch.text.data(), std::streamsize(size));
    return batch;
  }

 private:
  std::ifstream text_, lengths_;
};

index::GameMeta metaOf(const Game& g, uint64_t index) {
  index::GameMeta meta{"bench.pgn", int64_t(index), "uhp-pgn", g.tags, std::nullopt, {}};
  if (const std::string* result = index::findTag(meta.tags, "Result")) meta.result = notation::parseGameState(*result);
  return meta;
}

long residentKiB(const char* field) {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind(field, 0) == 0) return std::atol(line.c_str() + std::string(field).size());
  return 0;
}

// Builds the records of one batch of UHP text on `threads` threads, each reading a
// contiguous run of games as the importer reads a file: every game made into its
// record as soon as it is replayed (ingest::gameRecord). Adds the threads' CPU
// seconds for the two to parse and build (two clock reads a game, a small share of it).
std::vector<index::GameRecord> buildFromText(const TextCache::Batch& batch, uint64_t firstIndex, unsigned threads,
                                             double& parse, double& build) {
  const std::size_t n = batch.ends.size();
  std::vector<index::GameRecord> records(n);
  std::vector<std::pair<double, double>> busy(threads, {0, 0});
  std::vector<std::string> errors(threads);
  std::vector<std::thread> builders;
  for (unsigned w = 0; w < threads; ++w)
    builders.emplace_back([&, w] {
      // A thousand games at a time, as files of that size would be.
      constexpr std::size_t kChunk = 1000;
      for (std::size_t lo = n * w / threads, end = n * (w + 1) / threads; lo < end && errors[w].empty();) {
        const std::size_t hi = std::min(end, lo + kChunk);
        const std::size_t from = lo ? batch.ends[lo - 1] : 0;
        double mark = cpuSeconds(CLOCK_THREAD_CPUTIME_ID);
        std::size_t read = 0;
        const std::string path = "bench.uhp";
        const std::string notationName = "uhp";
        notation::readGames(notation::uhpNotation(),
                            std::string_view(batch.text).substr(from, batch.ends[hi - 1] - from),
                            [&](notation::ReplayedGame&& g) {
                              const double replayed = cpuSeconds(CLOCK_THREAD_CPUTIME_ID);
                              busy[w].first += replayed - mark;
                              const std::size_t at = lo + read++;
                              std::string& error = errors[w];  // the first one stops this thread's work
                              if (error.empty() && at >= hi) error = "more games than the cache says";
                              if (error.empty() && !g.ok())
                                error = "game " + std::to_string(firstIndex + at) + " rejected: " + g.error->message;
                              if (error.empty()) {
                                g.index = int(firstIndex + at);
                                records[at] = ingest::gameRecord(g, path, notationName);
                              }
                              mark = cpuSeconds(CLOCK_THREAD_CPUTIME_ID);
                              busy[w].second += mark - replayed;
                            });
        busy[w].first += cpuSeconds(CLOCK_THREAD_CPUTIME_ID) - mark;
        if (errors[w].empty() && read != hi - lo)
          errors[w] = "read " + std::to_string(read) + " games of " + std::to_string(hi - lo);
        lo = hi;
      }
    });
  for (auto& b : builders) b.join();
  for (const std::string& e : errors)
    if (!e.empty()) throw std::runtime_error("the UHP cache: " + e);
  for (const auto& [p, b] : busy) parse += p, build += b;
  return records;
}

// The same from boards already replayed (SOURCE moves).
std::vector<index::GameRecord> buildFromBoards(const std::vector<Game>& batch, uint64_t firstIndex, unsigned threads,
                                               double& build) {
  std::vector<index::GameRecord> records(batch.size());
  std::vector<double> busy(threads, 0);
  std::vector<std::thread> builders;
  for (unsigned w = 0; w < threads; ++w)
    builders.emplace_back([&, w] {
      const double t0 = cpuSeconds(CLOCK_THREAD_CPUTIME_ID);
      for (std::size_t i = w; i < batch.size(); i += threads)
        records[i] = index::makeRecord(batch[i].board, metaOf(batch[i], firstIndex + i));
      busy[w] = cpuSeconds(CLOCK_THREAD_CPUTIME_ID) - t0;
    });
  for (auto& b : builders) b.join();
  for (double b : busy) build += b;
  return records;
}

// The command line: bench_index [GAMES] [BATCH] [DB_DIR] [CACHE_DIR] [THREADS] [SOURCE].
struct Settings {
  uint64_t games = 100000;
  std::size_t batchSize = 10000;
  std::string dbDir = "/tmp/apiary-index-bench";
  std::string cacheDir = "/tmp/apiary-bench-cache";
  unsigned threads = 2;
  bool fromText = true;  // SOURCE uhp; moves otherwise
};

std::optional<Settings> parseSettings(int argc, char** argv) {
  Settings s;
  if (argc > 1) s.games = std::strtoull(argv[1], nullptr, 10);
  if (argc > 2) s.batchSize = std::strtoull(argv[2], nullptr, 10);
  if (argc > 3) s.dbDir = argv[3];
  if (argc > 4) s.cacheDir = argv[4];
  if (argc > 5) s.threads = unsigned(std::atoi(argv[5]));
  const std::string source = argc > 6 ? argv[6] : "uhp";
  if (source != "uhp" && source != "moves") {
    std::fprintf(stderr, "SOURCE is uhp or moves, not %s\n", source.c_str());
    return std::nullopt;
  }
  s.fromText = source == "uhp";
  return s;
}

// What the ingest loop measured.
struct Measured {
  double loadSeconds = 0, parseThreadSeconds = 0, buildThreadSeconds = 0, buildWall = 0, writerWall = 0, writerUser = 0,
         writerSystem = 0;
  double ingestSeconds = 0, settleSeconds = 0, cpu = 0;
  uint64_t positions = 0, added = 0;
  long rssMin = 0, rssMax = 0;
  std::vector<long> rssAt;  // MiB at each quarter of the ingest
  index::WriteTimings writes;
};

// Every batch built on the builder threads while the writer writes the previous one,
// then the compactions waited for.
Measured ingestAll(const Settings& s, index::Database& db) {
  std::optional<MoveCache> moveCache;
  std::optional<TextCache> textCache;
  if (s.fromText) {
    TextCache::ensure(s.cacheDir, s.games);
    textCache.emplace(TextCache::path(s.cacheDir, s.games));
  } else {
    MoveCache::ensure(s.cacheDir, s.games);
    moveCache.emplace(MoveCache::path(s.cacheDir, s.games));
  }
  Measured m;
  uint64_t done = 0;
  std::future<void> writing;
  const auto start = Clock::now();
  const double cpuStart = cpuSeconds(CLOCK_PROCESS_CPUTIME_ID);
  const double mainCpuStart = cpuSeconds(CLOCK_THREAD_CPUTIME_ID);
  while (done < s.games) {
    const std::size_t n = std::min<uint64_t>(s.batchSize, s.games - done);
    auto t = Clock::now();
    std::optional<TextCache::Batch> text;
    std::vector<Game> boards;
    if (s.fromText) text = textCache->read(n);
    else boards = moveCache->read(n);
    m.loadSeconds += since(t);
    t = Clock::now();
    std::vector<index::GameRecord> records =
        s.fromText ? buildFromText(*text, done, s.threads, m.parseThreadSeconds, m.buildThreadSeconds)
                   : buildFromBoards(boards, done, s.threads, m.buildThreadSeconds);
    m.buildWall += since(t);
    const std::size_t read = records.size();
    if (read == 0) throw std::runtime_error("the cache holds fewer games than asked for");
    for (const auto& r : records) m.positions += r.positions.size();
    done += read;
    if (writing.valid()) writing.get();
    writing = std::async(std::launch::async, [&db, &m, records = std::move(records)] {
      const auto t0 = Clock::now();
      const auto [user0, system0] = threadUserSystem();
      m.added += db.addGames(records).added;
      const auto [user1, system1] = threadUserSystem();
      m.writerUser += user1 - user0;
      m.writerSystem += system1 - system0;
      m.writerWall += since(t0);
    });
    const long rss = residentKiB("VmRSS:");
    if (done > 2 * s.batchSize) {  // after the first batches have warmed the caches
      m.rssMin = m.rssMin ? std::min(m.rssMin, rss) : rss;
      m.rssMax = std::max(m.rssMax, rss);
    }
    if (done * 4 / s.games != (done - read) * 4 / s.games) m.rssAt.push_back(rss / 1024);
  }
  writing.get();
  m.ingestSeconds = since(start) - m.loadSeconds;
  const auto t = Clock::now();
  db.waitForCompactions();
  m.settleSeconds = since(t);
  const double mainCpu = cpuSeconds(CLOCK_THREAD_CPUTIME_ID);  // loading batches, untimed
  m.cpu = cpuSeconds(CLOCK_PROCESS_CPUTIME_ID) - cpuStart - (mainCpu - mainCpuStart);
  m.writes = db.timings();
  return m;
}

void printReport(const Settings& s, const Measured& m, const index::Info& info) {
  const double games = double(s.games);
  const double total = m.ingestSeconds + m.settleSeconds;
  std::printf("games %llu (added %llu) from %s, batch %zu, %u build threads, positions %llu (%.1f per game)\n",
              static_cast<unsigned long long>(s.games), static_cast<unsigned long long>(m.added),
              s.fromText ? "UHP text" : "cached moves", s.batchSize, s.threads,
              static_cast<unsigned long long>(m.positions), double(m.positions) / games);
  std::printf("end to end: %.1f s = %.0f games/s, %.0f positions/s (ingest %.1f s + compactions settling %.1f s)\n",
              total, games / total, double(m.positions) / total, m.ingestSeconds, m.settleSeconds);
  const index::WriteTimings& w = m.writes;
  const double writer = w.catalogue + w.encode + w.ingest;
  // Per game, in the split: parse (and replay), canonicalise, write.
  const auto us = [&](double seconds) { return seconds / games * 1e6; };
  std::printf(
      "CPU: %.1f s = %.1f us/game: parse+replay %.1f | records (canonicalise) %.1f | catalogue %.1f"
      " | batch file %.1f | ingest %.1f | RocksDB background and other %.1f  (untimed load %.1f s%s)\n",
      m.cpu, us(m.cpu), us(m.parseThreadSeconds), us(m.buildThreadSeconds), us(w.catalogue), us(w.encode), us(w.ingest),
      us(m.cpu - m.parseThreadSeconds - m.buildThreadSeconds - writer), m.loadSeconds,
      s.fromText ? "" : ", replaying the cached moves");
  std::printf("CPU-bound capacity on %u idle cores: %.0f games/s; wall: building %.1f s, writing %.1f s (overlapped)\n",
              s.threads, s.threads * games / m.cpu, m.buildWall, m.writerWall);
  std::printf(
      "writer: %.1f us/game of wall; its calling thread (catalogue, ingestion) %.1f us/game in user space,"
      " %.1f in the kernel\n",
      us(m.writerWall), us(m.writerUser), us(m.writerSystem));
  std::printf("on disk: %.0f bytes/game (positions %.0f, catalogue %.0f); %llu distinct positions, %llu postings\n",
              double(info.bytes) / games, double(info.positionBytes) / games, double(info.catalogueBytes) / games,
              static_cast<unsigned long long>(info.positions), static_cast<unsigned long long>(info.postings));
  if (m.rssMax) std::printf("memory: resident %ld-%ld MiB after warm-up, ", m.rssMin / 1024, m.rssMax / 1024);
  else std::printf("memory: ");
  std::printf("peak %ld MiB; at each quarter:", residentKiB("VmHWM:") / 1024);
  for (long mib : m.rssAt) std::printf(" %ld", mib);
  std::printf(" MiB\n");
}

}  // namespace

int main(int argc, char** argv) {
  const std::optional<Settings> settings = parseSettings(argc, argv);
  if (!settings) return 2;
  std::filesystem::remove_all(settings->dbDir);
  std::optional<index::Database> db(std::in_place, settings->dbDir);
  const Measured measured = ingestAll(*settings, *db);
  // Sizes as a closed database has them: without the catalogue's write-ahead log.
  db.reset();
  db.emplace(settings->dbDir, index::DatabaseOptions{.access = index::Access::ReadOnly});
  printReport(*settings, measured, db->info());
  return 0;
}
