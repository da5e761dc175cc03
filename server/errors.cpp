#include "server/errors.hpp"

namespace apiary::server {

int statusOf(query::ErrorKind kind) {
  switch (kind) {
    case query::ErrorKind::BadInput: return 400;
    case query::ErrorKind::NotFound: return 404;
    case query::ErrorKind::WrongFormat: return 503;  // the database cannot be read by this build
    case query::ErrorKind::Corrupt: return 500;
  }
  return 500;
}

Reply errorReply(int status, const std::string& message, const std::string& parameter) {
  nlohmann::json body{{"error", message}};
  if (!parameter.empty()) body["parameter"] = parameter;
  return Reply::json(body, status);
}

Reply errorReply(const query::QueryError& error) {
  const std::string parameter(query::fieldName(error.field()));
  return errorReply(statusOf(error.kind()), error.message(parameter), parameter);
}

}  // namespace apiary::server
