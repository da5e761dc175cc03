// One client's connection: requests read one at a time under the limits of
// server/limits.hpp (pipelined ones wait in the buffer and are answered in order),
// each answered on the lane its route names, then the next read; a stream's pages
// written as the client takes them. Errors of the transport are JSON answers too.
#pragma once
#include <atomic>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/thread_pool.hpp>
#include <cstddef>
#include <memory>

#include "server/pattern_pool.hpp"
#include "server/routes.hpp"

namespace apiary::server {

// What every connection shares.
struct Backend {
  const Router& router;
  boost::asio::thread_pool& database;  // answers that read the database
  PatternPool& patterns;
  std::atomic<std::size_t> connections{0};
  std::atomic<std::size_t> streams{0};
};

// Serves the socket until the client or a limit ends it.
void serveConnection(boost::asio::ip::tcp::socket socket, Backend& backend);

// Answers the newest connection when there are too many: 503, then closed.
void refuseConnection(boost::asio::ip::tcp::socket socket);

}  // namespace apiary::server
