// The JSON documents of the answers, one shape each, for every front end: the CLI's
// --json and the server's API print the same document for the same question.
#pragma once
#include <chrono>

#include <nlohmann/json.hpp>

#include "index/catalogue/game_row.hpp"
#include "query/positions/explore.hpp"
#include "query/games/game_list.hpp"
#include "query/patterns/pattern.hpp"
#include "query/positions/search.hpp"

namespace apiary::query {

// {"position", "to_move", "games", "mover_wins", "draws", "mover_losses",
//  "unfinished", ..., "moves": [{"move", "uhp", "games", ..., "next"}]}
nlohmann::json explorationJson(const Exploration& e);
// {"position", "total", "games": [gameJson + "ply"]}
nlohmann::json searchJson(const SearchResult& r);
// One hit of a search: the game's row with the ply it reached the position at.
nlohmann::json searchHitJson(const SearchHit& hit);
// A game's row without its moves: id, source, players, event, site, date, result,
// game type, plies, tournament, the ratings and time control (null when unknown).
nlohmann::json gameJson(const index::GameRow& g);
// One game a pattern matched: gameJson + "ply" (its first match), "positions".
nlohmann::json patternHitJson(const PatternHit& hit);
// {"total", "positions", "scanned", "replayed", "side", "side_wins", "side_losses", "draws",
//  "unknown", "white_wins", "black_wins", "games": [patternHitJson]}
nlohmann::json patternJson(const PatternResult& r);
// {"games": [gameJson], "more": bool, "total" when counted}
nlohmann::json gameListJson(const GameList& list);

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

// A result in the words of --result: white, black, draw, unknown.
const char* resultName(GameState s);

}  // namespace apiary::query
