// The JSON document of what an ingest found (ingest/report_json.hpp): each finding
// spooled as an entry of its array, then the document written around them with the
// totals, in the order and shape nlohmann would print the whole object.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <sstream>

#include "ingest/report_json.hpp"

using namespace apiary;

namespace {

ingest::ImportSummary totals() {
  ingest::ImportSummary summary;
  summary.totals.added = 7;
  summary.totals.files = 4;
  summary.totals.rejected = 2;
  summary.totals.skipped = 1;
  summary.totals.seconds = 1.5;
  summary.repairedGames = 1;
  return summary;
}

std::string written(const ingest::ReportJson& document, const ingest::ImportSummary& summary) {
  std::ostringstream out;
  document.write(summary, out);
  return out.str();
}

}  // namespace

TEST_CASE("an ingest's document with no finding is its totals and three empty arrays", "[ingest]") {
  const ingest::ReportJson document;
  CHECK(written(document, totals()) ==
        "{\"added\":7,\"errors\":[],\"files\":4,\"rejected\":2,\"repaired\":1,\"repairs\":[],\"seconds\":1.5,"
        "\"skipped\":1,\"skipped_files\":[]}");
}

TEST_CASE("an ingest's document holds each rejection, repair and skipped file in the order found", "[ingest]") {
  ingest::ReportJson document;
  const ingest::Findings findings = document.findings();
  grammar::Rejection bad = grammar::rejectionAt(3, 14, 5, "bad reference 'zz'");
  bad.file = "in/bad.txt";
  findings.rejected(bad);
  grammar::Rejection empty = grammar::because("the file is empty");
  empty.file = "in/empty.pgn";
  empty.index = -1;
  findings.rejected(empty);
  findings.repaired("in/fixed.txt", index::MoveRepair{2, 1, 1, 30, "colour letters flipped"});
  findings.skipped({"in/readme.txt", "not a Hive game file"});

  const std::string text = written(document, totals());
  const auto json = nlohmann::json::parse(text);
  CHECK(json.dump() == text);  // the keys in nlohmann's order, no blank
  const nlohmann::json want = {{"added", 7},    {"files", 4},   {"rejected", 2},
                               {"repaired", 1}, {"skipped", 1}, {"seconds", 1.5}};
  for (const auto& [key, value] : want.items()) CHECK(json[key] == value);
  CHECK(json.size() == want.size() + 3);  // and the three arrays, nothing else
  CHECK(json["errors"] ==
        nlohmann::json::array(
            {{{"file", "in/bad.txt"}, {"line", 3}, {"column", 14}, {"ply", 5}, {"message", "bad reference 'zz'"}},
             {{"file", "in/empty.pgn"}, {"line", 0}, {"column", 0}, {"ply", 0}, {"message", "the file is empty"}}}));
  CHECK(json["repairs"] == nlohmann::json::array({{{"file", "in/fixed.txt"},
                                                   {"line", 1},
                                                   {"column", 30},
                                                   {"ply", 2},
                                                   {"message", "colour letters flipped"}}}));
  CHECK(json["skipped_files"] ==
        nlohmann::json::array({{{"file", "in/readme.txt"}, {"reason", "not a Hive game file"}}}));
}

TEST_CASE("an ingest's document keeps a file name that is not UTF-8, its bad byte replaced", "[ingest]") {
  ingest::ReportJson document;
  document.findings().skipped({"in/caf\xE9.txt", "empty"});
  const auto json = nlohmann::json::parse(written(document, totals()));
  CHECK(json["skipped_files"][0]["file"] == "in/caf\xEF\xBF\xBD.txt");
}
