#include "server/params.hpp"

#include <httplib.h>

#include <charconv>
#include <cstdint>
#include <functional>
#include <map>
#include <set>

#include "query/error.hpp"
#include "notation/move_notation.hpp"
#include "notation/notation_table.hpp"

namespace apiary::server {

namespace {

using query::ErrorKind;
using query::QueryError;

[[noreturn]] void reject(const std::string& name, const std::string& message) {
  throw QueryError(ErrorKind::BadInput, name, message);
}

std::string bounded(const std::string& name, const std::string& value, std::size_t most) {
  if (value.size() > most) reject(name, name + ": longer than " + std::to_string(most) + " bytes");
  return value;
}

uint64_t number(const std::string& name, const std::string& value, uint64_t least, uint64_t most) {
  uint64_t n = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), n);
  if (error != std::errc() || end != value.data() + value.size() || n < least || n > most)
    reject(name, name + " '" + value.substr(0, 40) + "': expected a number from " + std::to_string(least) +
                     " to " + std::to_string(most));
  return n;
}

bool flag(const std::string& name, const std::string& value) {
  if (value == "1" || value == "true" || value.empty()) return true;
  if (value == "0" || value == "false") return false;
  reject(name, name + " '" + value.substr(0, 40) + "': expected 1 or 0");
}

const notation::Notation* moveNotation(const std::string& value) {
  const notation::Notation* notation = notation::findNotation(value, notation::NotationUse::WriteMoves);
  if (!notation)
    reject("notation", "unknown notation '" + value.substr(0, 40) + "' (" +
                           notation::notationNames(notation::NotationUse::WriteMoves) + ")");
  return notation;
}

const notation::Notation* fileFormat(const std::string& value) {
  const notation::Notation* format = notation::findNotation(value, notation::NotationUse::Write);
  if (!format)
    reject("format", "unknown format '" + value.substr(0, 40) + "' (" +
                         notation::notationNames(notation::NotationUse::Write) + ")");
  return format;
}

using Setter = std::function<void(Params&, const std::string&)>;

Setter text(std::optional<std::string> query::GameFilter::*field, const char* name) {
  return [field, name](Params& p, const std::string& v) { p.filter.*field = bounded(name, v, kMaxValueLength); };
}

// Every parameter of the API, by its name with '_'.
const std::map<std::string, Setter, std::less<>>& setters() {
  static const std::map<std::string, Setter, std::less<>> table{
      {"position", [](Params& p, const std::string& v) { p.position = bounded("position", v, kMaxPositionLength); }},
      {"moves", [](Params& p, const std::string& v) { p.moves = bounded("moves", v, kMaxPositionLength); }},
      {"game", [](Params& p, const std::string& v) { p.game = number("game", v, 1, INT64_MAX); }},
      {"ply", [](Params& p, const std::string& v) { p.ply = uint32_t(number("ply", v, 0, kMaxPly)); }},
      {"notation",
       [](Params& p, const std::string& v) {
         p.notationName = bounded("notation", v, kMaxValueLength);
         p.notation = moveNotation(p.notationName);
       }},
      {"format",
       [](Params& p, const std::string& v) {
         p.formatName = bounded("format", v, kMaxValueLength);
         p.format = fileFormat(p.formatName);
       }},
      {"player", text(&query::GameFilter::player, "player")},
      {"color", text(&query::GameFilter::color, "color")},
      {"white", text(&query::GameFilter::white, "white")},
      {"black", text(&query::GameFilter::black, "black")},
      {"event", text(&query::GameFilter::event, "event")},
      {"site", text(&query::GameFilter::site, "site")},
      {"from_date", text(&query::GameFilter::fromDate, "from_date")},
      {"to_date", text(&query::GameFilter::toDate, "to_date")},
      {"result", text(&query::GameFilter::result, "result")},
      {"game_type", text(&query::GameFilter::gameType, "game_type")},
      {"strict_only", [](Params& p, const std::string& v) { p.filter.strictOnly = flag("strict_only", v); }},
      {"humans", [](Params& p, const std::string& v) { p.filter.humans = flag("humans", v); }},
      {"no_guests", [](Params& p, const std::string& v) { p.filter.noGuests = flag("no_guests", v); }},
      {"tournament", [](Params& p, const std::string& v) { p.filter.tournament = flag("tournament", v); }},
      {"min_rating",
       [](Params& p, const std::string& v) { p.filter.minRating = int64_t(number("min_rating", v, 0, query::kMaxRating)); }},
      {"limit", [](Params& p, const std::string& v) { p.limit = number("limit", v, 1, kMaxLimit); }},
      {"offset", [](Params& p, const std::string& v) { p.offset = number("offset", v, 0, kMaxOffset); }},
      {"oldest_first", [](Params& p, const std::string& v) { p.oldestFirst = flag("oldest_first", v); }},
      {"same_order", [](Params& p, const std::string& v) { p.sameOrder = flag("same_order", v); }},
      {"sort",
       [](Params& p, const std::string& v) {
         // Which orders an endpoint takes is its handler's to say (sortOf in handlers).
         if (v != "games" && v != "score" && v != "date" && v != "plies" && v != "rating" && v != "id")
           reject("sort", "sort '" + v.substr(0, 40) + "': expected date, plies, rating or id (games), games or score (players)");
         p.sort = v;
       }},
      {"min_games", [](Params& p, const std::string& v) { p.minGames = number("min_games", v, 1, kMaxOffset); }},
      {"prefix", [](Params& p, const std::string& v) { p.prefix = bounded("prefix", v, kMaxValueLength); }},
      {"pattern", [](Params& p, const std::string& v) { p.pattern = bounded("pattern", v, kMaxPatternLength); }},
      {"where", [](Params& p, const std::string& v) { p.where = bounded("where", v, kMaxPatternLength); }},
  };
  return table;
}

}  // namespace

index::GameOrder gamesOrder(const Params& params) {
  if (params.sort.empty() || params.sort == "date") return index::GameOrder::Date;
  if (params.sort == "plies") return index::GameOrder::Plies;
  if (params.sort == "rating") return index::GameOrder::Rating;
  if (params.sort == "id") return index::GameOrder::Id;
  reject("sort", "sort '" + params.sort + "': games are sorted by date, plies, rating or id");
}

bool playersByScore(const Params& params) {
  if (params.sort.empty() || params.sort == "games") return false;
  if (params.sort == "score") return true;
  reject("sort", "sort '" + params.sort + "': players are sorted by games or score");
}

Params parseParams(std::string_view queryString) {
  httplib::Params raw;  // percent-decoded by the HTTP library
  httplib::detail::parse_query_text(std::string(queryString), raw);
  Params out;
  std::set<std::string> seen;
  for (const auto& [given, value] : raw) {
    std::string name = given.substr(0, kMaxValueLength);
    for (char& c : name)
      if (c == '-') c = '_';
    const auto setter = setters().find(name);
    if (setter == setters().end()) reject(name, "unknown parameter '" + name + "'");
    if (!seen.insert(name).second) reject(name, name + ": given twice");
    setter->second(out, value);
  }
  if (out.ply && !out.game) reject("ply", "ply needs game: it counts the plies of that game");
  if (out.game && !out.position.empty()) reject("game", "give the position once: position or game");
  return out;
}

}  // namespace apiary::server
