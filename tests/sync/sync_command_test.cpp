// apiary sync against a local mirror of boardspace's archive, run as a user runs it:
// the first sync gives what ingesting the same files by hand gives; a second one
// asks for no game file; a new zip is the only file fetched and the loose game it
// sweeps up is not counted twice; a corrupt zip, a 404 and a listing that is not
// HTML each give one line and exit 1 while the rest goes in.
#include <catch2/catch.hpp>
#include <fstream>

#include "sync_support.hpp"

using namespace apiary;
using namespace apiary::test;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> linesNaming(const std::string& text, const std::string& url) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string line = text.substr(start, end - start);
    if (line.find(url) != std::string::npos) lines.push_back(line);
    start = end + 1;
  }
  return lines;
}

}  // namespace

TEST_CASE("a first sync is ingesting the same files by hand, and a second asks for no game file", "[sync]") {
  SyncMirror m("apiary-sync-first");
  if (!m.build()) return;
  const nlohmann::json first = runJson(m.syncArgs(m.db("synced")) + " --json");
  const std::size_t files = m.layout.zips.size() + m.layout.looseGames.size();
  CHECK(first["fetched"] == files);
  CHECK(first["failed"] == 0);
  CHECK(first["unchanged"] == 0);
  CHECK(first["bytes"].get<int64_t>() > 0);
  // Only what a walk fetches: the repeated loose folder and rankings/ are not asked for.
  CHECK(fileRequests(*m.server).size() == files);

  const nlohmann::json byHand = runJson("--db " + m.db("by-hand") + " ingest --json" + join(m.fetchedFiles()));
  CHECK(first["ingest"]["added"] == byHand["added"]);
  CHECK(first["ingest"]["rejected"] == byHand["rejected"]);
  CHECK(first["ingest"]["added"].get<int>() > 0);
  CHECK(databaseView(m.db("synced")) == databaseView(m.db("by-hand")));

  const nlohmann::json info = runJson("--db " + m.db("synced") + " info --json");
  REQUIRE(info["synced"].size() == 1);
  CHECK(info["synced"][0]["source"] == "boardspace");
  CHECK(info["synced"][0]["files"] == files);

  m.server->clearLog();
  const nlohmann::json second = runJson(m.syncArgs(m.db("synced")) + " --json");
  CHECK(second["fetched"] == 0);
  CHECK(second["not_modified"] == 0);
  CHECK(second["unchanged"] == files);
  CHECK(second["ingest"]["added"] == 0);
  CHECK(fileRequests(*m.server).empty());
  CHECK(databaseView(m.db("synced")) == databaseView(m.db("by-hand")));
}

TEST_CASE("a new zip is the only file fetched, and the loose game it sweeps up is skipped, not counted twice",
          "[sync]") {
  SyncMirror m("apiary-sync-new-zip");
  if (!m.build()) return;
  const nlohmann::json first = runJson(m.syncArgs(m.db("db")) + " --json");
  // The sweep: the loose root game moves into a new day's zip.
  const fs::path loose = m.root / m.layout.looseGames.back();
  writeZip(m.root / "archive-2026" / "games-Nov-29-2026.zip", {{loose.filename().string(), readFile(loose)}},
           "2026-11-29 06:00");
  fs::remove(loose);
  m.server->clearLog();
  const nlohmann::json second = runJson(m.syncArgs(m.db("db")) + " --json");
  CHECK(second["fetched"] == 1);
  CHECK(fileRequests(*m.server) ==
        std::vector<std::string>{std::string(MirrorServer::kPrefix) + "archive-2026/games-Nov-29-2026.zip"});
  CHECK(second["ingest"]["added"] == 0);
  CHECK(second["ingest"]["skipped"] == 1);
  const nlohmann::json info = runJson("--db " + m.db("db") + " info --json");
  CHECK(info["games"] == first["ingest"]["added"]);
}

