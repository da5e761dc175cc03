#include "cli/ingest_report.hpp"

#include <iostream>
#include <string>

#include "cli/terminal_text.hpp"

namespace apiary::cli {

namespace {

// `file:line:column: ply N: message`, without the place or the ply it lacks (a
// repair always has both).
std::string findingLine(const ingest::Finding& e) {
  std::string line = e.file + ":";
  if (e.line) line += std::to_string(e.line) + ":" + std::to_string(e.column) + ":";
  line += " ";
  if (e.ply) line += "ply " + std::to_string(e.ply) + ": ";
  return line + e.message;
}

}  // namespace

IngestReport::IngestReport(bool json, bool terminal) : json_(json), terminal_(terminal) {}

ingest::Findings IngestReport::findings() {
  if (json_) return document_.findings();
  return {[this](const grammar::Rejection& g) { printLine(findingLine(ingest::findingOf(g))); },
          [this](const std::string& file, const index::MoveRepair& r) {
            printLine(findingLine(ingest::findingOf(file, r)));
          },
          [this](ingest::SkippedFile&& f) {
            ++skippedFiles_;
            printLine(f.file + ": skipped: " + f.reason);
          }};
}

void IngestReport::printLine(const std::string& line) {
  // Over the progress line, which has no newline of its own; file names and the
  // text an error quotes are the input's, so their controls are escaped there.
  if (terminal_) std::cerr << "\r\33[K" << escapedControls(line) << "\n";
  else std::cerr << line << "\n";
}

void IngestReport::finish(const ingest::ImportSummary& summary, bool lenient) {
  const auto& t = summary.totals;
  if (!json_) {
    std::cout << "added " << t.added << " games, skipped " << t.skipped << " already present, rejected " << t.rejected
              << (lenient ? ", repaired " + std::to_string(summary.repairedGames) : "") << " (" << t.files << " files";
    if (skippedFiles_) std::cout << ", " << skippedFiles_ << " holding no games skipped";
    std::cout << ", " << t.seconds << " s)\n";
    return;
  }
  document_.write(summary, std::cout);
  std::cout << "\n";
}

}  // namespace apiary::cli
