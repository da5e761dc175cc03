// The route table: every endpoint of the API and the page's files, with what all
// answers share (parameters checked, errors as JSON with their status, ETag and
// Cache-Control, 304 on a matching If-None-Match, 405 for other methods).
#pragma once
#include <httplib.h>

#include "server/sessions.hpp"

namespace apiary::server {

struct RouteOptions {
  bool cors = false;  // Access-Control-Allow-Origin: * on every answer
};

void addRoutes(httplib::Server& http, SessionPool& sessions, const RouteOptions& options);

}  // namespace apiary::server