TEST_CASE("a corrupt zip and a 404 give one line each and exit 1 while the rest goes in, and the next run the two",
          "[sync]") {
  SyncMirror m("apiary-sync-bad-files");
  if (!m.build()) return;
  const std::string corrupt = m.layout.zips[1], missing = m.layout.zips[2];
  m.server->addFaults(MirrorServer::kPrefix + corrupt, {Fault::corrupt()});
  m.server->addFaults(MirrorServer::kPrefix + missing, {Fault::withStatus(404)});
  const Run run = runApiary(m.syncArgs(m.db("db")), true);
  INFO(run.out);
  CHECK(run.code == 1);
  const auto corruptLines = linesNaming(run.out, m.server->url(corrupt));
  REQUIRE(corruptLines.size() == 1);
  CHECK(corruptLines[0].find("CRC") != std::string::npos);
  const auto missingLines = linesNaming(run.out, m.server->url(missing));
  REQUIRE(missingLines.size() == 1);
  CHECK(missingLines[0].find("404") != std::string::npos);
  // Nothing of the corrupt download is left in the mirror.
  const fs::path mirror = fs::path(m.db("db")) / "mirror" / "boardspace";
  CHECK_FALSE(fs::exists(mirror / corrupt));
  CHECK_FALSE(fs::exists(mirror / (corrupt + ".part")));
  CHECK(fs::exists(mirror / m.layout.zips[0]));

  std::vector<std::string> rest;
  for (const auto& f : m.fetchedFiles())
    if (!f.ends_with(corrupt) && !f.ends_with(missing)) rest.push_back(f);
  runJson("--db " + m.db("rest") + " ingest --json" + join(rest));
  CHECK(databaseView(m.db("db")) == databaseView(m.db("rest")));

  m.server->clearLog();
  const nlohmann::json again = runJson(m.syncArgs(m.db("db")) + " --json");
  CHECK(again["fetched"] == 2);
  CHECK(fileRequests(*m.server).size() == 2);
  runJson("--db " + m.db("all") + " ingest --json" + join(m.fetchedFiles()));
  CHECK(databaseView(m.db("db")) == databaseView(m.db("all")));
}

TEST_CASE("a listing page that is not HTML gives one line and exit 1 while the other years go in", "[sync]") {
  SyncMirror m("apiary-sync-not-html");
  if (!m.build()) return;
  m.server->addFaults(std::string(MirrorServer::kPrefix) + "archive-2018/", {Fault::notHtml()});
  const Run run = runApiary(m.syncArgs(m.db("db")), true);
  INFO(run.out);
  CHECK(run.code == 1);
  CHECK(linesNaming(run.out, m.server->url("archive-2018/")).size() == 1);
  std::vector<std::string> rest;
  for (const auto& f : m.fetchedFiles())
    if (f.find("archive-2018") == std::string::npos) rest.push_back(f);
  runJson("--db " + m.db("rest") + " ingest --json" + join(rest));
  CHECK(databaseView(m.db("db")) == databaseView(m.db("rest")));
}

TEST_CASE("a dry run lists what a sync would fetch and fetches nothing", "[sync]") {
  SyncMirror m("apiary-sync-dry-run");
  if (!m.build()) return;
  const nlohmann::json plan = runJson(m.syncArgs(m.db("db")) + " --dry-run --json");
  CHECK(plan["would_fetch"].size() == m.layout.zips.size() + m.layout.looseGames.size());
  CHECK(plan["would_fetch"][0]["mirror_path"] == m.layout.zips[0]);
  CHECK(fileRequests(*m.server).empty());
  CHECK(runJson("--db " + m.db("db") + " info --json")["games"] == 0);
  const Run text = runApiary(m.syncArgs(m.db("db")) + " --dry-run --since 2019");
  CHECK(text.code == 0);
  CHECK(text.out.find("archive-2018") == std::string::npos);
  CHECK(text.out.find("archive-2019/games-Jun-22-2019.zip") != std::string::npos);
}

TEST_CASE("bad usage and an unknown source exit 2", "[sync]") {
  TempDir tmp("apiary-sync-usage");
  const std::string db = (tmp.path / "db").string();
  CHECK(runApiary("--db " + db + " sync nowhere --delay 0").code == 2);
  CHECK(runApiary("--db " + db + " sync --delay -1").code == 2);
}
