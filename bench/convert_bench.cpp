// Parse + resolve throughput per notation, in games per second on one core: N
// generated games are written in every writable format, then each text is read
// back (parsed, every move resolved and played) and timed. Games are taken as the
// importer takes them, one by one as each is replayed (notation::GameSink), not
// collected: holding every replayed board of a big file is not part of reading it.
//
// Usage: bench_convert [GAMES=20000] [FORMAT|all] [ROUNDS=1]. With ROUNDS > 1 each
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
  std::string only = argc > 2 ? argv[2] : "";  // one format's name, to profile it alone
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
  const struct {
    notation::WriteFormat write;
    grammar::Format read;
  } formats[] = {
      {notation::WriteFormat::Uhp, grammar::Format::Uhp},
      {notation::WriteFormat::PgnLike, grammar::Format::PgnLike},
      {notation::WriteFormat::Direction, grammar::Format::Direction},
      {notation::WriteFormat::AlgebraicShort, grammar::Format::Algebraic},
      {notation::WriteFormat::AlgebraicLong, grammar::Format::Algebraic},
      {notation::WriteFormat::AlgebraicCompressed, grammar::Format::Algebraic},
  };
  double uhpRate = 0;
  for (const auto& f : formats) {
    if (!only.empty() && only != notation::writeFormatName(f.write)) continue;
    const std::string text = notation::writeGames(f.write, games);
    if (text.empty()) {
      std::printf("%-22s (not writable yet)\n", std::string(notation::writeFormatName(f.write)).c_str());
      continue;
    }
    int ok = 0, read = 0;
    std::vector<double> times;
    for (int round = 0; round < rounds; ++round) {
      ok = read = 0;
      const auto start = std::chrono::steady_clock::now();
      notation::readGames(f.read, text, [&](notation::ReplayedGame&& g) {
        ++read;
        ok += g.ok();
      });
      times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(times.begin(), times.end());
    const double seconds = times[times.size() / 2];
    const double rate = ok / seconds;
    if (f.write == notation::WriteFormat::Uhp) uhpRate = rate;
    std::printf("%-22s %9.0f games/s  %7.1f MB/s  (%d of %d games read, %s)\n",
                std::string(notation::writeFormatName(f.write)).c_str(), rate, text.size() / seconds / 1e6, ok,
                read, uhpRate > 0 ? (std::to_string(uhpRate / rate).substr(0, 4) + "x UHP's time").c_str() : "");
  }
  return 0;
}
