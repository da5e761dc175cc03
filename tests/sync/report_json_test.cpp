// The JSON document of `apiary sync --json` (sync/report_json.hpp): the run's
// counts, each failed URL, a dry run's planned files, and the ingest's document
// as its last member.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <sstream>

#include "sync/report_json.hpp"

using namespace apiary;

namespace {

sync::SyncSummary summary() {
  sync::SyncSummary s{.pagesListed = 3,
                      .filesListed = 12,
                      .fetched = 9,
                      .notModified = 1,
                      .unchanged = 1,
                      .failed = 1,
                      .bytes = 4096,
                      .requests = 14,
                      .seconds = 2.5,
                      .delaySeconds = 1.25,
                      .stopped = {},
                      .ingest = {}};
  s.ingest.totals.added = 40;
  s.ingest.totals.files = 9;
  return s;
}

std::string written(const sync::ReportJson& document, bool dryRun) {
  const ingest::ReportJson ingest;
  std::ostringstream out;
  document.write(summary(), dryRun, ingest, out);
  return out.str();
}

}  // namespace

TEST_CASE("a sync's document: its counts, its failures, then the ingest's document", "[sync]") {
  sync::ReportJson document;
  document.failed({"http://127.0.0.1/archive/gone.zip", "HTTP 404"});
  const std::string text = written(document, false);
  const auto json = nlohmann::json::parse(text);
  const nlohmann::json counts = {{"pages", 3},     {"files_listed", 12},    {"fetched", 9},  {"not_modified", 1},
                                 {"unchanged", 1}, {"failed", 1},           {"bytes", 4096}, {"requests", 14},
                                 {"seconds", 2.5}, {"delay_seconds", 1.25}, {"stopped", ""}};
  for (const auto& [key, value] : counts.items()) CHECK(json[key] == value);
  CHECK(json["failures"] ==
        nlohmann::json::array({{{"url", "http://127.0.0.1/archive/gone.zip"}, {"reason", "HTTP 404"}}}));
  CHECK_FALSE(json.contains("would_fetch"));
  CHECK(json.size() == counts.size() + 2);  // and failures and ingest, nothing else
  CHECK(json["ingest"]["added"] == 40);
  CHECK(json["ingest"]["files"] == 9);
  // The counts in nlohmann's order, the ingest's document last.
  const std::string ingestMember = ",\"ingest\":" + json["ingest"].dump() + "}";
  CHECK(text.rfind(ingestMember) == text.size() - ingestMember.size());
  CHECK(text.rfind("{\"bytes\":4096,\"delay_seconds\":1.25,\"failed\":1,\"failures\":[", 0) == 0);
}

TEST_CASE("a dry run's sync document lists each file it would fetch", "[sync]") {
  sync::ReportJson document;
  sync::RemoteFile file;
  file.url = "http://127.0.0.1/archive/archive-2019/games-Jul-7a-2019.zip";
  file.mirrorPath = "archive-2019/games-Jul-7a-2019.zip";
  document.wouldFetch(file);
  const auto json = nlohmann::json::parse(written(document, true));
  CHECK(json["failures"] == nlohmann::json::array());
  CHECK(json["would_fetch"] == nlohmann::json::array({{{"url", file.url}, {"mirror_path", file.mirrorPath.string()}}}));
}
