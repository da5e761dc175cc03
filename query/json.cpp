#include "query/json.hpp"

#include <cmath>

#include "notation/uhp_text.hpp"
#include "index/keys.hpp"

namespace apiary::query {

namespace {

const char* colorName(Color c) { return c == Color::White ? "white" : "black"; }

nlohmann::json average(const std::optional<double>& v) {
  return v ? nlohmann::json(std::round(*v * 10) / 10) : nlohmann::json(nullptr);
}

// Mover-relative counts, and the same in the colours of the position's players.
// Games without a result are unfinished, so the four add up to games.
void putCounts(nlohmann::json& j, const index::Counts& c, Color toMove) {
  j["games"] = c.games;
  j["mover_wins"] = c.moverWins;
  j["draws"] = c.draws;
  j["mover_losses"] = c.moverLosses;
  j["unfinished"] = c.games - std::min(c.games, c.moverWins + c.draws + c.moverLosses);
  j["first_player_wins"] = c.firstWins;
  j["second_player_wins"] = c.secondWins;
  j["white_wins"] = toMove == Color::White ? c.moverWins : c.moverLosses;
  j["black_wins"] = toMove == Color::White ? c.moverLosses : c.moverWins;
}

}  // namespace

const char* resultName(GameState s) {
  switch (s) {
    case GameState::WhiteWins: return "white";
    case GameState::BlackWins: return "black";
    case GameState::Draw: return "draw";
    default: return "unknown";
  }
}

nlohmann::json explorationJson(const Exploration& e) {
  const Color toMove = e.board.toMove();
  nlohmann::json j;
  j["position"] = index::hexOf(e.position);
  j["to_move"] = colorName(toMove);
  putCounts(j, e.counts, toMove);
  j["average_plies"] = average(e.averagePlies);
  nlohmann::json moves = nlohmann::json::array();
  for (const auto& m : e.moves) {
    // UHP names pieces, not cells, so the move string holds on the user's board too.
    nlohmann::json row{{"move", m.text}, {"uhp", notation::moveString(e.board, m.move)}};
    putCounts(row, m.counts, toMove);
    row["continuations"] = m.counts.games;
    row["transpositions"] = m.transpositions;
    row["average_plies"] = average(m.averagePlies);
    row["next"] = index::hexOf(m.next);
    moves.push_back(std::move(row));
  }
  j["moves"] = std::move(moves);
  if (e.unlisted) j["unlisted_next_positions"] = e.unlisted;
  return j;
}

nlohmann::json gameJson(const index::GameRow& g) {
  const auto orNull = [](const auto& value) { return value ? nlohmann::json(*value) : nlohmann::json(nullptr); };
  return {{"id", g.id},         {"source", g.source},         {"source_index", g.sourceIndex},
          {"white", g.white},   {"black", g.black},           {"event", g.event},
          {"site", g.site},     {"date", g.date},             {"result", resultName(g.result)},
          {"game_type", g.gameType}, {"plies", g.plies},      {"tournament", g.tournament},
          {"white_rating", orNull(g.whiteRating)},            {"black_rating", orNull(g.blackRating)},
          {"time_control", orNull(g.timeControl)}};
}

nlohmann::json searchHitJson(const SearchHit& hit) {
  nlohmann::json g = gameJson(hit.game);
  g["ply"] = hit.ply;
  return g;
}

nlohmann::json searchJson(const SearchResult& r) {
  nlohmann::json games = nlohmann::json::array();
  for (const auto& hit : r.games) games.push_back(searchHitJson(hit));
  return {{"position", index::hexOf(r.position)}, {"total", r.total}, {"games", std::move(games)}};
}

nlohmann::json patternHitJson(const PatternHit& hit) {
  nlohmann::json g = gameJson(hit.game);
  g["ply"] = hit.ply;
  g["positions"] = hit.positions;
  return g;
}

nlohmann::json patternJson(const PatternResult& r) {
  nlohmann::json games = nlohmann::json::array();
  for (const auto& hit : r.games) games.push_back(patternHitJson(hit));
  const auto& o = r.outcomes;
  return {{"total", r.total},
          {"positions", r.positions},
          {"scanned", r.scanned},
          {"replayed", r.replayed},
          {"side", r.side ? nlohmann::json(sideName(*r.side)) : nlohmann::json(nullptr)},
          {"side_wins", o.sideWins},
          {"side_losses", o.sideLosses},
          {"draws", o.draws},
          {"unknown", o.unknown},
          {"white_wins", o.whiteWins},
          {"black_wins", o.blackWins},
          {"games", std::move(games)}};
}

nlohmann::json gameListJson(const GameList& list) {
  nlohmann::json games = nlohmann::json::array();
  for (const auto& g : list.games) games.push_back(gameJson(g));
  nlohmann::json out{{"games", std::move(games)}, {"more", list.more}};
  if (list.total) out["total"] = *list.total;
  return out;
}

}  // namespace apiary::query
