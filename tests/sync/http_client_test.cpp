#include "sync/http_client.hpp"

#include <catch2/catch.hpp>

#include <fstream>

#include "mirror_server.hpp"
#include "run_apiary.hpp"
#include "support.hpp"

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using apiary::sync::FetchResult;
using apiary::sync::HttpClient;
using apiary::sync::HttpOptions;
using apiary::test::Fault;
using apiary::test::MirrorServer;
using Clock = std::chrono::steady_clock;

namespace {

// A small archive: one zip-named file in a yearly folder, a loose game at the root.
struct SmallMirror {
  apiary::test::TempDir dir;
  std::string zipBytes;
  std::unique_ptr<MirrorServer> server;
  explicit SmallMirror(const std::string& name) : dir(name) {
    fs::create_directories(dir.path / "archive-2019");
    fs::create_directories(dir.path / "test");
    for (int i = 0; i < 20000; ++i) zipBytes += static_cast<char>('a' + i % 26);
    std::ofstream(dir.path / "archive-2019" / "games-Jul-7-2019.zip", std::ios::binary) << zipBytes;
    std::ofstream(dir.path / "HV-a-b-2019-07-07-1200.sgf") << "(;GM[27])";
    server = std::make_unique<MirrorServer>(dir.path);
  }
  static std::string zipPath() { return std::string(MirrorServer::kPrefix) + "archive-2019/games-Jul-7-2019.zip"; }
  std::string zipUrl() const { return server->url("archive-2019/games-Jul-7-2019.zip"); }
};

HttpOptions quick() {
  HttpOptions options;
  options.delay = 50ms;
  options.backoff = 20ms;
  options.tries = 3;
  options.totalTimeout = 2000ms;
  return options;
}

// The requests the server saw for `path`.
std::vector<apiary::test::LoggedRequest> requestsOf(const MirrorServer& server, const std::string& path) {
  std::vector<apiary::test::LoggedRequest> found;
  for (const auto& request : server.log())
    if (request.path == path) found.push_back(request);
  return found;
}

std::chrono::milliseconds between(Clock::time_point from, Clock::time_point to) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(to - from);
}

}  // namespace

TEST_CASE("http: a page and a file fetched, with the User-Agent, and never closer than the delay") {
  SmallMirror mirror("http_basic");
  auto options = quick();
  options.delay = 150ms;
  HttpClient client(options);
  std::string page;
  const FetchResult listing = client.getText(mirror.server->url(), page);
  REQUIRE(listing.ok);
  CHECK(listing.status == 200);
  CHECK(page.find("archive-2019/") != std::string::npos);
  const fs::path dest = mirror.dir.path / "download.part";
  for (int round = 0; round < 3; ++round) {
    const FetchResult file = client.getFile(mirror.zipUrl(), dest);
    REQUIRE(file.ok);
    CHECK(file.bytes == static_cast<std::int64_t>(mirror.zipBytes.size()));
    CHECK(apiary::test::readFile(dest) == mirror.zipBytes);
  }
  const auto log = mirror.server->log();
  REQUIRE(log.size() == 5);  // robots.txt, the page, the file three times
  CHECK(log[0].path == "/robots.txt");
  for (std::size_t i = 1; i < log.size(); ++i) {
    REQUIRE(log[i - 1].answered);
    CHECK(between(*log[i - 1].answered, log[i].received) >= options.delay);
    CHECK(log[i].headers.find("User-Agent")->second == apiary::sync::defaultUserAgent());
  }
  CHECK(client.requests() == 5);
  CHECK(client.bytes() >= static_cast<std::int64_t>(3 * mirror.zipBytes.size()));
  // Each wait is what was left of the delay when the next request was asked for.
  CHECK(client.waited() > 0ms);
  CHECK(client.waited() <= 4 * options.delay + 400ms);  // slack for oversleeping on a busy machine
}

TEST_CASE("http: the User-Agent names apiary and the version `apiary --version` prints") {
  const auto run = apiary::test::runApiary("--version");
  REQUIRE(run.code == 0);
  const std::string version = run.out.substr(0, run.out.find_first_of(" \n", 7));  // "apiary 0.1.0 (...)"
  REQUIRE(version.rfind("apiary ", 0) == 0);
  CHECK(apiary::sync::defaultUserAgent() == "apiary/" + version.substr(7) + " (a database of Hive games)");
}

