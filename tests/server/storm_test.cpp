// A storm of careless and hostile clients against a real server: a thousand
// connections that are idle or send half a request, and 40 NDJSON streams whose
// clients read nothing, all open at once. Meanwhile /health and an explore answer
// asked before come within 100 ms (p99), memory stays bounded, the streams share
// the server's database (no instance of their own), and once the storm ends the
// server's memory returns near where it was.
#include <sys/resource.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <memory>
#include <vector>

#include "raw_client.hpp"
#include "server_support.hpp"

using namespace apiary::test;
using Clock = std::chrono::steady_clock;

namespace {

constexpr int kStormConnections = 1000;
constexpr int kStreams = 40;

// This process holds both ends' share of the storm's sockets.
void raiseFileLimit() {
  rlimit files{};
  REQUIRE(getrlimit(RLIMIT_NOFILE, &files) == 0);
  files.rlim_cur = files.rlim_max;
  setrlimit(RLIMIT_NOFILE, &files);
  REQUIRE(getrlimit(RLIMIT_NOFILE, &files) == 0);
  if (files.rlim_cur < 2 * (kStormConnections + kStreams) + 100) WARN("the file limit is low: " << files.rlim_cur);
}

double p99(std::vector<double> ms) {
  std::sort(ms.begin(), ms.end());
  return ms[std::min(ms.size() - 1, std::size_t(double(ms.size()) * 0.99))];
}

// Milliseconds for each of `count` answers to `target` on one keep-alive connection.
std::vector<double> timedAnswers(int port, const std::string& target, int count) {
  Connection c(port, 5000);
  std::vector<double> ms;
  for (int i = 0; i < count; ++i) {
    const auto start = Clock::now();
    c.send("GET " + target + " HTTP/1.1\r\nHost: x\r\n\r\n");
    CHECK(c.status() == 200);
    ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
  }
  return ms;
}

}  // namespace

TEST_CASE("1,000 idle or slow connections and 40 unread streams: /health and explore within 100 ms, memory bounded") {
  raiseFileLimit();
  setenv("ASAN_OPTIONS", "quarantine_size_mb=0", 0);
  ServerProcess server(servedDatabase());
  const int port = server.port();
  const std::string explore = "/api/explore?position=wG1";
  timedAnswers(port, explore, 50);  // sessions warm, the answer asked before
  timedAnswers(port, "/health", 50);
  const long residentBefore = server.residentKiB(), addressBefore = server.addressSpaceKiB();

  std::vector<std::unique_ptr<Connection>> storm;
  for (int i = 0; i < kStormConnections; ++i) {
    // A server that cannot take them (a backlog of 5, a thread each) fails here.
    storm.push_back(std::make_unique<Connection>(port, 3000));
    if (i % 2) storm.back()->send("GET /api/explore?posi");  // never finished
  }
  for (int i = 0; i < kStreams; ++i) {
    storm.push_back(std::make_unique<Connection>(port, 3000, 4096));
    storm.back()->send("GET /api/search?position= HTTP/1.1\r\nHost: x\r\nAccept: application/x-ndjson\r\n\r\n");
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the streams' first pages written

  std::vector<double> health = timedAnswers(port, "/health", 200);
  std::vector<double> explored = timedAnswers(port, explore, 200);
  // New connections too: the storm leaves room to be accepted.
  for (int i = 0; i < 50; ++i) {
    const auto start = Clock::now();
    CHECK(answerStatus(port, get("/health")) == 200);
    health.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
  }
  const long residentDuring = server.residentKiB(), addressDuring = server.addressSpaceKiB();
  int held = 0;
  for (int i = 0; i < kStormConnections; ++i) held += storm[std::size_t(i)]->pending();
  INFO("p99: /health " << p99(health) << " ms, explore " << p99(explored) << " ms; resident " << residentBefore
                       << " KiB before, " << residentDuring << " KiB during; address space " << addressBefore
                       << " KiB before, " << addressDuring << " KiB during; " << held << " storm connections held");
  CHECK(p99(health) < 100);
  CHECK(p99(explored) < 100);
  // The storm was on while they were answered: its connections were held, not dropped.
  CHECK(held > kStormConnections * 9 / 10);
  CHECK(residentDuring < residentBefore + 128 * 1024);
  // A stream of its own RocksDB instance would map about 140 MB each.
  CHECK(addressDuring < addressBefore + 1024 * 1024);

  storm.clear();
  long residentAfter = server.residentKiB();
  for (int i = 0; i < 100 && residentAfter > residentBefore + 16 * 1024; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    residentAfter = server.residentKiB();
  }
  INFO("resident " << residentBefore << " KiB before, " << residentDuring << " KiB during, " << residentAfter
                   << " KiB after");
  CHECK(residentAfter < residentBefore + 16 * 1024);
  REQUIRE(server.alive());
  CHECK(answerStatus(port, get("/health")) == 200);
}
