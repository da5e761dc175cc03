// Engine speed: perft nodes per second (last ply counted in bulk), the cost of one
// canonicalisation, and the cost of generating one game.
#include <xxhash.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>

#include "engine/canonical.hpp"
#include "engine/canonical_board.hpp"
#include "engine/generate.hpp"
#include "engine/perft.hpp"

using namespace apiary;
using Clock = std::chrono::steady_clock;

static double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

int main(int argc, char** argv) {
  const int depth = argc > 1 ? std::atoi(argv[1]) : 6;
  const int games = argc > 2 ? std::atoi(argv[2]) : 2000;

  Board board(GameType::all());
  auto start = Clock::now();
  const uint64_t nodes = perft(board, depth);
  const double perftSeconds = secondsSince(start);
  std::printf("perft Base+MLP depth %d: %llu nodes in %.3f s = %.1f M nodes/s\n", depth,
              static_cast<unsigned long long>(nodes), perftSeconds, nodes / perftSeconds / 1e6);

  GameGenerator generator(42);
  std::vector<GeneratedGame> sample;
  start = Clock::now();
  long plies = 0;
  for (int i = 0; i < games; ++i) {
    sample.push_back(generator.next());
    plies += sample.back().board.ply();
  }
  const double genSeconds = secondsSince(start);
  std::printf("generate: %d games, %ld plies, %.1f us per game\n", games, plies,
              genSeconds / games * 1e6);

  // Canonicalise every position of the sample games, replaying them (replay cost
  // measured separately and subtracted).
  auto replayAll = [&](bool canonical) {
    uint64_t checksum = 0;
    for (const auto& g : sample) {
      Board replay(g.board.type(), g.board.rules());
      for (const Move& m : g.board.history()) {
        replay.play(m);
        if (canonical) checksum += canonicalize(replay).key.hash();
      }
    }
    return checksum;
  };
  start = Clock::now();
  replayAll(false);
  const double replaySeconds = secondsSince(start);
  start = Clock::now();
  const uint64_t checksum = replayAll(true);
  const double canonSeconds = secondsSince(start) - replaySeconds;
  std::printf("canonicalise + hash: %ld positions, %.0f ns each (checksum %016llx)\n", plies,
              canonSeconds / plies * 1e9, static_cast<unsigned long long>(checksum));

  // The same positions through CanonicalBoard, as ingest walks a game: updated move
  // by move instead of canonicalised from scratch (the replay again subtracted),
  // with the key written (canonical) or only the hash kept (hashed, what records use).
  const auto walkAll = [&](auto&& positionHash) {
    start = Clock::now();
    uint64_t sum = 0;
    for (const auto& g : sample) {
      CanonicalBoard walk(Board(g.board.type(), g.board.rules()));
      for (const Move& m : g.board.history()) {
        walk.play(m);
        sum += positionHash(walk);
      }
    }
    return std::pair(sum, secondsSince(start) - replaySeconds);
  };
  const auto report = [&](const char* what, std::pair<uint64_t, double> run) {
    std::printf("incremental (CanonicalBoard::%s): %.0f ns each (checksum %016llx%s)\n", what,
                run.second / plies * 1e9, static_cast<unsigned long long>(run.first),
                run.first == checksum ? "" : ", DIFFERENT");
  };
  report("canonical + hash", walkAll([](const CanonicalBoard& w) { return w.canonical().key.hash(); }));
  report("hashed", walkAll([](const CanonicalBoard& w) { return w.hashed().hash; }));

  // The keys' bytes, which the hash of index format 3 did not change: XXH3 of each
  // (the position hash of formats 1 and 2), summed.
  uint64_t keyBytes = 0;
  for (const auto& g : sample) {
    Board replay(g.board.type(), g.board.rules());
    for (const Move& m : g.board.history()) {
      replay.play(m);
      const PositionKey key = canonicalize(replay).key;
      keyBytes += XXH3_64bits(key.bytes().data(), key.size());
    }
  }
  std::printf("keys' bytes: checksum %016llx\n", static_cast<unsigned long long>(keyBytes));
  return 0;
}
