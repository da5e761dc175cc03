#include "sync/report_json.hpp"

#include <nlohmann/json.hpp>

#include "grammar/json_text.hpp"

namespace apiary::sync {

void ReportJson::write(const SyncSummary& s, bool dryRun, const ingest::ReportJson& ingest, std::ostream& out) const {
  nlohmann::json doc = {{"pages", s.pagesListed},   {"files_listed", s.filesListed},
                        {"fetched", s.fetched},     {"not_modified", s.notModified},
                        {"unchanged", s.unchanged}, {"failed", s.failed},
                        {"bytes", s.bytes},         {"requests", s.requests},
                        {"seconds", s.seconds},     {"delay_seconds", s.delaySeconds},
                        {"stopped", s.stopped}};
  nlohmann::json& failures = doc["failures"] = nlohmann::json::array();
  for (const SyncFailure& f : failures_) failures.push_back({{"url", f.url}, {"reason", f.reason}});
  if (dryRun) {
    nlohmann::json& planned = doc["would_fetch"] = nlohmann::json::array();
    for (const RemoteFile& f : planned_) planned.push_back({{"url", f.url}, {"mirror_path", f.mirrorPath.string()}});
  }
  std::string text = grammar::jsonText(doc);
  text.pop_back();  // the closing brace: the ingest's document goes in before it
  out << text << ",\"ingest\":";
  ingest.write(s.ingest, out);
  out << "}";
}

}  // namespace apiary::sync
