// Mobility's cost a position (both colours), over every position of generated
// games: the generator's count on a board set up with the turn handed over (the
// reference, position_features' mobility), the count-only countMobility, and
// countMobility capped as ingest stores it, given the pinned pieces ingest already
// has. Then how often a colour's count reaches a few caps. With a third argument,
// only the capped count (for callgrind: its instructions a position).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "engine/generate.hpp"
#include "engine/movegen.hpp"
#include "features/mobility.hpp"
#include "features/position_features.hpp"

using namespace apiary;
using Clock = std::chrono::steady_clock;

namespace {

// Seconds to walk every position of the games, calling `at` on each.
template <class At>
double walk(const std::vector<GeneratedGame>& games, At&& at) {
  const auto start = Clock::now();
  for (const auto& g : games) {
    Board board(g.board.type(), Rules{.tournament = false}, g.board.firstMover());
    for (const Move& m : g.board.history()) {
      board.play(m);
      at(board);
    }
  }
  return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  const int count = argc > 1 ? std::atoi(argv[1]) : 1000;
  const int cap = argc > 2 ? std::atoi(argv[2]) : 15;
  const bool cappedOnly = argc > 3;
  const char* seed = std::getenv("SEED");  // apiary generate --seed: the same games
  GameGenerator generator(seed ? std::strtoull(seed, nullptr, 10) : 42);
  std::vector<GeneratedGame> games;
  long positions = 0;
  for (int i = 0; i < count; ++i) {
    games.push_back(generator.next());
    positions += games.back().board.ply();
  }
  long sum = 0;
  const double replay = walk(games, [&](const Board& b) { sum += b.ply(); });
  const auto report = [&](const char* what, double seconds) {
    std::printf("%-44s %7.0f ns a position, %6.1f us a game\n", what, (seconds - replay) / double(positions) * 1e9,
                (seconds - replay) / count * 1e6);
  };
  std::printf("%d games, %ld positions (replay %.0f ns a position, subtracted)\n", count, positions,
              replay / double(positions) * 1e9);
  std::vector<uint32_t> pinned;
  walk(games, [&](const Board& b) { pinned.push_back(pinnedPieces(b)); });
  std::size_t i = 0;
  const auto capped = [&] {
    i = 0;
    report("countMobility, both, pinned given, capped", walk(games, [&](const Board& b) {
             SharedMobility shared(b);  // by both colours, as ingest does
             sum += countMobility(b, Color::White, pinned[i], shared, cap) +
                    countMobility(b, Color::Black, pinned[i], shared, cap);
             ++i;
           }));
  };
  std::printf("cap %d:\n", cap);
  capped();
  if (cappedOnly) return 0;
  report("pinnedPieces", walk(games, [&](const Board& b) { sum += pinnedPieces(b); }));
  report("generator, both colours (mobility)",
         walk(games, [&](const Board& b) { sum += mobility(b, Color::White) + mobility(b, Color::Black); }));
  report("countMobility, both, with pinnedPieces", walk(games, [&](const Board& b) {
           const uint32_t pinned = pinnedPieces(b);
           sum += countMobility(b, Color::White, pinned) + countMobility(b, Color::Black, pinned);
         }));
  i = 0;
  report("countMobility, both, pinned given", walk(games, [&](const Board& b) {
           sum += countMobility(b, Color::White, pinned[i]) + countMobility(b, Color::Black, pinned[i]);
           ++i;
         }));
  // How many counts lie above each cap (a stored cap leaves those to a replay).
  const int caps[] = {7, 15, 31, 63, 95, 127, 159, 191, 255};
  long above[9] = {};
  int most = 0;
  i = 0;
  walk(games, [&](const Board& b) {
    for (Color c : {Color::White, Color::Black}) {
      const int n = countMobility(b, c, pinned[i]);
      most = std::max(most, n);
      for (int k = 0; k < 9; ++k) above[k] += n > caps[k];
    }
    ++i;
  });
  for (int k = 0; k < 9; ++k)
    std::printf("a colour's count above %3d: %6.2f %% of counts\n", caps[k], 100.0 * above[k] / (2.0 * positions));
  std::printf("the largest count: %d\n", most);
  std::printf("(checksum %ld)\n", sum);
  return 0;
}
