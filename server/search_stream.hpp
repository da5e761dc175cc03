// GET /api/search with Accept: application/x-ndjson: every game through the
// position, one JSON object a line, a page at a time as the client takes them. The
// stream reads a session of its own (its own catalogue connection, the positions
// through the server's one RocksDB instance), so it sees one list of games from its
// first line to its last and holds none of the shared sessions while a slow client
// reads. Its memory is that session and one page of lines.
#pragma once
#include <memory>
#include <string>

#include "query/session.hpp"
#include "server/params.hpp"

namespace apiary::server {

class SessionPool;

class SearchStream {
 public:
  // Checks the question (throwing query::QueryError) before the first line.
  SearchStream(SessionPool& sessions, const Params& params);
  // The next page of lines; empty once every match has been given.
  std::string nextPage();

 private:
  std::unique_ptr<query::ReadSession> session_;
  query::KeptGames* kept_;  // owned by the session
  Board position_;
  Params params_;
  uint64_t offset_ = 0;
  bool done_ = false;
};

}  // namespace apiary::server
