#include "sync/archive_source.hpp"

#include <zip.h>
#include <catch2/catch.hpp>

#include "mirror_fixture.hpp"
#include "mirror_server.hpp"
#include "support.hpp"
#include "sync/boardspace_archive.hpp"

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using apiary::sync::HttpClient;
using apiary::sync::RemoteFile;
using apiary::sync::WalkCallbacks;
using apiary::sync::WalkOptions;
using apiary::test::Fault;
using apiary::test::MirrorServer;

namespace {

apiary::sync::HttpOptions quick() {
  apiary::sync::HttpOptions options;
  options.delay = 0ms;
  options.backoff = 10ms;
  options.tries = 2;
  options.totalTimeout = 2000ms;
  return options;
}

// A walk of the boardspace row over a local mirror, with what its callbacks heard.
struct Walked {
  std::vector<RemoteFile> files;
  std::vector<std::string> pages;
  std::vector<std::pair<std::string, std::string>> badPages;
  std::vector<std::string> paths() const {
    std::vector<std::string> paths;
    for (const auto& file : files) paths.push_back(file.mirrorPath.generic_string());
    return paths;
  }
};

Walked walk(const MirrorServer& server, std::optional<int> since = std::nullopt,
            std::chrono::milliseconds delay = 0ms) {
  auto options = quick();
  options.delay = delay;
  HttpClient client(options);
  Walked walked;
  WalkCallbacks callbacks;
  callbacks.pageListed = [&](const std::string& url, std::size_t) { walked.pages.push_back(url); };
  callbacks.badPage = [&](const std::string& url, const std::string& reason) {
    walked.badPages.emplace_back(url, reason);
  };
  const auto* row = apiary::sync::findSource("boardspace");
  walked.files = row->walk(client, WalkOptions{server.url(), since}, callbacks);
  return walked;
}

std::vector<std::string> concat(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

bool requested(const MirrorServer& server, const std::string& relative) {
  for (const auto& request : server.log())
    if (request.path.rfind(MirrorServer::kPrefix + relative, 0) == 0) return true;
  return false;
}

}  // namespace

TEST_CASE("sources: a table of rows, boardspace's first, found by name") {
  const auto* row = apiary::sync::findSource(" BoardSpace ");
  REQUIRE(row);
  CHECK(row->name == "boardspace");
  CHECK(row->defaultRootUrl == "https://www.boardspace.net/hive/hivegames/");
  CHECK(row->walk);
  CHECK_FALSE(apiary::sync::findSource("mzinga"));
  CHECK(apiary::sync::sourceNames() == "boardspace");
}

TEST_CASE("boardspace: sweep names and yearly folders as the archive writes them") {
  const auto sweep = apiary::sync::parseSweepName("games-Jul-7a-2019");
  REQUIRE(sweep);
  CHECK(sweep->year == 2019);
  CHECK(sweep->month == 7);
  CHECK(sweep->day == 7);
  CHECK(sweep->letter == 'a');
  CHECK(apiary::sync::parseSweepName("games-Dec-31-2006")->letter == 0);
  for (const char* bad : {"games-Jul-07-2019", "games-Foo-1-2019", "games-Jul-32-2019", "games-Jul-7-19",
                          "games-Jul--2019", "games-Jul-7A-2019", "xgames-Jul-7-2019", "games-Jul-7-2019.zip", ""})
    CHECK_FALSE(apiary::sync::parseSweepName(bad));
  CHECK(apiary::sync::parseArchiveYear("archive-2006") == 2006);
  CHECK_FALSE(apiary::sync::parseArchiveYear("archive-06"));
  CHECK_FALSE(apiary::sync::parseArchiveYear("archives-2006"));
}

TEST_CASE("boardspace walk: the zips, the loose games not zipped, nothing else") {
  const auto shared = apiary::test::requireShared();
  if (shared.empty()) return;
  apiary::test::TempDir dir("walk_all");
  const auto layout = apiary::test::buildMirror(dir.path, shared / "games" / "boardspace-sgf");
  for (auto style : {apiary::test::ListingStyle::Table, apiary::test::ListingStyle::Pre}) {
    MirrorServer server(dir.path, style);
    const Walked walked = walk(server);
    CHECK(walked.badPages.empty());
    CHECK(walked.paths() == concat(layout.zips, layout.looseGames));
    // The root, five yearly folders, the loose folder not zipped.
    CHECK(walked.pages.size() == 7);
    for (const char* folder : {"rankings", "test", "tutorials", "xGames", "games-Jan-2-2021"})
      CHECK_FALSE(requested(server, folder));
    for (const auto& file : walked.files) {
      const auto onDisk = dir.path / file.mirrorPath;
      CHECK(file.url == server.url(file.mirrorPath.generic_string()));
      REQUIRE(file.listedSize);
      CHECK(std::llabs(*file.listedSize - static_cast<long long>(fs::file_size(onDisk))) <= 52);
      CHECK(file.listedDate.size() == 16);
    }
    CHECK(walked.files.front().listedDate == "2013-04-20T06:00");
  }
}

TEST_CASE("mirror fixture: extra games go into the zips, each once") {
  const auto shared = apiary::test::requireShared();
  if (shared.empty()) return;
  apiary::test::TempDir dir("walk_extra");
  const auto layout = apiary::test::buildMirror(
      dir.path, shared / "games" / "boardspace-sgf",
      {{"HV-x-y-2020-01-01-0000.sgf", "(;GM[27])"}, {"HV-y-x-2020-01-02-0000.sgf", "(;GM[27])"}});
  CHECK(layout.extraGames == 2);
  std::size_t entries = 0;
  for (const auto& zip : layout.zips) {
    int error = 0;
    zip_t* archive = zip_open((dir.path / zip).c_str(), ZIP_RDONLY, &error);
    REQUIRE(archive);
    entries += static_cast<std::size_t>(zip_get_num_entries(archive, 0));
    zip_close(archive);
  }
  CHECK(entries == layout.games.size() - 2 + 2);  // all shared games but the two loose ones, and the extras
}

TEST_CASE("boardspace walk: --since leaves the earlier years unlisted") {
  const auto shared = apiary::test::requireShared();
  if (shared.empty()) return;
  apiary::test::TempDir dir("walk_since");
  const auto layout = apiary::test::buildMirror(dir.path, shared / "games" / "boardspace-sgf");
  MirrorServer server(dir.path);
  const Walked walked = walk(server, 2019);
  CHECK(walked.paths() ==
        concat({"archive-2019/games-Jun-22-2019.zip", "archive-2021/games-Jan-2-2021.zip"}, layout.looseGames));
  for (const char* folder : {"archive-2013", "archive-2016", "archive-2018"}) CHECK_FALSE(requested(server, folder));
}

TEST_CASE("boardspace walk: a bad page is reported with its reason and the rest goes on") {
  const auto shared = apiary::test::requireShared();
  if (shared.empty()) return;
  apiary::test::TempDir dir("walk_bad_pages");
  apiary::test::buildMirror(dir.path, shared / "games" / "boardspace-sgf");
  MirrorServer server(dir.path);
  server.setFault(std::string(MirrorServer::kPrefix) + "archive-2016/", Fault::notHtml());
  server.setFault(std::string(MirrorServer::kPrefix) + "archive-2018/", Fault::withStatus(500));
  server.setRobots("User-agent: *\nDisallow: /hive/hivegames/archive-2019/\n");
  const Walked walked = walk(server);
  REQUIRE(walked.badPages.size() == 3);
  CHECK(walked.badPages[0] == std::pair{server.url("archive-2016/"), std::string("not a listing page: not HTML")});
  CHECK(walked.badPages[1] == std::pair{server.url("archive-2018/"), std::string("HTTP 500")});
  CHECK(walked.badPages[2] == std::pair{server.url("archive-2019/"), std::string("disallowed by robots.txt")});
  const auto paths = walked.paths();
  CHECK(std::find(paths.begin(), paths.end(), "archive-2013/games-Apr-20-2013.zip") != paths.end());
  CHECK(std::find(paths.begin(), paths.end(), "archive-2021/games-Jan-2-2021.zip") != paths.end());
  CHECK(paths.size() == 4);  // 2013, 2021, the loose folder's game, the root's
}

TEST_CASE("boardspace walk: a root that is not a listing gives nothing, said once") {
  apiary::test::TempDir dir("walk_bad_root");
  MirrorServer server(dir.path);
  server.setFault(MirrorServer::kPrefix, Fault::notHtml());
  const Walked walked = walk(server);
  CHECK(walked.files.empty());
  REQUIRE(walked.badPages.size() == 1);
  CHECK(walked.badPages[0].second == "not a listing page: not HTML");
}

TEST_CASE("boardspace walk: the server never sees two requests closer than the delay") {
  const auto shared = apiary::test::requireShared();
  if (shared.empty()) return;
  apiary::test::TempDir dir("walk_delay");
  apiary::test::buildMirror(dir.path, shared / "games" / "boardspace-sgf");
  MirrorServer server(dir.path);
  const auto delay = 120ms;
  const auto start = std::chrono::steady_clock::now();
  const Walked walked = walk(server, std::nullopt, delay);
  const auto took = std::chrono::steady_clock::now() - start;
  CHECK(walked.badPages.empty());
  const auto log = server.log();
  REQUIRE(log.size() == 8);  // robots.txt and seven pages
  for (std::size_t i = 1; i < log.size(); ++i) {
    REQUIRE(log[i - 1].answered);
    const auto gap = log[i].received - *log[i - 1].answered;
    INFO("request " << i << " " << log[i].path << " came "
                    << std::chrono::duration_cast<std::chrono::microseconds>(gap).count()
                    << " us after the last answer");
    CHECK(gap >= delay);
  }
  CHECK(took >= 7 * delay);
}
