#include "ingest/importer.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <thread>

#include "notation/notation_table.hpp"
#include "notation/notations.hpp"
#include "ingest/batch_writer.hpp"
#include "ingest/reader.hpp"
#include "ingest/chunks.hpp"
#include "ingest/sources.hpp"
#include "ingest/text_encoding.hpp"

namespace apiary::ingest {

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// One chunk's worth of work, done by a worker. Game indices count from the
// chunk's first game; the writer, which sees a file's chunks in order, makes them
// the file's.
struct ChunkResult {
  std::string path;
  bool firstOfFile = false, lastOfFile = false;
  bool endOfPath = false;  // every chunk of a path the caller named came before
  std::vector<index::GameRecord> records;
  std::vector<index::RejectedGame> rejected;
  std::vector<ImportError> errors;
  std::optional<SkippedFile> skipped;  // the file holds no games
  std::vector<ImportError> repairs;
  uint64_t games = 0;
  double readSeconds = 0, recordSeconds = 0;
};

// A file holding no games is an error when the user named it, else it is skipped
// (a readme, a macOS resource fork, a position file in a folder of games).
void notGames(ChunkResult& out, const SourceChunk& chunk, const std::string& reason) {
  if (chunk.named) {
    out.rejected.push_back({chunk.path, -1, "", 0, 0, 0, reason});
    out.errors.push_back({chunk.path, 0, 0, 0, reason});
  } else {
    out.skipped = SkippedFile{chunk.path, reason};
  }
}

ChunkResult processChunk(const SourceChunk& chunk, bool lenient) {
  ChunkResult out{chunk.path, chunk.firstOfFile, chunk.lastOfFile, chunk.kind == SourceChunk::Kind::EndOfPath,
                  {}, {}, {}, {}, {}, 0, 0, 0};
  if (out.endOfPath) return out;
  auto reject = [&](const std::string& notationName, int64_t index, const notation::GameError& e) {
    out.rejected.push_back({chunk.path, index, notationName, e.line, e.column, e.ply, e.message});
    out.errors.push_back({chunk.path, e.line, e.column, e.ply, e.message});
  };
  const std::string given(chunk.notation ? chunk.notation->name : "");
  if (chunk.kind == SourceChunk::Kind::RefusedGame) {
    ++out.games;
    reject(given, 0, notation::GameError{chunk.pos.line, chunk.pos.column, 0, chunk.reason});
    return out;
  }
  if (chunk.kind == SourceChunk::Kind::UnusableFile) {
    reject(given, -1, notation::GameError{0, 0, 0, chunk.reason});
    return out;
  }
  const SourceNotation read = sourceNotation(chunk);
  if (!read.error.empty() || read.notation->positions) {
    notGames(out, chunk, read.error.empty() ? "position strings, not games" : read.error);
    return out;
  }
  const std::string notationName(read.notation->name);
  // Each game's record is built while it is replayed (the builder follows its
  // moves) and finished as soon as the reader hands it on; the time between games
  // is reading and replaying, which includes most of the record's work.
  const auto start = Clock::now();
  index::RecordBuilder builder;
  notation::readGames(*read.notation, chunk.text, [&](notation::ReplayedGame&& game) {
    const auto recordStart = Clock::now();
    ++out.games;
    placeInFile(game, chunk);
    if (game.ok() && game.setUp)
      game.error = notation::GameError{game.pos.line, game.pos.column, 0, "a position string is not a game"};
    for (const auto& r : game.ok() ? game.repairs : std::vector<notation::RepairNote>{})
      out.repairs.push_back({chunk.path, r.where.line, r.where.column, r.where.ply, r.where.message});
    if (game.ok())
      out.records.push_back(gameRecord(game, chunk.path, notationName, &builder));
    else
      reject(notationName, game.index, *game.error);
    builder.forget();  // the next game is followed from its start, or not at all
    out.recordSeconds += since(recordStart);
  }, notation::ReadOptions{.lenient = lenient, .observer = &builder});
  out.readSeconds = since(start) - out.recordSeconds;
  return out;
}

// Chunks in, results out in their order; at most `window` chunks in flight so
// memory stays flat whatever the input's size. With no workers, a chunk is read
// as it is pushed.
class Pipeline {
 public:
  Pipeline(unsigned jobs, bool lenient) : lenient_(lenient), window_(std::max(1u, 4 * jobs)) {
    for (unsigned i = 0; i < jobs; ++i) workers_.emplace_back([this] { work(); });
  }
  ~Pipeline() {
    {
      std::lock_guard lock(mutex_);
      closed_ = true;
    }
    wake_.notify_all();
    for (auto& t : workers_) t.join();
  }
  // The caller drains results (pop) while this is true: it is the only one who can.
  bool full() {
    std::lock_guard lock(mutex_);
    return next_ - written_ >= window_;
  }
  void push(SourceChunk&& source) {
    if (workers_.empty()) {
      results_.emplace(next_++, processChunk(source, lenient_));
      return;
    }
    std::lock_guard lock(mutex_);
    todo_.emplace_back(next_++, std::move(source));
    wake_.notify_one();
  }
  // The next file's result in order, waiting for it while files are in flight;
  // nullopt when every pushed file has been popped.
  std::optional<ChunkResult> pop() {
    std::unique_lock lock(mutex_);
    done_.wait(lock, [&] { return results_.count(written_) || written_ == next_; });
    return take();
  }
  // Non-blocking: the next result if it is ready.
  std::optional<ChunkResult> tryPop() {
    std::lock_guard lock(mutex_);
    return take();
  }

