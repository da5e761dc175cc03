// Generated games: legal, deterministic, and shaped like real collections.
#include <map>

#include "engine/canonical.hpp"
#include "engine/generate.hpp"
#include "engine_support.hpp"

using namespace apiary;

namespace {
std::string tagOf(const GeneratedGame& g, const std::string& name) {
  for (const auto& [n, v] : g.tags)
    if (n == name) return v;
  return {};
}
}  // namespace

TEST_CASE("generated games are legal and replay from their GameStrings", "[generate]") {
  GameGenerator generator(5);
  for (int i = 0; i < 200; ++i) {
    const GeneratedGame game = generator.next();
    INFO(gameString(game.board));
    const Board replay = test::replayGameString(gameString(game.board));
    CHECK(replay.history() == game.board.history());
    CHECK(replay.state() == game.board.state());
    CHECK(tagOf(game, "GameType") == game.board.type().name());
  }
}

TEST_CASE("the same seed gives the same games, another seed other games", "[generate]") {
  GameGenerator a(99), b(99), c(100);
  int differ = 0;
  for (int i = 0; i < 50; ++i) {
    const auto ga = a.next(), gb = b.next(), gc = c.next();
    CHECK(ga.board.history() == gb.board.history());
    CHECK(ga.tags == gb.tags);
    differ += ga.board.history() != gc.board.history();
  }
  CHECK(differ > 40);
}

TEST_CASE("generated collections look like real ones", "[generate]") {
  GameGenerator generator(2024);
  const int n = 2000;
  int midLength = 0, surrounded = 0, draws = 0, unfinished = 0;
  std::map<std::string, int> openings;  // canonical key after 4 plies
  std::map<std::string, int> results;
  for (int i = 0; i < n; ++i) {
    GeneratedGame game = generator.next();
    const int plies = game.board.ply();
    midLength += plies >= 20 && plies <= 120;
    surrounded += game.board.gameOver();
    const std::string result = tagOf(game, "Result");
    ++results[result];
    draws += result == "Draw";
    unfinished += result == "InProgress";
    // The result tag agrees with the board whenever the board has a result.
    if (game.board.gameOver()) CHECK(result == gameStateName(game.board.state()));
    while (game.board.ply() > 4) game.board.undo();
    ++openings[std::string(canonicalize(game.board).key.bytes())];
  }
  INFO("20..120 plies: " << midLength << ", surrounded: " << surrounded << ", draws: " << draws
                         << ", unfinished: " << unfinished << ", openings: " << openings.size());
  CHECK(midLength > n * 6 / 10);  // most games are 20 to 120 plies long
  CHECK(surrounded > n / 2);      // most end with a surrounded Queen
  CHECK(draws > 0);
  CHECK(unfinished > 0);
  CHECK(results["WhiteWins"] > n / 5);
  CHECK(results["BlackWins"] > n / 5);
  // Openings repeat: far fewer distinct 4-ply positions than games, and the most
  // common one is played by many games.
  int most = 0;
  for (const auto& [key, count] : openings) most = std::max(most, count);
  CHECK(openings.size() < std::size_t(n / 4));
  CHECK(most > n / 50);
}
