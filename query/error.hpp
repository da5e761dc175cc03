// An error in what a user asked, with its kind and the field at fault, so each
// front end words it its own way: cli/ names the field as its flag,
// the server as its parameter (`from_date`) and answers a status chosen by the
// kind. The message is kept as what follows the field's name ("'2022-13-45':
// expected yyyy-mm-dd, ..."), so no text below the front ends names a flag. It is
// an std::invalid_argument whose what() names the field as the query does, so
// callers that only print messages need not know it.
#pragma once
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace apiary::query {

enum class ErrorKind { BadInput, NotFound, Corrupt, WrongFormat };

// Every field a query takes from a user (the position named, its filters, paging,
// what an answer writes): one name each, the API's parameter names.
enum class Field {
  None,
  Position,
  Moves,
  Game,
  Ply,
  Notation,
  Player,
  Color,
  White,
  Black,
  Event,
  Site,
  FromDate,
  ToDate,
  Result,
  GameType,
  StrictOnly,
  Repaired,
  Humans,
  NoGuests,
  Tournament,
  MinRating,
  Limit,
  Offset,
  OldestFirst,
  SameOrder,
  Sort,
  MinGames,
  Prefix,
  Pattern,
  Where,
  Name,
};

// "from_date": the field's name as the query and the API spell it.
std::string_view fieldName(Field field);
// The field of that name (`-` or `_` alike), or of an old name kept as its alias
// ("format": notation); nullopt for none.
std::optional<Field> fieldNamed(std::string_view name);

class QueryError : public std::invalid_argument {
 public:
  // `detail` follows the field's name: " 'yesterday': expected yyyy-mm-dd" or
  // ": no such game". With no field it is the whole message.
  QueryError(ErrorKind kind, Field field, std::string detail);
  ErrorKind kind() const { return kind_; }
  Field field() const { return field_; }
  const std::string& detail() const { return detail_; }
  // The message with the field called `name` (the CLI's flag, the API's parameter).
  std::string message(std::string_view name) const;

 private:
  ErrorKind kind_;
  Field field_;
  std::string detail_;
};

}  // namespace apiary::query
