#include "server/params.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <set>

#include "notation/notation_table.hpp"
#include "query/error.hpp"
#include "query/field_text.hpp"
#include "query/filters/filter_fields.hpp"
#include "server/url.hpp"

namespace apiary::server {

namespace {

using query::ErrorKind;
using query::Field;
using query::QueryError;

[[noreturn]] void reject(Field field, const std::string& detail) {
  throw QueryError(ErrorKind::BadInput, field, detail);
}

std::string bounded(Field field, const std::string& value, std::size_t most) {
  if (value.size() > most) reject(field, ": longer than " + std::to_string(most) + " bytes");
  return value;
}

const notation::Notation* namedNotation(Field field, const std::string& value, notation::NotationUse use) {
  const notation::Notation* notation = notation::findNotation(value, use);
  if (!notation) query::refuseText(field, value, notation::notationNames(use));
  return notation;
}

using Setter = std::function<void(Params&, const std::string&)>;

// A filter's field, bounded, then read as the CLI reads it.
Setter filter(Field field) {
  return [field](Params& p, const std::string& v) {
    query::setFilterField(p.filter, field, bounded(field, v, kMaxValueLength));
  };
}

// The filter's fields the API takes: all but repaired (`apiary games --repaired`).
void addFilterSetters(std::map<Field, Setter>& table) {
  for (Field field : query::filterFields())
    if (field != Field::Repaired) table.emplace(field, filter(field));
}

// Every parameter of the API, by its field.
const std::map<Field, Setter>& setters() {
  static const std::map<Field, Setter> table = [] {
    std::map<Field, Setter> out{
        {Field::Position,
         [](Params& p, const std::string& v) {
           p.position.position = bounded(Field::Position, v, kMaxPositionLength);
         }},
        {Field::Moves,
         [](Params& p, const std::string& v) { p.position.moves = bounded(Field::Moves, v, kMaxPositionLength); }},
        {Field::Game,
         [](Params& p, const std::string& v) { p.position.game = query::numberText(Field::Game, v, 1, INT64_MAX); }},
        {Field::Ply,
         [](Params& p, const std::string& v) {
           p.position.ply = uint32_t(query::numberText(Field::Ply, v, 0, kMaxPly));
         }},
        // Looked up once every parameter is read, for the use the endpoint makes of it.
        {Field::Notation,
         [](Params& p, const std::string& v) { p.notationName = bounded(Field::Notation, v, kMaxValueLength); }},
        {Field::Limit,
         [](Params& p, const std::string& v) { p.limit = query::numberText(Field::Limit, v, 1, kMaxLimit); }},
        {Field::Offset,
         [](Params& p, const std::string& v) { p.offset = query::numberText(Field::Offset, v, 0, kMaxOffset); }},
        {Field::OldestFirst,
         [](Params& p, const std::string& v) { p.oldestFirst = query::flagText(Field::OldestFirst, v); }},
        {Field::SameOrder, [](Params& p, const std::string& v) { p.sameOrder = query::flagText(Field::SameOrder, v); }},
        {Field::Sort,
         [](Params& p, const std::string& v) {
           // Which orders an endpoint takes is its handler's to say (sortOf in handlers).
           if (v != "games" && v != "score" && v != "date" && v != "plies" && v != "rating" && v != "id")
             query::refuseText(Field::Sort, v, "date, plies, rating or id (games), games or score (players)");
           p.sort = v;
         }},
        {Field::MinGames,
         [](Params& p, const std::string& v) { p.minGames = query::numberText(Field::MinGames, v, 1, kMaxOffset); }},
        {Field::Prefix, [](Params& p, const std::string& v) { p.prefix = bounded(Field::Prefix, v, kMaxValueLength); }},
        {Field::Pattern,
         [](Params& p, const std::string& v) { p.pattern = bounded(Field::Pattern, v, kMaxPatternLength); }},
        {Field::Where, [](Params& p, const std::string& v) { p.where = bounded(Field::Where, v, kMaxPatternLength); }},
    };
    addFilterSetters(out);
    return out;
  }();
  return table;
}

}  // namespace

index::GameOrder gamesOrder(const Params& params) {
  if (params.sort.empty() || params.sort == "date") return index::GameOrder::Date;
  if (params.sort == "plies") return index::GameOrder::Plies;
  if (params.sort == "rating") return index::GameOrder::Rating;
  if (params.sort == "id") return index::GameOrder::Id;
  reject(Field::Sort, " '" + params.sort + "': games are sorted by date, plies, rating or id");
}

bool playersByScore(const Params& params) {
  if (params.sort.empty() || params.sort == "games") return false;
  if (params.sort == "score") return true;
  reject(Field::Sort, " '" + params.sort + "': players are sorted by games or score");
}

Params parseParams(std::string_view queryString, std::string_view formBody, notation::NotationUse notationUse) {
  auto pairs = queryPairs(queryString);
  for (auto& pair : queryPairs(formBody)) pairs.push_back(std::move(pair));
  Params out;
  std::set<Field> seen;
  for (const auto& [given, value] : pairs) {
    const std::string name = given.substr(0, kMaxValueLength);
    const auto field = query::fieldNamed(name);
    const auto setter = field ? setters().find(*field) : setters().end();
    if (setter == setters().end()) reject(Field::None, "unknown parameter '" + name + "'");
    if (!seen.insert(*field).second) reject(*field, ": given twice");
    setter->second(out, value);
  }
  if (seen.count(Field::Notation)) {
    out.notation = namedNotation(Field::Notation, out.notationName, notationUse);
    out.position.notation = out.notation;
  }
  if (out.position.game && !out.position.position.empty())
    reject(Field::Game, ": give the position once: position or game");
  // A move list pasted takes the game type the filter names.
  if (out.filter.gameType) out.position.gameType = out.filter.gameType;
  return out;
}

}  // namespace apiary::server
