// The reading side of an import: each chunk of whole games parsed, replayed and
// turned into records on worker threads, the results handed back in input order.
#pragma once
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "index/catalogue/catalogue.hpp"
#include "index/record.hpp"
#include "ingest/chunks.hpp"
#include "ingest/importer.hpp"

namespace apiary::ingest {

// One chunk's worth of work, done by a worker. Game indices count from the
// chunk's first game; the writer, which sees a file's chunks in order, makes them
// the file's. Each rejection and each repair is held once: a rejected game (or a
// named file holding none) as the record the catalogue stores, a repaired move in
// its game's record.
struct ChunkResult {
  std::string path;
  bool firstOfFile = false, lastOfFile = false;
  bool endOfPath = false;  // every chunk of a path the caller named came before
  std::vector<index::GameRecord> records;
  std::vector<grammar::Rejection> rejected;
  std::optional<SkippedFile> skipped;  // the file holds no games
  uint64_t games = 0;
  double readSeconds = 0, recordSeconds = 0;
};

// Reads, replays and records one chunk's games.
ChunkResult processChunk(const SourceChunk& chunk, bool lenient);

// Chunks in, results out in their order; at most `window` chunks in flight so
// memory stays flat whatever the input's size. With no workers, a chunk is read
// as it is pushed.
class Pipeline {
 public:
  Pipeline(unsigned jobs, bool lenient);
  ~Pipeline();
  Pipeline(const Pipeline&) = delete;
  Pipeline& operator=(const Pipeline&) = delete;
  // The caller drains results (pop) while this is true: it is the only one who can.
  bool full();
  void push(SourceChunk&& source);
  // The next file's result in order, waiting for it while files are in flight;
  // nullopt when every pushed file has been popped.
  std::optional<ChunkResult> pop();
  // Non-blocking: the next result if it is ready.
  std::optional<ChunkResult> tryPop();

 private:
  void work();
  std::optional<ChunkResult> take();  // with the lock held

  bool lenient_;
  uint64_t window_;
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  std::deque<std::pair<uint64_t, SourceChunk>> todo_;
  std::map<uint64_t, ChunkResult> results_;
  uint64_t next_ = 0, written_ = 0;
  bool closed_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace apiary::ingest