TEST_CASE("http: a conditional request gets 304 and leaves the file alone") {
  SmallMirror mirror("http_conditional");
  HttpClient client(quick());
  const fs::path first = mirror.dir.path / "first.part";
  const FetchResult fetched = client.getFile(mirror.zipUrl(), first);
  REQUIRE(fetched.ok);
  REQUIRE_FALSE(fetched.etag.empty());
  REQUIRE_FALSE(fetched.lastModified.empty());
  const fs::path second = mirror.dir.path / "second.part";
  const FetchResult byEtag = client.getFile(mirror.zipUrl(), second, {fetched.etag, fetched.lastModified});
  CHECK(byEtag.ok);
  CHECK(byEtag.notModified);
  CHECK(byEtag.status == 304);
  CHECK_FALSE(fs::exists(second));
  const FetchResult byDate = client.getFile(mirror.zipUrl(), second, {"", fetched.lastModified});
  CHECK(byDate.notModified);
  const auto requests = requestsOf(*mirror.server, mirror.zipPath());
  REQUIRE(requests.size() == 3);
  CHECK(requests[1].headers.find("If-None-Match")->second == fetched.etag);
  CHECK(requests[2].headers.find("If-Modified-Since")->second == fetched.lastModified);
  CHECK(requests[2].status == 304);
}

TEST_CASE("http: a 500 and then OK is fetched on the second try, after a backoff") {
  SmallMirror mirror("http_500");
  const auto path = mirror.zipPath();
  mirror.server->addFaults(path, {Fault::withStatus(500)});
  auto options = quick();
  options.backoff = 300ms;
  HttpClient client(options);
  const FetchResult result = client.getFile(mirror.zipUrl(), mirror.dir.path / "x.part");
  CHECK(result.ok);
  CHECK(result.tries == 2);
  CHECK(apiary::test::readFile(mirror.dir.path / "x.part") == mirror.zipBytes);
  const auto requests = requestsOf(*mirror.server, path);
  REQUIRE(requests.size() == 2);
  CHECK(requests[0].status == 500);
  CHECK(between(*requests[0].answered, requests[1].received) >= options.backoff);
}

TEST_CASE("http: a URL is given up after its tries, with backoff doubling") {
  SmallMirror mirror("http_give_up");
  const auto path = mirror.zipPath();
  mirror.server->setFault(path, Fault::withStatus(502));
  auto options = quick();
  options.tries = 3;
  options.backoff = 100ms;
  HttpClient client(options);
  const FetchResult result = client.getFile(mirror.zipUrl(), mirror.dir.path / "x.part");
  CHECK_FALSE(result.ok);
  CHECK(result.error == "HTTP 502");
  CHECK(result.tries == 3);
  const auto requests = requestsOf(*mirror.server, path);
  REQUIRE(requests.size() == 3);
  CHECK(between(*requests[0].answered, requests[1].received) >= 100ms);
  CHECK(between(*requests[1].answered, requests[2].received) >= 200ms);
}

TEST_CASE("http: a 404 is not tried again and names its status") {
  SmallMirror mirror("http_404");
  HttpClient client(quick());
  const fs::path dest = mirror.dir.path / "x.part";
  const FetchResult result = client.getFile(mirror.server->url("archive-2019/games-Jan-1-2019.zip"), dest);
  CHECK_FALSE(result.ok);
  CHECK(result.status == 404);
  CHECK(result.error == "HTTP 404");
  CHECK(result.tries == 1);
  CHECK_FALSE(fs::exists(dest));  // an error page is not written as the file
}

TEST_CASE("http: a stalled answer times out and is tried again") {
  SmallMirror mirror("http_stall");
  const auto path = mirror.zipPath();
  mirror.server->addFaults(path, {Fault::stalled(3s)});
  auto options = quick();
  options.totalTimeout = 300ms;
  HttpClient client(options);
  const auto start = Clock::now();
  const FetchResult result = client.getFile(mirror.zipUrl(), mirror.dir.path / "x.part");
  CHECK(result.ok);
  CHECK(result.tries == 2);
  CHECK(between(start, Clock::now()) < 2s);

  mirror.server->setFault(path, Fault::stalled(3s));
  options.tries = 2;
  HttpClient patient(options);
  const FetchResult failed = patient.getFile(mirror.zipUrl(), mirror.dir.path / "y.part");
  CHECK_FALSE(failed.ok);
  CHECK(failed.error.rfind("timed out after 0.3 s", 0) == 0);
}

