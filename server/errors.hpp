// Errors as the API answers them: a status from the error's kind, and
// {"error": "<message>", "parameter": "<name>"}, the message naming the field as
// the API's parameter ("from_date 'x': expected ..."; no parameter when none is
// at fault).
#pragma once
#include <string>

#include "query/error.hpp"
#include "server/reply.hpp"

namespace apiary::server {

int statusOf(query::ErrorKind kind);
Reply errorReply(int status, const std::string& message, const std::string& parameter = {});
Reply errorReply(const query::QueryError& error);

}  // namespace apiary::server
