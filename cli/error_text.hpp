// Errors as the CLI words them: a query's field named as the flag that sets it
// (`--from-date 'x': expected ...`), the position as the POSITION argument.
#pragma once
#include <exception>
#include <string>

#include "query/error.hpp"

namespace apiary::cli {

inline std::string flagOf(query::Field field) {
  switch (field) {
    case query::Field::None: return {};
    case query::Field::Position: return "position";
    case query::Field::Pattern: return "pattern";
    case query::Field::Name: return "name";
    default: break;
  }
  std::string flag = "--" + std::string(query::fieldName(field));
  for (char& c : flag)
    if (c == '_') c = '-';
  return flag;
}

// The message of any error a command prints; a query's names its flag.
inline std::string errorText(const std::exception& error) {
  if (const auto* query = dynamic_cast<const query::QueryError*>(&error)) return query->message(flagOf(query->field()));
  return error.what();
}

}  // namespace apiary::cli
