// Thousands of malformed, oversized and random requests over raw loopback sockets,
// and slow clients: the server never crashes, refuses with 4xx, still answers
// /health, and its resident memory stays bounded.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <random>
#include <vector>

#include "raw_client.hpp"
#include "server_support.hpp"

using namespace apiary::test;

namespace {

int answer(int port, std::string_view request) { return answerStatus(port, request); }

std::string randomText(std::mt19937& rng, std::size_t most, bool printable) {
  std::string text(rng() % (most + 1), ' ');
  for (char& c : text) c = char(printable ? 33 + rng() % 94 : rng() % 256);
  return text;
}

}  // namespace

TEST_CASE("hostile requests are refused with 4xx, and the server lives on with bounded memory") {
  // In a sanitizer build ASan holds freed memory in its quarantine (256 MB), which the
  // bound below would count as the server's; the served process gets none.
  setenv("ASAN_OPTIONS", "quarantine_size_mb=0", 0);
  ServerProcess server(servedDatabase());
  const int port = server.port();
  REQUIRE(answer(port, get("/health")) == 200);
  for (int i = 0; i < 20; ++i) answer(port, get("/api/explore?position=wG1"));  // sessions warm
  const long residentAtStart = server.residentKiB();
  std::mt19937 rng(20261126);

  // Bad percent-encoding, in names and in values.
  for (const char* bad : {"%", "%Z", "%ZZ", "%0", "%G0", "%%", "%C0%AF", "%ED%A0%80", "%FF%FE", "%E2%82"}) {
    INFO(bad);
    CHECK(answer(port, get(std::string("/api/explore?position=") + bad)) == 400);
    CHECK(answer(port, get(std::string("/api/games?") + bad + "=1")) == 400);
    CHECK(answer(port, get(std::string("/api/games?player=x&result=") + bad)) == 400);
  }
  // Oversized: parameters, the URI, headers, a body.
  CHECK(answer(port, get("/api/explore?position=" + std::string(17000, 'w'))) / 100 == 4);
  CHECK(answer(port, get("/api/explore?player=" + std::string(7000, 'a'))) == 400);
  CHECK(answer(port, get("/api/explore?moves=" + std::string(5000, ';'))) == 200);  // empty moves: the start
  CHECK(answer(port, get("/" + std::string(100000, 'a'))) / 100 == 4);
  CHECK(answer(port, "GET /health HTTP/1.1\r\nHost: x\r\nX-Big: " + std::string(100000, 'b') + "\r\n\r\n") % 100 != 2);
  CHECK(answer(port, "POST /api/explore HTTP/1.1\r\nHost: x\r\nContent-Length: 100000000\r\n\r\nxyz") / 100 == 4);
  // `..` and its encodings, and unknown paths.
  for (const char* path : {"/../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc%2fpasswd",
                           "/web/../README.md", "/README.md", "/index.html/..", "/api/../../CMakeLists.txt",
                           "//etc/passwd", "/api/games/1/../../info/x", "/api/games/1/export/..", "/.git/config"}) {
    INFO(path);
    const int status = answer(port, get(path));
    CHECK(status / 100 == 4);
  }
  // Random paths, random request lines, random bytes.
  for (int i = 0; i < 600; ++i) {
    std::string path = "/x" + randomText(rng, 60, true);  // not "/", the page
    for (char& c : path)
      if (c == '#' || c == '?') c = '%';  // a path, without a query or fragment
    const int status = answer(port, get(path));
    INFO(status << " for " << path);
    CHECK((status / 100 == 4 || status == 0));
  }
  for (int i = 0; i < 600; ++i) {
    const std::string request = randomText(rng, 300, i % 2 == 0);
    const int status = answer(port, request + "\r\n\r\n");
    INFO(status << " for " << request);
    CHECK((status / 100 == 4 || status == 0));
  }
  // Random query strings on every endpoint: answered, never a server error.
  const std::vector<std::string> endpoints{"/api/explore",      "/api/search",  "/api/games",         "/api/board",
                                           "/api/position.svg", "/api/games/3", "/api/games/3/export"};
  const std::vector<std::string> names{"position",  "moves",  "notation",  "player",     "limit",  "offset",
                                       "from_date", "result", "game_type", "same_order", "format", "zz"};
  for (int i = 0; i < 1500; ++i) {
    std::string query;
    for (int k = 1 + int(rng() % 3); k > 0; --k) {
      std::string value = randomText(rng, 12, true);
      for (char& c : value)
        if (c == '#' || c == '&') c = '%';
      query += (query.empty() ? "" : "&") + names[rng() % names.size()] + "=" + value;
    }
    const int status = answer(port, get(endpoints[rng() % endpoints.size()] + "?" + query));
    INFO(query);
    CHECK((status == 200 || status / 100 == 4));
  }

  // Slow clients: half a request each, never finished; others are still answered.
  std::vector<std::unique_ptr<Connection>> slow;
  for (int i = 0; i < 12; ++i) {
    slow.push_back(std::make_unique<Connection>(port));
    slow.back()->send("GET /api/explore?posi");
  }
  const auto start = std::chrono::steady_clock::now();
  CHECK(answer(port, get("/health")) == 200);
  // Answered while the server still held every slow client (it drops one only after
  // its read timeout): /health did not wait for a thread they freed.
  INFO("/health answered in " << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()
                              << " s beside the slow clients");
  for (auto& c : slow) CHECK(c->pending());
  // The server drops them after its read timeout.
  for (auto& c : slow) CHECK(c->status() / 100 != 2);

  REQUIRE(server.alive());
  CHECK(answer(port, get("/health")) == 200);
  const long residentAtEnd = server.residentKiB();
  INFO("resident " << residentAtStart << " KiB after warming, " << residentAtEnd << " KiB at the end");
#ifdef __SANITIZE_ADDRESS__
  // ASan's allocator keeps what the server's threads freed in caches of its own: the
  // run grows by about 64 MB there (4 MB in a release build), so half as much again.
  constexpr long kGrowthKiB = 96 * 1024;
#else
  constexpr long kGrowthKiB = 64 * 1024;
#endif
  CHECK(residentAtEnd < residentAtStart + kGrowthKiB);
}
