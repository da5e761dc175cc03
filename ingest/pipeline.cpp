#include "ingest/pipeline.hpp"

#include <algorithm>
#include <chrono>

#include "ingest/reader.hpp"
#include "notation/notation_table.hpp"
#include "notation/notations.hpp"

namespace apiary::ingest {

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// A file holding no games is an error when the user named it, else it is skipped
// (a readme, a macOS resource fork, a position file in a folder of games).
void notGames(ChunkResult& out, const SourceChunk& chunk, grammar::Rejection&& wholeFile) {
  if (chunk.named) out.rejected.push_back(std::move(wholeFile));
  else out.skipped = SkippedFile{chunk.path, std::move(wholeFile.message)};
}

}  // namespace

ChunkResult processChunk(const SourceChunk& chunk, bool lenient) {
  ChunkResult out{
      chunk.path, chunk.firstOfFile, chunk.lastOfFile, chunk.kind == SourceChunk::Kind::EndOfPath, {}, {}, {}, 0, 0, 0};
  if (out.endOfPath) return out;
  // The reader's refusal, with what ingest knows of it besides.
  auto reject = [&](const std::string& notationName, int64_t index, grammar::Rejection&& e) {
    e.file = chunk.path;
    e.index = index;
    e.notation = notationName;
    out.rejected.push_back(std::move(e));
  };
  const std::string given(chunk.notation ? chunk.notation->name : "");
  if (chunk.kind == SourceChunk::Kind::RefusedGame) {
    ++out.games;
    reject(given, 0, grammar::rejectionAt(chunk.pos.line, chunk.pos.column, 0, chunk.reason));
    return out;
  }
  if (chunk.kind == SourceChunk::Kind::UnusableFile) {
    reject(given, -1, grammar::rejectionAt(0, 0, 0, chunk.reason));
    return out;
  }
  auto read = sourceNotation(chunk);
  if (read && (*read.value)->positions) read = {{}, fileRefused(chunk, "position strings, not games")};
  if (!read) {
    notGames(out, chunk, std::move(read.error));
    return out;
  }
  const notation::Notation& notationRow = **read.value;
  const std::string notationName(notationRow.name);
  // Each game's record is built while it is replayed (the builder follows its
  // moves) and finished as soon as the reader hands it on; the time between games
  // is reading and replaying, which includes most of the record's work.
  const auto start = Clock::now();
  index::RecordBuilder builder;
  notation::readGames(
      notationRow, chunk.text,
      [&](notation::ReplayedGame&& game) {
        const auto recordStart = Clock::now();
        ++out.games;
        placeInFile(game, chunk);
        if (game.ok() && game.setUp)
          game.error = grammar::rejectionAt(game.pos.line, game.pos.column, 0, "a position string is not a game");
        if (game.ok()) out.records.push_back(gameRecord(game, chunk.path, notationName, &builder));
        else reject(notationName, game.index, std::move(*game.error));
        builder.forget();  // the next game is followed from its start, or not at all
        out.recordSeconds += since(recordStart);
      },
      notation::ReadOptions{.lenient = lenient, .observer = &builder});
  out.readSeconds = since(start) - out.recordSeconds;
  return out;
}

Pipeline::Pipeline(unsigned jobs, bool lenient) : lenient_(lenient), window_(std::max(1u, 4 * jobs)) {
  for (unsigned i = 0; i < jobs; ++i) workers_.emplace_back([this] { work(); });
}

Pipeline::~Pipeline() {
  {
    std::lock_guard lock(mutex_);
    closed_ = true;
  }
  wake_.notify_all();
  for (auto& t : workers_) t.join();
}

bool Pipeline::full() {
  std::lock_guard lock(mutex_);
  return next_ - written_ >= window_;
}

void Pipeline::push(SourceChunk&& source) {
  if (workers_.empty()) {
    results_.emplace(next_++, processChunk(source, lenient_));
    return;
  }
  std::lock_guard lock(mutex_);
  todo_.emplace_back(next_++, std::move(source));
  wake_.notify_one();
}

std::optional<ChunkResult> Pipeline::pop() {
  std::unique_lock lock(mutex_);
  done_.wait(lock, [&] { return results_.count(written_) || written_ == next_; });
  return take();
}

std::optional<ChunkResult> Pipeline::tryPop() {
  std::lock_guard lock(mutex_);
  return take();
}

void Pipeline::work() {
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

std::optional<ChunkResult> Pipeline::take() {
  const auto it = results_.find(written_);
  if (it == results_.end()) return std::nullopt;
  ChunkResult r = std::move(it->second);
  results_.erase(it);
  ++written_;
  return r;
}

}  // namespace apiary::ingest
