// The JSON documents of the answers, one shape each, for every front end: the CLI's
// JSON and the server's API print the same document for the same question.
#pragma once
#include <chrono>

#include <nlohmann/json.hpp>

#include "index/catalogue/catalogue.hpp"
#include "index/catalogue/game_row.hpp"
#include "index/info.hpp"
#include "query/games/dedup.hpp"
#include "query/games/export.hpp"
#include "query/games/game_list.hpp"
#include "query/patterns/pattern.hpp"
#include "query/positions/explore.hpp"
#include "query/positions/search.hpp"

namespace apiary::query {

// A win/draw/loss record, from one side's view (explore: the side to move; pattern:
// the pattern's side; player: the player), one shape everywhere:
// {"wins", "draws", "losses", "unfinished"}, which add up to the games counted.
struct Record {
  uint64_t wins = 0, draws = 0, losses = 0, unfinished = 0;
};
void putRecord(nlohmann::json& j, const Record& r);

// {"position", "to_move", "games", <record>, ..., "moves": [{"move", "uhp", "games",
//  <record>, ..., "next"}]}: the records are the side to move's.
nlohmann::json explorationJson(const Exploration& e);
// {"position", "total", "games": [gameJson + "ply"]}
nlohmann::json searchJson(const SearchResult& r);
// Its members but the games, for a front end that writes the games as it reads them.
nlohmann::json searchMembersJson(index::PositionHash position, uint64_t total);
// One hit of a search: the game's row with the ply it reached the position at.
nlohmann::json searchHitJson(const SearchHit& hit);
// A game's row without its moves: id, source (its file) and source_index (its
// place in it, from 0), notation, players, event, site, date, result,
// game type, plies, tournament, the ratings and time control (null when unknown).
nlohmann::json gameJson(const index::GameRow& g);
// One game a pattern matched: gameJson + "ply" (its first match), "positions".
nlohmann::json patternHitJson(const PatternHit& hit);
// {"total", "positions", "scanned", "replayed", "side", <record> (the side's, or
//  White's), "white_wins", "black_wins", "games": [patternHitJson]}
nlohmann::json patternJson(const PatternResult& r);
// {"games": [gameJson], "more": bool, "total" when counted}
nlohmann::json gameListJson(const GameList& list);
nlohmann::json gameListMembersJson(bool more, std::optional<uint64_t> total);  // all but the games
// A game ingest refused, placed as a game is: {"source", "source_index", "notation",
// "line", "column", "ply", "message"} (line, column, ply 0: unknown).
nlohmann::json rejectedJson(const grammar::Rejection& r);

// {"clusters": [{"mode", "reason", "games": [{"id", "source", "source_index",
//  "notation", "plies"}]}], "games", "compared", "min_plies", "seconds"}: a
// cluster's games carry gameJson's members that dedup reads.
nlohmann::json dedupJson(const DedupReport& r, uint32_t minPlies);

// What the database holds: {"games", "positions", "bytes", "postings",
//  "catalogue_bytes", "position_bytes", "batches", "sources", "rejected", "repaired",
//  "games_by_type", "notations", "newest_date" (null when no game is dated),
//  "synced": [{"source", "last_synced", "files"}]}
nlohmann::json infoJson(const index::Info& info);

// The notations apiary knows, what each reads and writes and what lenient reading repairs:
// {"notations": [{"name", "aliases", "read", "write", "moves", "lenient":
//  {"slide_rules", "colour_letters"}}]}
nlohmann::json notationsJson();

// What export writes as JSON: {"notation", "exported", "missing", "unreadable"}, then
// "file" and the "ids" written to it, or without a file the "games": [{"id",
// "text"}] themselves.
struct ExportedText {
  index::GameId id = 0;
  std::string text;
};
nlohmann::json exportJson(const ExportSummary& summary, std::string_view notation, const std::string& file,
                          const std::vector<ExportedText>& texts);

// What perft writes as JSON: {"game_type", "depths": [{"depth", "nodes", "seconds", "nps"}]}
struct PerftDepth {
  int depth = 0;
  uint64_t nodes = 0;
  double seconds = 0, nodesPerSecond = 0;
};
nlohmann::json perftJson(const GameType& type, const std::vector<PerftDepth>& depths);

// A line of a batch of questions that was not answered: {"line", "error"}.
nlohmann::json batchErrorJson(int line, const std::string& error);

// Times an answer for its "elapsed_ms": the CLI and the server time the same span,
// from the question asked to its document built, not the reading of its text.
class AnswerClock {
 public:
  double milliseconds() const {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start_).count();
  }
  void stamp(nlohmann::json& answer, double milliseconds) const { answer["elapsed_ms"] = milliseconds; }
  void stamp(nlohmann::json& answer) const { stamp(answer, milliseconds()); }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

// A result in the words of the result filter: white, black, draw, unknown.
const char* resultName(GameState s);

}  // namespace apiary::query
