// `apiary serve` warms the database up on a thread of its own: requests are
// answered while the warm-up is held before it reads anything, and it ends having
// read the positions and the catalogue; with the warm-up off (`--no-warm-up`)
// nothing is read ahead and serve says nothing of it.
#include <httplib.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <future>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "server/server.hpp"
#include "server_support.hpp"

using namespace apiary;
using namespace apiary::test;

namespace {

// A server of this process on port 0, run on a thread until destroyed.
class ServerThread {
 public:
  explicit ServerThread(const server::ServerOptions& options) : http_(withAnyPort(options)) {
    port_ = http_.bind();
    thread_ = std::thread([this] { http_.run(); });
  }
  ~ServerThread() {
    http_.stop();
    thread_.join();
  }
  server::Server& operator*() { return http_; }
  server::Server* operator->() { return &http_; }
  int port() const { return port_; }

 private:
  static server::ServerOptions withAnyPort(server::ServerOptions o) {
    o.port = 0;
    return o;
  }
  server::Server http_;
  int port_ = 0;
  std::thread thread_;
};

// The start position's explore answer: its status and how many games it counts.
std::pair<int, uint64_t> exploreStart(int port) {
  httplib::Client client("127.0.0.1", port);
  const auto answer = client.Get("/api/explore");
  REQUIRE(answer);
  const auto document = nlohmann::json::parse(answer->body);
  return {answer->status, document.value("games", uint64_t(0))};
}

std::string fileText(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("serve answers while its warm-up runs, which then reads the positions and the catalogue") {
  std::promise<void> release, held;
  std::promise<index::WarmUp::Progress> ended;
  auto released = release.get_future().share();
  server::ServerOptions options{.db = servedDatabase()};
  options.warmUpHooks.starting = [&] {
    held.set_value();
    released.wait();
  };
  options.warmUpHooks.ended = [&](const index::WarmUp::Progress& p) { ended.set_value(p); };
  // Released however the test ends: the server's destructor waits for its warm-up.
  struct Releaser {
    std::promise<void>& release;
    bool done = false;
    ~Releaser() {
      if (!done) release.set_value();
    }
  } releaser{release};

  ServerThread http(options);
  held.get_future().wait();
  REQUIRE(http->warmUp());
  CHECK_FALSE(http->warmUp()->done);
  const auto [status, games] = exploreStart(http.port());
  CHECK(status == 200);
  CHECK(games >= 300);
  // Still held: the answer did not wait for the warm-up.
  CHECK_FALSE(http->warmUp()->done);
  CHECK(http->warmUp()->positionBytes == 0);

  releaser.done = true;
  release.set_value();
  const auto warmed = ended.get_future().get();
  CHECK(warmed.done);
  CHECK(warmed.error.empty());
  CHECK(warmed.positionBytes > 0);
  CHECK(warmed.catalogueBytes == std::filesystem::file_size(servedDatabase() / "catalogue.sqlite"));
  CHECK(http->warmUp()->done);
}

TEST_CASE("serve with the warm-up off reads nothing ahead") {
  bool started = false;
  server::ServerOptions options{.db = servedDatabase(), .warmUp = false};
  options.warmUpHooks.starting = [&] { started = true; };
  {
    ServerThread http(options);
    CHECK_FALSE(http->warmUp());
    CHECK(exploreStart(http.port()).first == 200);
  }
  CHECK_FALSE(started);
}

TEST_CASE("apiary serve says it warms up and when it is warm, and --no-warm-up turns it off") {
  const TempDir scratch("apiary-test-warm-up");
  const auto errors = scratch.path / "stderr.txt";
  SECTION("by default") {
    ServerProcess server(servedDatabase(), {}, errors);
    CHECK(exploreStart(server.port()).first == 200);
    // The end is said once the warm-up is done: a small database takes moments.
    for (int i = 0; i < 600 && fileText(errors).find("warmed up in") == std::string::npos; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    CHECK(server.stop() == 0);
    const std::string said = fileText(errors);
    CHECK(said.find("warming up in the background") != std::string::npos);
    CHECK(said.find("warmed up in") != std::string::npos);
    CHECK(said.find("MB of positions") != std::string::npos);
  }
  SECTION("--no-warm-up") {
    ServerProcess server(servedDatabase(), {"--no-warm-up"}, errors);
    CHECK(exploreStart(server.port()).first == 200);
    CHECK(server.stop() == 0);
    CHECK(fileText(errors).find("warm") == std::string::npos);
  }
}