TEST_CASE("http: a connection cut mid-body is reported with how much came, and tried again") {
  SmallMirror mirror("http_cut");
  const auto path = mirror.zipPath();
  mirror.server->setFault(path, Fault::cut(5000));
  HttpClient client(quick());
  const fs::path dest = mirror.dir.path / "x.part";
  const FetchResult result = client.getFile(mirror.zipUrl(), dest);
  CHECK_FALSE(result.ok);
  CHECK(result.tries == 3);
  CHECK(result.error == "connection closed after 5.0 kB of 20.0 kB");
  CHECK(requestsOf(*mirror.server, path).size() == 3);
}

TEST_CASE("http: a cut download goes on from where it stopped, with Range and If-Range") {
  SmallMirror mirror("http_resume");
  mirror.server->addFaults(mirror.zipPath(), {Fault::cut(5000)});
  HttpClient client(quick());
  const fs::path dest = mirror.dir.path / "x.part";
  const FetchResult result = client.getFile(mirror.zipUrl(), dest);
  REQUIRE(result.ok);
  CHECK(result.tries == 2);
  CHECK(result.status == 206);
  CHECK(result.bytes == static_cast<std::int64_t>(mirror.zipBytes.size()));
  CHECK(apiary::test::readFile(dest) == mirror.zipBytes);
  const auto requests = requestsOf(*mirror.server, mirror.zipPath());
  REQUIRE(requests.size() == 2);
  CHECK(requests[0].headers.count("Range") == 0);
  CHECK(requests[1].headers.find("Range")->second == "bytes=5000-");
  CHECK(requests[1].headers.find("If-Range")->second == result.etag);
}

TEST_CASE("http: a 429's Retry-After is waited out, in seconds and as a date") {
  SmallMirror mirror("http_429");
  const auto path = mirror.zipPath();
  mirror.server->addFaults(path, {Fault::withStatus(429, "1")});
  HttpClient client(quick());
  const FetchResult result = client.getFile(mirror.zipUrl(), mirror.dir.path / "x.part");
  CHECK(result.ok);
  auto requests = requestsOf(*mirror.server, path);
  REQUIRE(requests.size() == 2);
  CHECK(requests[0].status == 429);
  CHECK(between(*requests[0].answered, requests[1].received) >= 1s);
  CHECK(client.waited() >= 1s);

  // An HTTP date two seconds ahead: at least one whole second once rounded.
  const std::time_t soon = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now() + 2s);
  std::tm parts{};
  gmtime_r(&soon, &parts);
  char date[64];
  std::strftime(date, sizeof date, "%a, %d %b %Y %H:%M:%S GMT", &parts);
  mirror.server->addFaults(path, {Fault::withStatus(503, date)});
  mirror.server->clearLog();
  REQUIRE(client.getFile(mirror.zipUrl(), mirror.dir.path / "x.part").ok);
  requests = requestsOf(*mirror.server, path);
  REQUIRE(requests.size() == 2);
  CHECK(between(*requests[0].answered, requests[1].received) >= 900ms);
}

TEST_CASE("http: robots.txt is read once, a disallowed URL is not requested, Crawl-delay spaces requests") {
  SmallMirror mirror("http_robots");
  mirror.server->setRobots("User-agent: *\nDisallow: /hive/hivegames/test/\nCrawl-delay: 0.3\n");
  HttpClient client(quick());
  std::string page;
  const FetchResult refused = client.getText(mirror.server->url("test/"), page);
  CHECK_FALSE(refused.ok);
  CHECK(refused.disallowed);
  CHECK(refused.error == "disallowed by robots.txt");
  REQUIRE(client.getText(mirror.server->url(), page).ok);
  REQUIRE(client.getText(mirror.server->url("archive-2019/"), page).ok);
  const auto log = mirror.server->log();
  REQUIRE(log.size() == 3);
  CHECK(log[0].path == "/robots.txt");
  CHECK(log[1].path == MirrorServer::kPrefix);
  CHECK(between(*log[1].answered, log[2].received) >= 300ms);
  CHECK_FALSE(client.stopped());
}

TEST_CASE("http: a host whose robots.txt cannot be read is not fetched from") {
  SmallMirror mirror("http_robots_down");
  mirror.server->setFault("/robots.txt", Fault::withStatus(503));
  auto options = quick();
  options.tries = 2;
  HttpClient client(options);
  std::string page;
  const FetchResult result = client.getText(mirror.server->url(), page);
  CHECK_FALSE(result.ok);
  CHECK(result.error.find("robots.txt could not be read (HTTP 503)") != std::string::npos);
  CHECK(client.getText(mirror.server->url("archive-2019/"), page).error == result.error);
  CHECK(mirror.server->log().size() == 2);  // robots.txt tried twice, nothing else
}

