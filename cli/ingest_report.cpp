#include "cli/ingest_report.hpp"

#include <cerrno>
#include <cstring>
#include <iostream>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "cli/terminal_text.hpp"
#include "query/json_text.hpp"

namespace apiary::cli {

namespace {

// What the report says of a rejection or a repair: where, and why or what.
struct Finding {
  const std::string& file;
  int line = 0, column = 0, ply = 0;
  const std::string& message;
};
Finding findingOf(const grammar::Rejection& g) { return {g.file, g.line, g.column, g.ply, g.message}; }
Finding findingOf(const std::string& file, const index::MoveRepair& r) {
  return {file, r.line, r.column, r.ply, r.message};
}

// `file:line:column: ply N: message`, without the place or the ply it lacks (a
// repair always has both).
std::string findingLine(const Finding& e) {
  std::string line = e.file + ":";
  if (e.line) line += std::to_string(e.line) + ":" + std::to_string(e.column) + ":";
  line += " ";
  if (e.ply) line += "ply " + std::to_string(e.ply) + ": ";
  return line + e.message;
}

std::string entry(const Finding& e) {
  return query::jsonText(
      {{"file", e.file}, {"line", e.line}, {"column", e.column}, {"ply", e.ply}, {"message", e.message}});
}

void copyArray(std::FILE* spool, std::ostream& out) {
  out << '[';
  if (spool) {
    std::rewind(spool);
    char buffer[1 << 16];
    while (const std::size_t n = std::fread(buffer, 1, sizeof buffer, spool)) out.write(buffer, std::streamsize(n));
  }
  out << ']';
}

}  // namespace

IngestReport::IngestReport(bool json, bool terminal) : json_(json), terminal_(terminal) {}

ingest::Findings IngestReport::findings() {
  if (json_)
    return {[this](const grammar::Rejection& g) { add(errors_, entry(findingOf(g))); },
            [this](const std::string& file, const index::MoveRepair& r) { add(repairs_, entry(findingOf(file, r))); },
            [this](ingest::SkippedFile&& f) {
              ++skippedFiles_;
              add(skipped_, query::jsonText({{"file", f.file}, {"reason", f.reason}}));
            }};
  return {[this](const grammar::Rejection& g) { printLine(findingLine(findingOf(g))); },
          [this](const std::string& file, const index::MoveRepair& r) { printLine(findingLine(findingOf(file, r))); },
          [this](ingest::SkippedFile&& f) {
            ++skippedFiles_;
            printLine(f.file + ": skipped: " + f.reason);
          }};
}

void IngestReport::add(Spool& spool, const std::string& text) {
  if (!spool.file) {
    spool.file.reset(std::tmpfile());
    if (!spool.file)
      throw std::runtime_error(std::string("cannot make a temporary file for the report: ") + std::strerror(errno));
  }
  if ((spool.entries++ && std::fputc(',', spool.file.get()) == EOF) ||
      std::fwrite(text.data(), 1, text.size(), spool.file.get()) != text.size())
    throw std::runtime_error(std::string("cannot write the report's temporary file: ") + std::strerror(errno));
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
  writeJson(summary, std::cout);
  std::cout << "\n";
}

void IngestReport::writeJson(const ingest::ImportSummary& summary, std::ostream& out) {
  const auto& t = summary.totals;
  // The keys in nlohmann's order (sorted), as the whole object would print them.
  const auto scalar = [](const auto& value) { return nlohmann::json(value).dump(); };
  out << "{\"added\":" << scalar(t.added) << ",\"errors\":";
  copyArray(errors_.file.get(), out);
  out << ",\"files\":" << scalar(t.files) << ",\"rejected\":" << scalar(t.rejected)
      << ",\"repaired\":" << scalar(summary.repairedGames) << ",\"repairs\":";
  copyArray(repairs_.file.get(), out);
  out << ",\"seconds\":" << scalar(t.seconds) << ",\"skipped\":" << scalar(t.skipped) << ",\"skipped_files\":";
  copyArray(skipped_.file.get(), out);
  out << "}";
}

}  // namespace apiary::cli
