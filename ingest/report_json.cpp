#include "ingest/report_json.hpp"

#include <cerrno>
#include <cstring>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "grammar/json_text.hpp"

namespace apiary::ingest {

namespace {

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

Finding findingOf(const grammar::Rejection& g) { return {g.file, g.line, g.column, g.ply, g.message}; }

Finding findingOf(const std::string& file, const index::MoveRepair& r) {
  return {file, r.line, r.column, r.ply, r.message};
}

std::string findingJson(const Finding& e) {
  return grammar::jsonText(
      {{"file", e.file}, {"line", e.line}, {"column", e.column}, {"ply", e.ply}, {"message", e.message}});
}

Findings ReportJson::findings() {
  return {
      [this](const grammar::Rejection& g) { add(errors_, findingJson(findingOf(g))); },
      [this](const std::string& file, const index::MoveRepair& r) { add(repairs_, findingJson(findingOf(file, r))); },
      [this](SkippedFile&& f) {
        add(skipped_, grammar::jsonText({{"file", f.file}, {"reason", f.reason}}));
      }};
}

void ReportJson::add(Spool& spool, const std::string& text) {
  if (!spool.file) {
    spool.file.reset(std::tmpfile());
    if (!spool.file)
      throw std::runtime_error(std::string("cannot make a temporary file for the report: ") + std::strerror(errno));
  }
  if ((spool.entries++ && std::fputc(',', spool.file.get()) == EOF) ||
      std::fwrite(text.data(), 1, text.size(), spool.file.get()) != text.size())
    throw std::runtime_error(std::string("cannot write the report's temporary file: ") + std::strerror(errno));
}

void ReportJson::write(const ImportSummary& summary, std::ostream& out) const {
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

}  // namespace apiary::ingest
