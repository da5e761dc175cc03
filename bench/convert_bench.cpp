// Parse + resolve throughput per notation, in games per second on one core: N
// generated games are written in every notation that writes games, then each text is read
// back (parsed, every move resolved and played) and timed. Games are taken as the
// importer takes them, one by one as each is replayed (notation::GameSink), not
// collected: holding every replayed board of a big file is not part of reading it.
//
// Usage: bench_convert [GAMES=20000] [NOTATION|all] [ROUNDS=1]. With ROUNDS > 1 each
// text is read that many times and the median time is reported: on a shared
// machine one run of a fraction of a second can lose a fifth to a neighbour.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "engine/generate.hpp"
#include "notation/notations.hpp"

using namespace apiary;

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 20000;
  std::string only = argc > 2 ? argv[2] : "";  // one notation's name, to profile it alone
  if (only == "all") only.clear();
  const int rounds = std::max(1, argc > 3 ? std::atoi(argv[3]) : 1);
  GameGenerator generator(7);
  std::vector<notation::ReplayedGame> games;
  long plies = 0;
  for (int i = 0; i < n; ++i) {
    GeneratedGame g = generator.next();
    plies += g.board.ply();
    games.push_back(notation::gameFromBoard(std::move(g.board), g.tags));
  }
  std::printf("%d generated games, %.1f plies each\n", n, double(plies) / n);
  double uhpRate = 0;
  // Every notation of the table that writes games move by move (not fen), read back
  // as detection gives for its text (algebraic-long is read as algebraic).
  for (const notation::Notation& n : notation::notationTable()) {
    if (!serves(n, notation::NotationUse::WriteMoves) || (!only.empty() && only != n.name)) continue;
    const std::string text = n.writeGame ? notation::writeGames(n, games) : std::string();
    const notation::Notation* readAs = serves(n, notation::NotationUse::Read) ? &n : notation::detectNotation(text);
    int ok = 0, read = 0;
    std::vector<double> times;
    for (int round = 0; round < rounds; ++round) {
      ok = read = 0;
      const auto start = std::chrono::steady_clock::now();
      notation::readGames(*readAs, text, [&](notation::ReplayedGame&& g) {
        ++read;
        ok += g.ok();
      });
      times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(times.begin(), times.end());
    const double seconds = times[times.size() / 2];
    const double rate = ok / seconds;
    if (&n == &notation::uhpNotation()) uhpRate = rate;
    std::printf("%-22s %9.0f games/s  %7.1f MB/s  (%d of %d games read, %s)\n", std::string(n.name).c_str(), rate,
                text.size() / seconds / 1e6, ok, read,
                uhpRate > 0 ? (std::to_string(uhpRate / rate).substr(0, 4) + "x UHP's time").c_str() : "");
  }
  return 0;
}
