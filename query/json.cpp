#include "query/json.hpp"

#include <cmath>

#include "index/keys.hpp"
#include "notation/notation_table.hpp"
#include "notation/uhp_text.hpp"

namespace apiary::query {

namespace {

const char* colorName(Color c) { return c == Color::White ? "white" : "black"; }

nlohmann::json average(const std::optional<double>& v) {
  return v ? nlohmann::json(std::round(*v * 10) / 10) : nlohmann::json(nullptr);
}

// The side to move's record, and the same in the colours of the position's players.
// Games without a result are unfinished, so the four add up to games.
void putCounts(nlohmann::json& j, const index::Counts& c, Color toMove) {
  j["games"] = c.games;
  putRecord(j,
            {c.moverWins, c.draws, c.moverLosses, c.games - std::min(c.games, c.moverWins + c.draws + c.moverLosses)});
  j["first_player_wins"] = c.firstWins;
  j["second_player_wins"] = c.secondWins;
  j["white_wins"] = toMove == Color::White ? c.moverWins : c.moverLosses;
  j["black_wins"] = toMove == Color::White ? c.moverLosses : c.moverWins;
}

std::string_view colourLettersName(notation::ColourLetters letters) {
  switch (letters) {
    case notation::ColourLetters::Case: return "case";
    case notation::ColourLetters::Prefix: return "prefix";
    case notation::ColourLetters::None: break;
  }
  return "none";
}

}  // namespace

void putRecord(nlohmann::json& j, const Record& r) {
  j["wins"] = r.wins;
  j["draws"] = r.draws;
  j["losses"] = r.losses;
  j["unfinished"] = r.unfinished;
}

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
  return {{"id", g.id},
          {"source", g.source},
          {"source_index", g.sourceIndex},
          {"notation", g.notation},
          {"white", g.white},
          {"black", g.black},
          {"event", g.event},
          {"site", g.site},
          {"date", g.date},
          {"result", resultName(g.result)},
          {"game_type", g.gameType},
          {"plies", g.plies},
          {"tournament", g.tournament},
          {"white_rating", orNull(g.whiteRating)},
          {"black_rating", orNull(g.blackRating)},
          {"time_control", orNull(g.timeControl)}};
}

nlohmann::json searchHitJson(const SearchHit& hit) {
  nlohmann::json g = gameJson(hit.game);
  g["ply"] = hit.ply;
  return g;
}

nlohmann::json searchMembersJson(index::PositionHash position, uint64_t total) {
  return {{"position", index::hexOf(position)}, {"total", total}};
}

nlohmann::json searchJson(const SearchResult& r) {
  nlohmann::json j = searchMembersJson(r.position, r.total);
  j["games"] = nlohmann::json::array();
  for (const auto& hit : r.games) j["games"].push_back(searchHitJson(hit));
  return j;
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
  nlohmann::json j{{"total", r.total},
                   {"positions", r.positions},
                   {"scanned", r.scanned},
                   {"replayed", r.replayed},
                   {"side", r.side ? nlohmann::json(sideName(*r.side)) : nlohmann::json(nullptr)}};
  putRecord(j, {o.sideWins, o.draws, o.sideLosses, o.unknown});
  j["white_wins"] = o.whiteWins;
  j["black_wins"] = o.blackWins;
  j["games"] = std::move(games);
  return j;
}

nlohmann::json gameListMembersJson(bool more, std::optional<uint64_t> total) {
  nlohmann::json j{{"more", more}};
  if (total) j["total"] = *total;
  return j;
}

nlohmann::json gameListJson(const GameList& list) {
  nlohmann::json j = gameListMembersJson(list.more, list.total);
  j["games"] = nlohmann::json::array();
  for (const auto& g : list.games) j["games"].push_back(gameJson(g));
  return j;
}

nlohmann::json rejectedJson(const grammar::Rejection& r) {
  return {{"source", r.file},    {"source_index", r.index}, {"notation", r.notation},
          {"line", r.line},      {"column", r.column},      {"ply", r.ply},
          {"message", r.message}};
}

nlohmann::json dedupJson(const DedupReport& r, uint32_t minPlies) {
  nlohmann::json clusters = nlohmann::json::array();
  for (const auto& c : r.clusters) {
    nlohmann::json games = nlohmann::json::array();
    for (const auto& g : c.games)
      games.push_back({{"id", g.id},
                       {"source", g.source},
                       {"source_index", g.sourceIndex},
                       {"notation", g.notation},
                       {"plies", g.plies}});
    clusters.push_back({{"mode", dedupModeName(c.mode)}, {"reason", c.reason}, {"games", std::move(games)}});
  }
  return {{"clusters", std::move(clusters)},
          {"games", r.games},
          {"compared", r.compared},
          {"min_plies", minPlies},
          {"seconds", r.timings.total}};
}

nlohmann::json notationsJson() {
  using notation::NotationUse;
  nlohmann::json rows = nlohmann::json::array();
  for (const notation::Notation& n : notation::notationTable()) {
    nlohmann::json aliases = nlohmann::json::array();
    for (std::string_view alias : n.aliases)
      if (!alias.empty()) aliases.push_back(alias);
    rows.push_back(
        {{"name", n.name},
         {"aliases", aliases},
         {"read", serves(n, NotationUse::Read)},
         {"write", serves(n, NotationUse::Write)},
         {"moves", serves(n, NotationUse::WriteMoves)},
         {"lenient",
          {{"slide_rules", n.repairs.slideRules}, {"colour_letters", colourLettersName(n.repairs.colourLetters)}}}});
  }
  return {{"notations", std::move(rows)}};
}

nlohmann::json infoJson(const index::Info& info) {
  nlohmann::json j{
      {"games", info.games},
      {"positions", info.positions},
      {"bytes", info.bytes},
      {"postings", info.postings},
      {"catalogue_bytes", info.catalogueBytes},
      {"position_bytes", info.positionBytes},
      {"batches", info.batches},
      {"sources", info.sources},
      {"rejected", info.rejected},
      {"repaired", info.repaired},
      {"games_by_type", info.gamesByType},
      {"notations", info.notations},
      {"newest_date", info.newestDate.empty() ? nlohmann::json(nullptr) : nlohmann::json(info.newestDate)}};
  j["synced"] = nlohmann::json::array();
  for (const index::SourceSync& s : info.synced)
    j["synced"].push_back({{"source", s.source}, {"last_synced", s.lastSynced}, {"files", s.files}});
  return j;
}

nlohmann::json exportJson(const ExportSummary& summary, std::string_view notation, const std::string& file,
                          const std::vector<ExportedText>& texts) {
  nlohmann::json j{{"notation", notation},
                   {"exported", summary.written.size()},
                   {"missing", summary.missing},
                   {"unreadable", summary.unreadable}};
  if (!file.empty()) {
    j["file"] = file;
    j["ids"] = summary.written;
    return j;
  }
  j["games"] = nlohmann::json::array();
  for (const auto& [id, text] : texts) j["games"].push_back({{"id", id}, {"text", text}});
  return j;
}

nlohmann::json perftJson(const GameType& type, const std::vector<PerftDepth>& depths) {
  nlohmann::json rows = nlohmann::json::array();
  for (const PerftDepth& d : depths)
    rows.push_back({{"depth", d.depth}, {"nodes", d.nodes}, {"seconds", d.seconds}, {"nps", d.nodesPerSecond}});
  return {{"game_type", type.name()}, {"depths", std::move(rows)}};
}

nlohmann::json batchErrorJson(int line, const std::string& error) { return {{"line", line}, {"error", error}}; }

}  // namespace apiary::query
