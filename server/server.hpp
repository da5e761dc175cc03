// apiary serve: the HTTP server over a database, read-only. Binds, then serves on
// its threads until stop() (which another thread may call) is called.
#pragma once
#include <chrono>
#include <filesystem>
#include <memory>
#include <string>

namespace httplib {
class Server;
}

namespace apiary::server {

class SessionPool;

struct ServerOptions {
  std::filesystem::path db;
  std::string host = "127.0.0.1";
  int port = 8080;           // 0: any free port
  unsigned threads = 32;     // each open connection holds one while it is open
  unsigned sessions = 0;     // read sessions; 0: two a core
  bool cors = false;
  std::chrono::milliseconds refreshAfter{250};  // how stale a read session may be
};

class Server {
 public:
  // Opens the database: throws when it cannot be read.
  explicit Server(const ServerOptions& options);
  ~Server();
  // Binds the address and returns the port (the one chosen, for port 0); throws
  // std::runtime_error when it cannot.
  int bind();
  // Serves until stop(); false when it could not serve.
  bool run();
  // Stops run() (not async-signal-safe: call it from a thread, not a handler).
  void stop();

 private:
  ServerOptions options_;
  std::unique_ptr<SessionPool> sessions_;
  std::unique_ptr<httplib::Server> http_;
};

}  // namespace apiary::server
