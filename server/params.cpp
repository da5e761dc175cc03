#include "server/params.hpp"

#include <charconv>
#include <cstdint>
#include <functional>
#include <map>
#include <set>

#include "notation/notation_table.hpp"
#include "query/error.hpp"
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

uint64_t number(Field field, const std::string& value, uint64_t least, uint64_t most) {
  uint64_t n = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), n);
  if (error != std::errc() || end != value.data() + value.size() || n < least || n > most)
    reject(field, " '" + value.substr(0, 40) + "': expected a number from " + std::to_string(least) + " to " +
                      std::to_string(most));
  return n;
}

bool flag(Field field, const std::string& value) {
  if (value == "1" || value == "true" || value.empty()) return true;
  if (value == "0" || value == "false") return false;
  reject(field, " '" + value.substr(0, 40) + "': expected 1 or 0");
}

const notation::Notation* namedNotation(Field field, const std::string& value, notation::NotationUse use) {
  const notation::Notation* notation = notation::findNotation(value, use);
  if (!notation) reject(field, " '" + value.substr(0, 40) + "': expected " + notation::notationNames(use));
  return notation;
}

using Setter = std::function<void(Params&, const std::string&)>;

Setter text(std::optional<std::string> query::GameFilter::*member, Field field) {
  return [member, field](Params& p, const std::string& v) { p.filter.*member = bounded(field, v, kMaxValueLength); };
}

// Every parameter of the API, by its field.
const std::map<Field, Setter>& setters() {
  static const std::map<Field, Setter> table{
      {Field::Position,
       [](Params& p, const std::string& v) { p.position.position = bounded(Field::Position, v, kMaxPositionLength); }},
      {Field::Moves,
       [](Params& p, const std::string& v) { p.position.moves = bounded(Field::Moves, v, kMaxPositionLength); }},
      {Field::Game, [](Params& p, const std::string& v) { p.position.game = number(Field::Game, v, 1, INT64_MAX); }},
      {Field::Ply,
       [](Params& p, const std::string& v) { p.position.ply = uint32_t(number(Field::Ply, v, 0, kMaxPly)); }},
      // Looked up once every parameter is read, for the use the endpoint makes of it.
      {Field::Notation,
       [](Params& p, const std::string& v) { p.notationName = bounded(Field::Notation, v, kMaxValueLength); }},
      {Field::Player, text(&query::GameFilter::player, Field::Player)},
      {Field::Color, text(&query::GameFilter::color, Field::Color)},
      {Field::White, text(&query::GameFilter::white, Field::White)},
      {Field::Black, text(&query::GameFilter::black, Field::Black)},
      {Field::Event, text(&query::GameFilter::event, Field::Event)},
      {Field::Site, text(&query::GameFilter::site, Field::Site)},
      {Field::FromDate, text(&query::GameFilter::fromDate, Field::FromDate)},
      {Field::ToDate, text(&query::GameFilter::toDate, Field::ToDate)},
      {Field::Result, text(&query::GameFilter::result, Field::Result)},
      {Field::GameType, text(&query::GameFilter::gameType, Field::GameType)},
      {Field::StrictOnly, [](Params& p, const std::string& v) { p.filter.strictOnly = flag(Field::StrictOnly, v); }},
      {Field::Humans, [](Params& p, const std::string& v) { p.filter.humans = flag(Field::Humans, v); }},
      {Field::NoGuests, [](Params& p, const std::string& v) { p.filter.noGuests = flag(Field::NoGuests, v); }},
      {Field::Tournament, [](Params& p, const std::string& v) { p.filter.tournament = flag(Field::Tournament, v); }},
      {Field::MinRating,
       [](Params& p, const std::string& v) {
         p.filter.minRating = int64_t(number(Field::MinRating, v, 0, query::kMaxRating));
       }},
      {Field::Limit, [](Params& p, const std::string& v) { p.limit = number(Field::Limit, v, 1, kMaxLimit); }},
      {Field::Offset, [](Params& p, const std::string& v) { p.offset = number(Field::Offset, v, 0, kMaxOffset); }},
      {Field::OldestFirst, [](Params& p, const std::string& v) { p.oldestFirst = flag(Field::OldestFirst, v); }},
      {Field::SameOrder, [](Params& p, const std::string& v) { p.sameOrder = flag(Field::SameOrder, v); }},
      {Field::Sort,
       [](Params& p, const std::string& v) {
         // Which orders an endpoint takes is its handler's to say (sortOf in handlers).
         if (v != "games" && v != "score" && v != "date" && v != "plies" && v != "rating" && v != "id")
           reject(Field::Sort,
                  " '" + v.substr(0, 40) + "': expected date, plies, rating or id (games), games or score (players)");
         p.sort = v;
       }},
      {Field::MinGames,
       [](Params& p, const std::string& v) { p.minGames = number(Field::MinGames, v, 1, kMaxOffset); }},
      {Field::Prefix, [](Params& p, const std::string& v) { p.prefix = bounded(Field::Prefix, v, kMaxValueLength); }},
      {Field::Pattern,
       [](Params& p, const std::string& v) { p.pattern = bounded(Field::Pattern, v, kMaxPatternLength); }},
      {Field::Where, [](Params& p, const std::string& v) { p.where = bounded(Field::Where, v, kMaxPatternLength); }},
  };
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
  // A move list pasted takes the game type the filter names (a bad one is the filter's error).
  if (out.filter.gameType) out.position.gameType = GameType::parse(*out.filter.gameType);
  return out;
}

}  // namespace apiary::server
