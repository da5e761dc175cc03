// A whole file ingested into a scratch database (in /dev/shm when there is one, as
// each batch is committed durably), as `apiary ingest [--notation NOTATION] FILE`
// takes it. The database starts afresh every few thousand inputs;
// the last one is never closed: at exit RocksDB's own statics may be gone before
// it, and closing then crashed in its logger (a 240-s run).
#include <unistd.h>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "fuzz/fuzz_support.hpp"
#include "ingest/importer.hpp"

namespace {

std::filesystem::path scratchDir() {
  const std::filesystem::path shm = "/dev/shm";
  const auto base = std::filesystem::is_directory(shm) ? shm : std::filesystem::temp_directory_path();
  return base / ("apiary-fuzz-ingest-" + std::to_string(getpid()));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace apiary;
  // The first byte: even, it picks the file's extension and the notation is
  // detected (`apiary ingest FILE`); odd, it names the notation (`--notation`).
  static constexpr const char* kExtensions[] = {".pgn", ".txt", ".sgf", ".fen"};
  static constexpr const char* kNotations[] = {"uhp", "sgf", "pgn-like", "direction", "algebraic", "fen"};
  static const std::filesystem::path dir = scratchDir();
  static index::Database* db = nullptr;
  static int inputs = 0;
  if (size == 0) return 0;
  if (inputs++ % 5000 == 0) {
    if (!db) std::atexit([] { std::filesystem::remove_all(dir); });
    delete db;
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    db = new index::Database(dir / "db");
  }
  const bool named = data[0] & 1;
  const unsigned pick = data[0] >> 1;
  const auto file = dir / (std::string("input") + kExtensions[pick % std::size(kExtensions)]);
  std::ofstream(file, std::ios::binary).write(reinterpret_cast<const char*>(data + 1), std::streamsize(size - 1));
  ingest::ImportOptions options;
  // Read and written on this thread: a worker and a writer started and joined
  // every call, each with a fresh ASan allocator cache, cost more than a race
  // libFuzzer will not find is worth (fuzz/README.md).
  options.threads = false;
  if (named) options.notation = &fuzz::row(kNotations[pick % std::size(kNotations)], notation::NotationUse::Read);
  // A batch is reserved whole up front: 20,000 records mapped, and their shadow
  // poisoned, every input under ASan. 64 games still split the larger inputs.
  options.batchGames = 64;
  const auto summary = ingest::importSources(*db, {file.string()}, options);
  // An error at line 0 rejects the file as a whole; the games refused before the
  // file was found to hold none (a NUL byte in one) count besides it.
  const auto wholeFile = uint64_t(std::count_if(summary.rejected.begin(), summary.rejected.end(),
                                                [](const grammar::Rejection& g) { return g.line == 0; }));
  const auto& totals = summary.totals;
  fuzz::require(wholeFile <= 1 && totals.added + totals.skipped + totals.rejected - wholeFile == totals.games,
                "every game read is added, skipped or rejected, and the file at most once as a whole");
  return 0;
}