 private:
  void work() {
    for (;;) {
      std::pair<uint64_t, SourceChunk> job;
      {
        std::unique_lock lock(mutex_);
        wake_.wait(lock, [&] { return closed_ || !todo_.empty(); });
        if (todo_.empty()) return;
        job = std::move(todo_.front());
        todo_.pop_front();
      }
      ChunkResult result = processChunk(job.second, lenient_);
      {
        std::lock_guard lock(mutex_);
        results_.emplace(job.first, std::move(result));
      }
      done_.notify_all();
    }
  }

  std::optional<ChunkResult> take() {  // with the lock held
    const auto it = results_.find(written_);
    if (it == results_.end()) return std::nullopt;
    ChunkResult r = std::move(it->second);
    results_.erase(it);
    ++written_;
    return r;
  }

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

// The caller's findings, and what it does not take kept in the summary.
Findings findingsFor(const Findings& given, ImportSummary& summary) {
  Findings f = given;
  if (!f.error) f.error = [&summary](ImportError&& e) { summary.errors.push_back(std::move(e)); };
  if (!f.repair) f.repair = [&summary](ImportError&& e) { summary.repairs.push_back(std::move(e)); };
  if (!f.skipped) f.skipped = [&summary](SkippedFile&& s) { summary.skippedFiles.push_back(std::move(s)); };
  return f;
}

}  // namespace

std::optional<GameState> parseResultTag(std::string_view text) {
  if (text == "WhiteWins" || text == "1-0") return GameState::WhiteWins;
  if (text == "BlackWins" || text == "0-1") return GameState::BlackWins;
  if (text == "Draw" || text == "1/2-1/2" || text == "½-½") return GameState::Draw;
  return std::nullopt;
}

index::GameRecord gameRecord(notation::ReplayedGame& game, const std::string& path, const std::string& notationName,
                             index::RecordBuilder* builder) {
  index::GameMeta meta{path, game.index, notationName, {}, std::nullopt, {}};
  if (const std::string* result = game.tag("Result")) meta.result = parseResultTag(*result);
  for (const auto& r : game.repairs) meta.repairs.push_back({r.where.ply, uint8_t(r.kind)});
  meta.tags.reserve(game.tags.size());
  for (auto& tag : game.tags) meta.tags.emplace_back(asUtf8(std::move(tag.name)), asUtf8(std::move(tag.value)));
  if (builder && builder->followed(game.board)) return builder->finish(game.board, std::move(meta));
  return index::makeRecord(game.board, std::move(meta));
}

ImportSummary importSources(index::Database& db, const std::vector<std::string>& paths,
                            const ImportOptions& options) {
  PathQueue queue(paths);
  return importQueue(db, queue, options);
}

ImportSummary importQueue(index::Database& db, PathQueue& paths, const ImportOptions& options) {
  const auto start = Clock::now();
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  const unsigned jobs = !options.threads ? 0 : options.jobs ? options.jobs : cores;
  ImportSummary summary;
  std::vector<index::GameRecord> batch;
  std::vector<index::RejectedGame> rejected;
  std::vector<index::SyncedFile> files;  // paths read through since the last batch
  auto lastReport = Clock::now();
  const Findings findings = findingsFor(options.findings, summary);

  BatchWriter writer(db, options.threads);
  // Sized once a batch: grown by doubling, it moved every record a few times and
  // took fresh pages for each copy. Capped: a batch may be asked to hold any number of games.
  const std::size_t reserved = std::min<std::size_t>(options.batchGames, 1 << 16);
  batch.reserve(reserved);
  auto flush = [&] {
    if (batch.empty() && rejected.empty() && files.empty()) return;
    writer.submit(std::move(batch), std::move(rejected), std::move(files));
    batch = {};
    batch.reserve(reserved);
    rejected = {};
    files = {};
  };
  int64_t fileGames = 0;  // games of the file in progress before this chunk
  auto take = [&](ChunkResult&& r) {
    if (r.endOfPath) {
      // Its games are in this batch or an earlier one: its state goes with this one.
      if (options.pathState)
        if (auto state = options.pathState(r.path)) files.push_back(std::move(*state));
      return;
    }
    if (r.firstOfFile) fileGames = 0;
    summary.totals.files += r.lastOfFile;
    summary.totals.games += r.games;
    summary.totals.rejected += r.errors.size();
    summary.readSeconds += r.readSeconds;
    summary.recordSeconds += r.recordSeconds;
    if (r.skipped) findings.skipped(std::move(*r.skipped));
    for (auto& e : r.errors) findings.error(std::move(e));
    for (auto& rec : r.records) summary.repairedGames += !rec.meta.repairs.empty();
    for (auto& e : r.repairs) findings.repair(std::move(e));
    // Rejected games count toward a batch too: a file of bad games alone is
    // committed batch by batch, not held whole.
    for (auto& g : r.rejected) {
      if (g.sourceIndex >= 0) g.sourceIndex += fileGames;
      rejected.push_back(std::move(g));
      if (batch.size() + rejected.size() >= options.batchGames) flush();
    }
    for (auto& rec : r.records) {
      rec.meta.sourceIndex += fileGames;
      batch.push_back(std::move(rec));
      if (batch.size() + rejected.size() >= options.batchGames) flush();
    }
    fileGames += int64_t(r.games);
    if (options.progress && since(lastReport) > 0.2) {
      const index::AddResult written = writer.totals();
      summary.totals.added = written.added;
      summary.totals.skipped = written.skipped;
      summary.totals.seconds = since(start);
      options.progress(summary.totals);
      lastReport = Clock::now();
    }
  };

  {
    Pipeline pipeline(jobs, options.lenient);
    ChunkOptions chunking;
    chunking.notation = options.notation;
    chunking.sources.skipDirectories.push_back(db.dir().string());
    // While no path is waiting, what is in flight is written: a path pushed later
    // may be long in coming (a download).
    auto next = [&]() -> std::optional<std::string> {
      if (!paths.ready())
        while (auto r = pipeline.pop()) take(std::move(*r));
      return paths.next();
    };
    forEachChunk(next, chunking, [&](SourceChunk&& source) {
      while (pipeline.full()) take(std::move(*pipeline.pop()));
      pipeline.push(std::move(source));
      while (auto r = pipeline.tryPop()) take(std::move(*r));
    });
    while (auto r = pipeline.pop()) take(std::move(*r));
  }
  flush();
  writer.finish();
  const index::AddResult written = writer.totals();
  summary.totals.added = written.added;
  summary.totals.skipped = written.skipped;
  summary.totals.seconds = since(start);
  if (options.progress) options.progress(summary.totals);
  return summary;
}

}  // namespace apiary::ingest
