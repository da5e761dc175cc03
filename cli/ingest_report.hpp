// What `apiary ingest` says of its input: every rejected game, repaired move and
// skipped file, passed on as ingest finds it rather than kept, so that a file of a
// million bad games costs no memory for its report. As text each line goes to
// stderr at once; for --json each entry waits in a temporary file until the summary
// is written around them, the same JSON as if it had been built whole.
#pragma once
#include <cstdint>
#include <cstdio>
#include <memory>
#include <ostream>

#include "ingest/importer.hpp"

namespace apiary::cli {

class IngestReport {
 public:
  IngestReport(bool json, bool terminal);
  ingest::Findings findings();
  // The closing summary (stdout), after every finding.
  void finish(const ingest::ImportSummary& summary, bool lenient);
  // --json: the summary's object alone, no newline (for a command's larger document).
  void writeJson(const ingest::ImportSummary& summary, std::ostream& out);

 private:
  // Entries of one JSON array, comma-separated, in an unnamed temporary file.
  struct Spool {
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file{nullptr, std::fclose};
    uint64_t entries = 0;
  };
  void add(Spool& spool, const std::string& entry);
  void printLine(const std::string& line);

  bool json_, terminal_;
  Spool errors_, repairs_, skipped_;
  uint64_t skippedFiles_ = 0;
};

}  // namespace apiary::cli
