// GET /api/search with Accept: application/x-ndjson: every game through the
// position, one JSON object a line, chunked. The stream reads a session of its own,
// opened for it, so it sees one state of the database from its first line to its
// last and holds none of the shared sessions while a slow client reads.
#pragma once
#include <httplib.h>

#include <filesystem>

#include "server/params.hpp"

namespace apiary::server {

// Checks the question (throwing query::QueryError) and sets the response's content
// provider; lines are read a page at a time as the client takes them.
void streamSearch(const std::filesystem::path& db, const Params& params, httplib::Response& res);

}  // namespace apiary::server
