// Pattern search: the games in which a formation (features/formation.hpp) and/or a
// condition on position features (features/position_features.hpp) hold at some ply,
// with the first such ply, how many positions matched, and how the games ended for
// the side the pattern names. Written in the syntax of grammar/pattern.hpp.
//
// Each kept game is first screened by what ingest stored of it (index/
// pattern_store.hpp: its contacts, and its cheap features at every ply): a
// condition on those features alone is answered there; otherwise only the games,
// and the plies, that the stored data cannot rule out are replayed from the
// catalogue and tested.
#pragma once
#include <array>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/board.hpp"
#include "features/formation.hpp"
#include "index/database.hpp"
#include "index/game_query.hpp"
#include "index/positions/pattern_store.hpp"

namespace apiary::query {

// What a game's stored data says (Pattern::screen): the pattern holds nowhere;
// holds exactly at `positions` plies, the first `firstPly`; or may hold between
// firstPly and lastPly, which a replay must tell.
struct Screening {
  enum class Verdict { Never, Holds, Replay };
  Verdict verdict = Verdict::Never;
  uint32_t firstPly = 0, lastPly = 0;
  uint32_t positions = 0;
};

// A formation and a condition read and checked, ready to test positions.
class Pattern {
 public:
  // Either text may be empty, not both. Throws QueryError (field "pattern" or
  // "where"; the message names `pattern` or `where`, the column and what was
  // expected).
  Pattern(std::string_view formation, std::string_view where);
  ~Pattern();
  Pattern(Pattern&&) noexcept;

  bool holds(const Board& position) const;
  Screening screen(const index::StoredGame& game) const;
  // The last ply at which the pattern can hold, when the condition bounds the ply
  // ("ply <= 30 and ..."): games are replayed no further.
  std::optional<int> lastPly() const { return lastPly_; }
  // The side the pattern names first (formation, then condition), if any.
  std::optional<Side> side() const { return side_; }

 private:
  struct Condition;
  Screening screenCondition(const index::StoredGame& game, int lastPly) const;
  std::optional<Formation> formation_;
  // By the colour to move and both Queens' neighbours: whether the formation's
  // Queen bounds allow the position.
  std::array<bool, 128> queensFit_{};
  std::unique_ptr<Condition> where_;
  bool whereFirst_ = false;  // the condition is cheaper than the formation
  std::optional<Side> side_;
  std::optional<int> lastPly_;
};

struct PatternRequest {
  index::GameQuery filter;
  uint64_t offset = 0;
  uint64_t limit = 20;
  unsigned threads = 0;  // 0: one per core
  // When set, the scan stops once past it and throws PatternOverBudget.
  std::optional<std::chrono::steady_clock::time_point> deadline = std::nullopt;
};

// A pattern query stopped at its deadline: how far it got, for the caller to say
// what to narrow.
class PatternOverBudget : public std::runtime_error {
 public:
  PatternOverBudget(uint64_t screened, uint64_t replayed)
      : std::runtime_error("the pattern query ran out of time"), screened(screened), replayed(replayed) {}
  uint64_t screened;  // games screened by their stored features
  uint64_t replayed;  // games that had to be replayed (the costly part)
};

struct PatternHit {
  index::GameRow game;     // with its tags
  uint32_t ply = 0;        // the first ply (position after it) where the pattern holds
  uint32_t positions = 0;  // the game's positions where it holds
};

// How the matching games ended: for the side the pattern names (at each game's
// first matching ply when it is "mine" or "theirs"), else for White.
struct PatternOutcomes {
  uint64_t sideWins = 0, sideLosses = 0, draws = 0, unknown = 0;
  uint64_t whiteWins = 0, blackWins = 0;
};

struct PatternResult {
  uint64_t total = 0;      // games
  uint64_t positions = 0;  // positions, over all those games
  uint64_t scanned = 0;    // games the filter kept, all screened
  uint64_t replayed = 0;   // of those, the games replayed
  std::optional<Side> side;
  PatternOutcomes outcomes;
  std::vector<PatternHit> games;  // the page, newest first
};

PatternResult findPattern(const index::Database& db, const index::GameSearch& catalogue, const Pattern& pattern,
                          const PatternRequest& request);

// The same answer with its page as ids alone (`result.games` left empty), for a
// caller that reads and prints the rows one at a time: a page may be every game.
struct PatternPage {
  struct Hit {
    index::GameId id = 0;
    uint32_t ply = 0, positions = 0;
  };
  PatternResult result;
  std::vector<Hit> hits;
};
PatternPage findPatternPage(const index::Database& db, const index::GameSearch& catalogue, const Pattern& pattern,
                            const PatternRequest& request);

const char* sideName(Side side);

}  // namespace apiary::query
