// apiary serve: the HTTP server over a database, read-only. Binds, then serves until
// stop() (which another thread may call) is called.
//
// Event-driven (Boost.Beast on Asio): connections are read and written by a few
// I/O threads (two a core), so an idle or slow client costs a few KiB, not a
// thread. What needs no database (/health, the page) and the quick answers
// (explore, info, a game, the board) are computed on the I/O thread; questions
// that may read many games on a pool of their own, pattern queries on another
// (server/pattern_pool.hpp). Every bound is in server/limits.hpp.
#pragma once
#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "index/warm_up.hpp"
#include "server/limits.hpp"

namespace apiary::server {

struct ServerOptions {
  std::filesystem::path db;
  std::string host = "127.0.0.1";
  int port = 8080;       // 0: any free port
  unsigned threads = 0;  // threads answering from the database; 0: two a core
  bool cors = false;
  std::chrono::milliseconds refreshAfter{250};                                        // how stale a read session may be
  std::chrono::steady_clock::duration patternBudget = limits::kDefaultPatternBudget;  // zero: none
  // Read what explore and search read into memory on a thread of its own, from the
  // start, while requests are answered (index/warm_up.hpp), with these hooks.
  bool warmUp = true;
  index::WarmUp::Hooks warmUpHooks = {};
};

class Server {
 public:
  // Opens the database: throws when it cannot be read.
  explicit Server(const ServerOptions& options);
  ~Server();
  // Binds the address and returns the port (the one chosen, for port 0); throws
  // std::runtime_error when it cannot, saying so when another program holds it.
  int bind();
  // Serves until stop(); false when it could not serve.
  bool run();
  // Stops run() (not async-signal-safe: call it from a thread, not a handler).
  void stop();
  // The warm-up's progress; nullopt when it is off.
  std::optional<index::WarmUp::Progress> warmUp() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace apiary::server
