// What `apiary ingest` says of its input: every rejected game, repaired move and
// skipped file, passed on as ingest finds it rather than kept, so that a file of a
// million bad games costs no memory for its report. As text each line goes to
// stderr at once; for --json the document is ingest's (ingest/report_json.hpp).
#pragma once
#include <cstdint>
#include <ostream>

#include "ingest/importer.hpp"
#include "ingest/report_json.hpp"

namespace apiary::cli {

class IngestReport {
 public:
  IngestReport(bool json, bool terminal);
  ingest::Findings findings();
  // The closing summary (stdout), after every finding.
  void finish(const ingest::ImportSummary& summary, bool lenient);
  // --json: the document ingest's findings make, for a command's larger one.
  const ingest::ReportJson& document() const { return document_; }

 private:
  void printLine(const std::string& line);

  bool json_, terminal_;
  ingest::ReportJson document_;
  uint64_t skippedFiles_ = 0;
};

}  // namespace apiary::cli
