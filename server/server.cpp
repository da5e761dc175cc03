#include "server/server.hpp"

#include <httplib.h>

#include <algorithm>
#include <stdexcept>
#include <thread>

#include "server/routes.hpp"
#include "server/sessions.hpp"

namespace apiary::server {

namespace {

// Bounds on what one client may send or hold: requests carry no body, a slow
// client is dropped after a few seconds of silence, a connection serves many
// requests (keep-alive) but not forever.
constexpr std::size_t kMaxPayload = 64 * 1024;
constexpr time_t kReadTimeoutSeconds = 3;
constexpr time_t kWriteTimeoutSeconds = 5;
constexpr time_t kKeepAliveSeconds = 5;
constexpr std::size_t kKeepAliveRequests = 10000;

unsigned sessionCount(const ServerOptions& o) {
  if (o.sessions) return o.sessions;
  return std::clamp(2 * std::max(1u, std::thread::hardware_concurrency()), 2u, std::max(2u, o.threads));
}

}  // namespace

Server::Server(const ServerOptions& options)
    : options_(options),
      sessions_(std::make_unique<SessionPool>(options.db, sessionCount(options), options.refreshAfter)),
      http_(std::make_unique<httplib::Server>()) {
  const unsigned threads = std::max(1u, options.threads);
  http_->new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  http_->set_payload_max_length(kMaxPayload);
  http_->set_read_timeout(kReadTimeoutSeconds, 0);
  http_->set_write_timeout(kWriteTimeoutSeconds, 0);
  http_->set_keep_alive_timeout(kKeepAliveSeconds);
  http_->set_keep_alive_max_count(kKeepAliveRequests);
  addRoutes(*http_, *sessions_, {.cors = options.cors});
}

Server::~Server() = default;

int Server::bind() {
  const int port = options_.port == 0 ? http_->bind_to_any_port(options_.host)
                                      : (http_->bind_to_port(options_.host, options_.port) ? options_.port : -1);
  if (port <= 0) throw std::runtime_error("cannot listen on " + options_.host + ":" + std::to_string(options_.port));
  return port;
}

bool Server::run() { return http_->listen_after_bind(); }

void Server::stop() { http_->stop(); }

}  // namespace apiary::server