TEST_CASE("http: after N failed URLs in a row the client stops and says why") {
  SmallMirror mirror("http_stop");
  auto options = quick();
  options.failuresInARowToStop = 3;
  HttpClient client(options);
  std::string page;
  REQUIRE(client.getText(mirror.server->url("gone-1/"), page).status == 404);
  REQUIRE(client.getText(mirror.server->url(), page).ok);  // a success starts the count again
  for (int i = 2; i <= 4; ++i)
    CHECK_FALSE(client.getText(mirror.server->url("gone-" + std::to_string(i) + "/"), page).ok);
  CHECK(client.stopped());
  CHECK(client.stopMessage().find("stopped after 3 failed requests in a row") != std::string::npos);
  CHECK(client.stopMessage().find("gone-4/: HTTP 404") != std::string::npos);
  const auto before = mirror.server->log().size();
  const FetchResult after = client.getText(mirror.server->url(), page);
  CHECK_FALSE(after.ok);
  CHECK(after.error == client.stopMessage());
  CHECK(mirror.server->log().size() == before);
}

TEST_CASE("http: a text answer over the cap is refused, not retried") {
  SmallMirror mirror("http_cap");
  auto options = quick();
  options.maxTextBytes = 1000;
  HttpClient client(options);
  std::string body;
  const FetchResult result = client.getText(mirror.zipUrl(), body);
  CHECK_FALSE(result.ok);
  CHECK(result.tries == 1);
  CHECK(result.error.rfind("larger than 1.0 kB", 0) == 0);
}

TEST_CASE("http: a listed file answered 404 fails at once, a corrupt body arrives as sent") {
  SmallMirror mirror("http_listed_404");
  mirror.server->addFaults(mirror.zipPath(), {Fault::withStatus(404), Fault::corrupt()});
  HttpClient client(quick());
  const fs::path dest = mirror.dir.path / "x.part";
  const FetchResult missing = client.getFile(mirror.zipUrl(), dest);
  CHECK_FALSE(missing.ok);
  CHECK(missing.error == "HTTP 404");
  CHECK(missing.tries == 1);
  // The client does not judge the bytes: checking the zip is its caller's.
  const FetchResult corrupt = client.getFile(mirror.zipUrl(), dest);
  REQUIRE(corrupt.ok);
  const std::string got = apiary::test::readFile(dest);
  CHECK(got.size() == mirror.zipBytes.size());
  CHECK(got != mirror.zipBytes);
}

TEST_CASE("http: a redirect is followed as a request of its own, spaced by the delay") {
  SmallMirror mirror("http_redirect");
  HttpClient client(quick());
  std::string page;
  const FetchResult result = client.getText(mirror.server->url("archive-2019"), page);
  REQUIRE(result.ok);
  CHECK(page.find("games-Jul-7-2019.zip") != std::string::npos);
  const auto log = mirror.server->log();
  REQUIRE(log.size() == 3);
  CHECK(log[1].status == 301);
  CHECK(log[2].path == std::string(MirrorServer::kPrefix) + "archive-2019/");
  CHECK(between(*log[1].answered, log[2].received) >= quick().delay);  // a request like any other
  CHECK(result.url == mirror.server->url("archive-2019/"));
}

TEST_CASE("http: an answer that sends nothing for the stall timeout fails, however long it may last") {
  SmallMirror mirror("http_stall_timeout");
  mirror.server->setFault(mirror.zipPath(), Fault::stalled(4s));
  auto options = quick();
  options.totalTimeout = 0ms;  // no limit on the whole: only the stall ends it
  options.stallTimeout = 1s;
  options.tries = 1;
  HttpClient client(options);
  const auto start = Clock::now();
  const FetchResult result = client.getFile(mirror.zipUrl(), mirror.dir.path / "x.part");
  CHECK_FALSE(result.ok);
  CHECK(result.error.rfind("timed out after", 0) == 0);
  CHECK(between(start, Clock::now()) >= 1s);
  CHECK(between(start, Clock::now()) < 3500ms);
}

TEST_CASE("http: with no stop count, failures in a row never stop the client") {
  SmallMirror mirror("http_no_stop");
  auto options = quick();
  options.delay = 0ms;
  options.failuresInARowToStop = 0;
  HttpClient client(options);
  std::string page;
  for (int i = 0; i < 25; ++i) CHECK(client.getText(mirror.server->url("gone/"), page).status == 404);
  CHECK_FALSE(client.stopped());
  CHECK(client.getText(mirror.server->url(), page).ok);
}
