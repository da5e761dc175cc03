// Helpers for the index tests: generated games as records, and scratch database
// directories that remove themselves.
#pragma once
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/generate.hpp"
#include "index/database.hpp"
#include "index/record.hpp"
#include "notation/uhp_text.hpp"

namespace apiary::test {

class ScratchDir {
 public:
  explicit ScratchDir(const std::string& name) {
    static std::atomic<int> counter{0};
    path_ = std::filesystem::temp_directory_path() /
            ("apiary-test-" + name + "-" + std::to_string(getpid()) + "-" + std::to_string(counter++));
    std::filesystem::remove_all(path_);
  }
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

inline index::GameMeta metaOf(const GeneratedGame& g, const std::string& source, int64_t index) {
  index::GameMeta meta{source, index, "uhp-pgn", {g.tags.begin(), g.tags.end()}, std::nullopt, {}};
  if (const std::string* result = index::findTag(meta.tags, "Result")) meta.result = notation::parseGameState(*result);
  return meta;
}

inline std::vector<GeneratedGame> generateGames(uint64_t seed, int n) {
  GameGenerator generator(seed);
  std::vector<GeneratedGame> games;
  games.reserve(n);
  for (int i = 0; i < n; ++i) games.push_back(generator.next());
  return games;
}

inline std::vector<index::GameRecord> recordsOf(const std::vector<GeneratedGame>& games,
                                                const std::string& source = "generated.pgn") {
  std::vector<index::GameRecord> records;
  records.reserve(games.size());
  for (std::size_t i = 0; i < games.size(); ++i)
    records.push_back(index::makeRecord(games[i].board, metaOf(games[i], source, int64_t(i))));
  return records;
}

// Adds records in batches of `batch`; returns the total added and skipped.
inline index::AddResult addInBatches(index::Database& db, const std::vector<index::GameRecord>& records,
                                     std::size_t batch) {
  index::AddResult total;
  for (std::size_t i = 0; i < records.size(); i += batch) {
    const auto r = db.addGames(std::span(records).subspan(i, std::min(batch, records.size() - i)));
    total.added += r.added;
    total.skipped += r.skipped;
  }
  return total;
}

}  // namespace apiary::test
