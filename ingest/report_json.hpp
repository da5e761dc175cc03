// The JSON document of what an ingest found (the ingest command's, and the
// `ingest` member of a sync's): every rejected game, repaired move and
// skipped file, around the totals. Each finding is written as it comes into an
// unnamed temporary file, so that a file of a million bad games costs no memory;
// the document is then written around them, the same JSON as if built whole.
#pragma once
#include <cstdint>
#include <cstdio>
#include <memory>
#include <ostream>
#include <string>

#include "ingest/importer.hpp"

namespace apiary::ingest {

// What a report says of a rejection or a repair: where, and why or what.
struct Finding {
  const std::string& file;
  int line = 0, column = 0, ply = 0;
  const std::string& message;
};
Finding findingOf(const grammar::Rejection& rejection);
Finding findingOf(const std::string& file, const index::MoveRepair& repair);

// One finding's entry: {"file", "line", "column", "ply", "message"}.
std::string findingJson(const Finding& finding);

class ReportJson {
 public:
  // Each finding spooled as an entry of its array.
  Findings findings();
  // The document, with no newline: {"added", "errors", "files", "rejected",
  // "repaired", "repairs", "seconds", "skipped", "skipped_files"}.
  void write(const ImportSummary& summary, std::ostream& out) const;

 private:
  // Entries of one JSON array, comma-separated.
  struct Spool {
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file{nullptr, std::fclose};
    uint64_t entries = 0;
  };
  static void add(Spool& spool, const std::string& entry);

  Spool errors_, repairs_, skipped_;
};

}  // namespace apiary::ingest
