// An error in what a user asked, with its kind and the field at fault, so each
// front end words it its own way: cli/ prints the message (which names the flag),
// the server answers a status chosen by the kind and names the parameter. It is an
// std::invalid_argument, so callers that only print messages need not know it.
#pragma once
#include <stdexcept>
#include <string>

namespace apiary::query {

enum class ErrorKind { BadInput, NotFound, Corrupt, WrongFormat };

class QueryError : public std::invalid_argument {
 public:
  // `field`: the query's name for what was wrong ("player", "from_date"), or empty.
  QueryError(ErrorKind kind, std::string field, const std::string& message)
      : std::invalid_argument(message), kind_(kind), field_(std::move(field)) {}
  ErrorKind kind() const { return kind_; }
  const std::string& field() const { return field_; }

 private:
  ErrorKind kind_;
  std::string field_;
};

}  // namespace apiary::query
