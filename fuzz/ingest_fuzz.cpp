// A whole file ingested into a scratch database (in /dev/shm when there is one, as
// each batch is committed durably), as `apiary ingest FILE` takes it; the first byte
// picks the file's extension. The database starts afresh every few thousand inputs.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <unistd.h>

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
  static constexpr const char* kExtensions[] = {".pgn", ".txt", ".sgf", ".fen"};
  static const std::filesystem::path dir = scratchDir();
  static std::unique_ptr<index::Database> db;
  static int inputs = 0;
  if (size == 0) return 0;
  if (inputs++ % 5000 == 0) {
    db.reset();
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    db = std::make_unique<index::Database>(dir / "db");
  }
  const auto file = dir / (std::string("input") + kExtensions[data[0] % std::size(kExtensions)]);
  std::ofstream(file, std::ios::binary).write(reinterpret_cast<const char*>(data + 1), std::streamsize(size - 1));
  ingest::ImportOptions options;
  options.jobs = 1;
  const auto totals = ingest::importSources(*db, {file.string()}, options).totals;
  fuzz::require(totals.added + totals.skipped + totals.rejected == totals.games ||
                    (totals.games == 0 && totals.rejected == 1),
                "every game read is added, skipped or rejected, or the file is");
  return 0;
}
