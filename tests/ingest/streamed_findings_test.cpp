// Ingest's findings as they come: a caller that takes them gets each rejected game
// and skipped file in input order and the summary keeps none, and a file of bad
// games alone is committed batch by batch (before, its rejected games waited for
// the end of the input, in memory).
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>

#include "index/database.hpp"
#include "ingest/importer.hpp"
#include "support.hpp"

using namespace apiary;
using apiary::test::TempDir;
namespace fs = std::filesystem;

TEST_CASE("ingest passes on each finding in input order and commits bad games batch by batch", "[ingest]") {
  TempDir dir("apiary-streamed-findings");
  fs::create_directories(dir.path / "in");
  {
    // GameStrings, one game a line: 2.8 MB, three chunks of reading (caps::kChunkBytes).
    std::ofstream bad(dir.path / "in" / "bad.txt");
    for (int i = 0; i < 60000; ++i) bad << "Base;InProgress;White[2];wS1;bG1 -wS1;wQ zz" << i << "\n";
  }
  std::ofstream(dir.path / "in" / "readme.txt") << "no games here\n";

  ingest::ImportOptions options;
  options.batchGames = 1000;
  options.threads = false;  // each batch written before the next chunk is read
  std::vector<int> lines;
  std::vector<std::string> skipped;
  uint64_t rejectedInDatabaseAt40000 = 0;
  options.findings = {[&](const grammar::Rejection& g) {
                        lines.push_back(g.line);
                        if (lines.size() == 40000) {  // in the second chunk
                          const index::Database reader(dir.path / "db", {.access = index::Access::ReadOnly});
                          rejectedInDatabaseAt40000 = reader.info().rejected;
                        }
                      },
                      [&](const std::string&, const index::MoveRepair&) { FAIL("no game here is repaired"); },
                      [&](ingest::SkippedFile&& f) { skipped.push_back(fs::path(f.file).filename().string()); }};
  index::Database db(dir.path / "db");
  const auto summary = ingest::importSources(db, {(dir.path / "in").string()}, options);

  CHECK(summary.totals.rejected == 60000);
  CHECK(summary.rejected.empty());
  CHECK(summary.skippedFiles.empty());
  REQUIRE(lines.size() == 60000);
  std::size_t inOrder = 0;
  while (inOrder < lines.size() && lines[inOrder] == int(inOrder) + 1) ++inOrder;
  CHECK(inOrder == lines.size());
  CHECK(skipped == std::vector<std::string>{"readme.txt"});
  // The first chunk's bad games were committed, in batches of 1000, while the file
  // was still being read.
  CHECK(rejectedInDatabaseAt40000 >= 20000);
  CHECK(rejectedInDatabaseAt40000 < 60000);
  CHECK(db.info().rejected == 60000);
}
