// The route table: every endpoint of the API and the page's files, with what all
// answers share (parameters checked, errors as JSON with their status, ETag and
// Cache-Control, 304 on a matching If-None-Match, 405 for other methods, 416 for a
// Range on the API). Independent of the transport: a request in, an answer out.
#pragma once
#include <chrono>
#include <memory>
#include <string>

#include "server/reply.hpp"
#include "server/search_stream.hpp"
#include "server/sessions.hpp"

namespace apiary::server {

struct RouteOptions {
  bool cors = false;                                  // Access-Control-Allow-Origin: * on every answer
  std::chrono::steady_clock::duration patternBudget;  // a pattern query's time; zero: none
};

// What the router reads of a request.
struct Request {
  std::string method;  // "GET", "HEAD", anything a client sent
  std::string target;  // the path and query string as sent
  std::string accept, ifNoneMatch;
  bool range = false;  // a Range header was sent
  std::string contentType;
  std::string body;  // a POSTed form's parameters (limits::kMaxBodyBytes at most)
};

// Where an answer is computed: on the I/O thread that read the request, with no
// database (Inline: it never waits) or from the database in a few milliseconds
// (Quick: explore, info, a game, the board; no hand-over between threads, which on
// a busy machine costs more than the answer); on the threads that answer questions
// which may read many games (Database: search, game lists, players); or on the
// pattern queries' pool.
enum class Lane { Inline, Quick, Database, Pattern };

struct Answer {
  Reply reply;
  std::unique_ptr<SearchStream> stream;  // set: `reply` holds the headers, the stream the lines
};

class Router {
 public:
  Router(SessionPool& sessions, const RouteOptions& options);
  Lane laneOf(const Request& request) const;
  // Never throws: every error is an answer.
  Answer answer(const Request& request) const;

 private:
  Answer answerRoute(const Request& request) const;
  SessionPool& sessions_;
  RouteOptions options_;
};

}  // namespace apiary::server
