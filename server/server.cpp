#include "server/server.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>
#include <stdexcept>
#include <thread>
#include <vector>

#include "server/connection.hpp"
#include "server/routes.hpp"
#include "server/sessions.hpp"

namespace apiary::server {

namespace {

namespace net = boost::asio;
using net::ip::tcp;

unsigned cores() { return std::max(1u, std::thread::hardware_concurrency()); }
// Two a core: a quick answer under way on one leaves the others to read and write.
unsigned ioThreads() { return 2 * cores(); }

// The connections the process's file limit allows, raised to its hard limit first:
// the database's files and a margin stay free.
std::size_t connectionCap() {
  rlimit files{};
  if (getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
    files.rlim_cur = files.rlim_max;
    setrlimit(RLIMIT_NOFILE, &files);
    getrlimit(RLIMIT_NOFILE, &files);
  }
  constexpr rlim_t kReserved = 512;
  const rlim_t usable = files.rlim_cur > 2 * kReserved ? files.rlim_cur - kReserved : files.rlim_cur / 2;
  return std::min<std::size_t>(limits::kMaxConnections, usable);
}

}  // namespace

struct Server::State {
  explicit State(const ServerOptions& o)
      : options(o),
        databaseThreads(o.threads ? o.threads : 2 * cores()),
        sessions(o.db, ioThreads() + databaseThreads + limits::kPatternThreads, o.refreshAfter),
        router(sessions, {.cors = o.cors, .patternBudget = o.patternBudget}),
        database(databaseThreads),
        patterns(limits::kPatternThreads),
        backend{router, database, patterns},
        cap(connectionCap()) {}

  void accept() {
    acceptor.async_accept(net::make_strand(io), [this](boost::system::error_code ec, tcp::socket socket) {
      if (ec == net::error::operation_aborted) return;
      if (ec) {  // out of files, for one: the backlog waits, and the accept is tried again soon
        retry.expires_after(std::chrono::milliseconds(50));
        return retry.async_wait([this](boost::system::error_code waited) {
          if (!waited) accept();
        });
      }
      if (backend.connections.load() >= cap) refuseConnection(std::move(socket));
      else serveConnection(std::move(socket), backend);
      accept();
    });
  }

  ServerOptions options;
  unsigned databaseThreads;
  SessionPool sessions;
  Router router;
  net::thread_pool database;
  PatternPool patterns;
  Backend backend;
  std::size_t cap;
  net::io_context io{int(ioThreads())};
  tcp::acceptor acceptor{io};
  net::steady_timer retry{io};
  std::unique_ptr<index::WarmUp> warmUp;  // last: stopped first
};

Server::Server(const ServerOptions& options) : state_(std::make_unique<State>(options)) {
  if (options.warmUp)
    state_->warmUp = std::make_unique<index::WarmUp>(options.db, state_->sessions.positions(),
                                                     index::WarmUp::defaultBudget(), options.warmUpHooks);
}

Server::~Server() {
  stop();
  state_->patterns.stop();
  state_->database.stop();
  state_->database.join();
}

int Server::bind() {
  State& s = *state_;
  const std::string where = s.options.host + ":" + std::to_string(s.options.port);
  boost::system::error_code ec;
  const auto found = tcp::resolver(s.io).resolve(s.options.host, std::to_string(s.options.port), ec);
  if (ec || found.empty()) throw std::runtime_error("cannot listen on " + where + ": " + ec.message());
  const tcp::endpoint endpoint = *found.begin();
  s.acceptor.open(endpoint.protocol());
  // SO_REUSEADDR (a restarted server binds while old connections linger), never
  // SO_REUSEPORT: on Linux a port another socket listens on is then refused.
  s.acceptor.set_option(net::socket_base::reuse_address(true));
  s.acceptor.bind(endpoint, ec);
  if (ec == net::error::address_in_use)
    throw std::runtime_error(where + " is in use by another program (another apiary serve?): choose another --port");
  if (ec) throw std::runtime_error("cannot listen on " + where + ": " + ec.message());
  s.acceptor.listen(limits::kListenBacklog);
  return s.acceptor.local_endpoint().port();
}

bool Server::run() {
  State& s = *state_;
  if (!s.acceptor.is_open()) return false;
  s.accept();
  std::vector<std::jthread> others;
  for (unsigned i = 1; i < ioThreads(); ++i) others.emplace_back([&s] { s.io.run(); });
  s.io.run();
  return true;
}

void Server::stop() { state_->io.stop(); }

std::optional<index::WarmUp::Progress> Server::warmUp() const {
  if (!state_->warmUp) return std::nullopt;
  return state_->warmUp->progress();
}

}  // namespace apiary::server
