#include "query/players/player_json.hpp"

#include <cmath>

#include "query/json.hpp"

namespace apiary::query {

namespace {

double rounded(double v, double scale) { return std::round(v * scale) / scale; }

nlohmann::json named(const std::string& name, const PlayerRecord& r) {
  nlohmann::json j = playerRecordJson(r);
  j["name"] = name;
  return j;
}

nlohmann::json linesJson(const std::vector<RepertoireLine>& lines) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& line : lines) {
    nlohmann::json j = playerRecordJson(line.record);
    j["plies"] = line.plies;
    j["moves"] = line.moves;
    out.push_back(std::move(j));
  }
  return out;
}

}  // namespace

nlohmann::json playerRecordJson(const PlayerRecord& r) {
  nlohmann::json j{{"games", r.games}};
  putRecord(j, {r.wins, r.draws, r.losses, r.unfinished});
  j["score"] = rounded(r.score(), 1000);
  j["average_plies"] = rounded(r.averagePlies(), 10);
  return j;
}

nlohmann::json playerStatsJson(const PlayerStats& s) {
  nlohmann::json j = named(s.name, s.overall);
  j["as_first"] = playerRecordJson(s.asFirst);
  j["as_second"] = playerRecordJson(s.asSecond);
  j["by_year"] = nlohmann::json::object();
  for (const auto& [year, r] : s.byYear) j["by_year"][year] = playerRecordJson(r);
  j["repertoire"] = {{"first", linesJson(s.openingsAsFirst)}, {"second", linesJson(s.openingsAsSecond)}};
  nlohmann::json opponents = nlohmann::json::array();
  for (const auto& o : s.opponents) opponents.push_back(named(o.name, o.record));
  j["opponents"] = std::move(opponents);
  j["longest_winning_streak"] = s.longestWinningStreak;
  return j;
}

nlohmann::json playerTableJson(const PlayerTable& t) {
  nlohmann::json players = nlohmann::json::array();
  for (const auto& row : t.players) players.push_back(named(row.name, row.record));
  return {{"players", std::move(players)}, {"total", t.total}};
}

nlohmann::json playerNamesJson(const std::vector<index::NameCount>& names) {
  nlohmann::json players = nlohmann::json::array();
  for (const auto& [name, games] : names) players.push_back({{"name", name}, {"games", games}});
  return {{"players", std::move(players)}};
}

}  // namespace apiary::query
