// Past its cap on open connections the server answers the newest with a JSON 503
// at once and closes it, and serves again once connections close. The cap follows
// the file limit, lowered here (a process of its own: the limit stays low).
#include <sys/resource.h>

#include <catch2/catch.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <vector>

#include "raw_client.hpp"
#include "server_support.hpp"

using namespace apiary::test;

TEST_CASE("past the connection cap the newest connection gets 503 at once, and the server serves again after") {
  servedDatabase();  // made before the limit is lowered
  // Inherited by the server: under 1,024 files it keeps half for connections, 300.
  rlimit files{600, 600};
  REQUIRE(setrlimit(RLIMIT_NOFILE, &files) == 0);
  ServerProcess server(servedDatabase());
  const int port = server.port();
  std::vector<std::unique_ptr<Connection>> held;
  for (int i = 0; i < 300; ++i) held.push_back(std::make_unique<Connection>(port, 3000));
  // Each one accepted and served (answered) before the next test.
  for (int i = 0; i < 300; i += 50) {
    held[std::size_t(i)]->send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n");
    CHECK(held[std::size_t(i)]->status() == 200);
  }
  const auto start = std::chrono::steady_clock::now();
  const RawAnswer refused = answerOf(port, get("/health"));
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));
  INFO(refused.head << refused.body);
  CHECK(refused.status == 503);
  CHECK(refused.has("Retry-After"));
  CHECK(nlohmann::json::parse(refused.body).contains("error"));
  held.resize(200);
  bool served = false;
  for (int i = 0; i < 50 && !served; ++i) {
    served = answerStatus(port, get("/health")) == 200;
    if (!served) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  CHECK(served);
  REQUIRE(server.alive());
}
