#include "ingest/importer.hpp"

#include <algorithm>
#include <chrono>
#include <thread>

#include "ingest/batch_writer.hpp"
#include "ingest/chunks.hpp"
#include "ingest/pipeline.hpp"
#include "ingest/text_encoding.hpp"

namespace apiary::ingest {

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// The caller's findings, and what it does not take kept in the summary.
Findings findingsFor(const Findings& given, ImportSummary& summary) {
  Findings f = given;
  if (!f.rejected) f.rejected = [&summary](const grammar::Rejection& g) { summary.rejected.push_back(g); };
  if (!f.repaired)
    f.repaired = [&summary](const std::string& file, const index::MoveRepair& r) {
      summary.repairs.emplace_back(file, r);
    };
  if (!f.skipped) f.skipped = [&summary](SkippedFile&& s) { summary.skippedFiles.push_back(std::move(s)); };
  return f;
}

unsigned workersFor(const ImportOptions& options) {
  if (!options.threads) return 0;
  return options.jobs ? options.jobs : std::max(1u, std::thread::hardware_concurrency());
}

// The writer's side of an import: each chunk's result, in input order, has its
// findings reported, its games numbered within their file, and goes into batches
// of options.batchGames games (rejected ones included) handed to the writer.
class Batches {
 public:
  Batches(index::Database& db, const ImportOptions& options, ImportSummary& summary)
      : options_(options),
        summary_(summary),
        findings_(findingsFor(options.findings, summary)),
        writer_(db, options.threads),
        // Sized once a batch: grown by doubling, it moved every record a few times
        // and took fresh pages for each copy. Capped: a batch may be asked to hold any
        // number of games.
        reserved_(std::min<std::size_t>(options.batchGames, 1 << 16)) {
    games_.reserve(reserved_);
  }

  void take(ChunkResult&& r) {
    if (r.endOfPath) {
      // Its games are in this batch or an earlier one: its state goes with this one.
      if (options_.pathState)
        if (auto state = options_.pathState(r.path)) files_.push_back(std::move(*state));
      return;
    }
    if (r.firstOfFile) fileGames_ = 0;
    numberInFile(r);
    report(r);
    fill(std::move(r));
    showProgress();
  }

  // Writes the last batch and waits for every one; the totals go to the summary.
  void finish() {
    flush();
    writer_.finish();
    updateTotals();
    if (options_.progress) options_.progress(summary_.totals);
  }

 private:
  // Game indices counted from the file's first game, not the chunk's.
  void numberInFile(ChunkResult& r) const {
    for (auto& g : r.rejected)
      if (g.index >= 0) g.index += fileGames_;
    for (auto& rec : r.records) rec.meta.sourceIndex += fileGames_;
  }

  void report(const ChunkResult& r) {
    summary_.totals.files += r.lastOfFile;
    summary_.totals.games += r.games;
    summary_.totals.rejected += r.rejected.size();
    summary_.readSeconds += r.readSeconds;
    summary_.recordSeconds += r.recordSeconds;
    if (r.skipped) findings_.skipped(SkippedFile(*r.skipped));
    for (const auto& g : r.rejected) findings_.rejected(g);
    for (const auto& rec : r.records) {
      summary_.repairedGames += !rec.meta.repairs.empty();
      for (const auto& repair : rec.meta.repairs) findings_.repaired(rec.meta.source, repair);
    }
  }

  // Rejected games count toward a batch too: a file of bad games alone is
  // committed batch by batch, not held whole.
  void fill(ChunkResult&& r) {
    for (auto& g : r.rejected) {
      rejected_.push_back(std::move(g));
      if (games_.size() + rejected_.size() >= options_.batchGames) flush();
    }
    for (auto& rec : r.records) {
      games_.push_back(std::move(rec));
      if (games_.size() + rejected_.size() >= options_.batchGames) flush();
    }
    fileGames_ += int64_t(r.games);
  }

  void flush() {
    if (games_.empty() && rejected_.empty() && files_.empty()) return;
    writer_.submit(std::move(games_), std::move(rejected_), std::move(files_));
    games_ = {};
    games_.reserve(reserved_);
    rejected_ = {};
    files_ = {};
  }

  void updateTotals() {
    const index::AddResult written = writer_.totals();
    summary_.totals.added = written.added;
    summary_.totals.skipped = written.skipped;
    summary_.totals.seconds = since(start_);
  }

  void showProgress() {
    if (!options_.progress || since(lastReport_) <= 0.2) return;
    updateTotals();
    options_.progress(summary_.totals);
    lastReport_ = Clock::now();
  }

  const ImportOptions& options_;
  ImportSummary& summary_;
  const Findings findings_;
  BatchWriter writer_;
  const std::size_t reserved_;
  const Clock::time_point start_ = Clock::now();
  Clock::time_point lastReport_ = start_;
  std::vector<index::GameRecord> games_;
  std::vector<grammar::Rejection> rejected_;
  std::vector<index::SyncedFile> files_;  // paths read through since the last batch
  int64_t fileGames_ = 0;                 // games of the file in progress before this chunk
};

// Cuts the paths into chunks, has them read on `jobs` workers and hands each
// result to `take` in input order. While no path is waiting, what is in flight is
// taken: a path pushed later may be long in coming (a download).
void readChunks(const index::Database& db, PathQueue& paths, const ImportOptions& options,
                const std::function<void(ChunkResult&&)>& take) {
  Pipeline pipeline(workersFor(options), options.lenient);
  ChunkOptions chunking;
  chunking.notation = options.notation;
  chunking.sources.skipDirectories.push_back(db.dir().string());
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
  for (auto& r : game.repairs)
    meta.repairs.push_back({r.where.ply, uint8_t(r.kind), r.where.line, r.where.column, std::move(r.where.message)});
  meta.tags.reserve(game.tags.size());
  for (auto& tag : game.tags) meta.tags.emplace_back(asUtf8(std::move(tag.name)), asUtf8(std::move(tag.value)));
  if (builder && builder->followed(game.board)) return builder->finish(game.board, std::move(meta));
  return index::makeRecord(game.board, std::move(meta));
}

ImportSummary importSources(index::Database& db, const std::vector<std::string>& paths, const ImportOptions& options) {
  PathQueue queue(paths);
  return importQueue(db, queue, options);
}

ImportSummary importQueue(index::Database& db, PathQueue& paths, const ImportOptions& options) {
  ImportSummary summary;
  Batches batches(db, options, summary);
  readChunks(db, paths, options, [&](ChunkResult&& r) { batches.take(std::move(r)); });
  batches.finish();
  return summary;
}

}  // namespace apiary::ingest
