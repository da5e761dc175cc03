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

static void benchPerft(int depth) {
  Board board(GameType::all());
  const auto start = Clock::now();
  const uint64_t nodes = perft(board, depth);
  const double seconds = secondsSince(start);
  std::printf("perft Base+MLP depth %d: %llu nodes in %.3f s = %.1f M nodes/s\n", depth,
              static_cast<unsigned long long>(nodes), seconds, nodes / seconds / 1e6);
}

// The games the later steps replay, and their plies.
struct Sample {
  std::vector<GeneratedGame> games;
  long plies = 0;
};

static Sample generateSample(int games) {
  GameGenerator generator(42);
  Sample sample;
  const auto start = Clock::now();
  for (int i = 0; i < games; ++i) {
    sample.games.push_back(generator.next());
    sample.plies += sample.games.back().board.ply();
  }
  const double seconds = secondsSince(start);
  std::printf("generate: %d games, %ld plies, %.1f us per game\n", games, sample.plies, seconds / games * 1e6);
  return sample;
}

// Every position of the sample games replayed, and canonicalised (the sum of their
// keys' hashes) when `canonical`.
static uint64_t replayAll(const Sample& sample, bool canonical) {
  uint64_t checksum = 0;
  for (const auto& g : sample.games) {
    Board replay(g.board.type(), g.board.rules());
    for (const Move& m : g.board.history()) {
      replay.play(m);
      if (canonical) checksum += canonicalize(replay).key.hash();
    }
  }
  return checksum;
}

// The cost of a replay alone, which the canonicalising steps subtract.
static double replaySeconds(const Sample& sample) {
  const auto start = Clock::now();
  replayAll(sample, false);
  return secondsSince(start);
}

// Canonicalise every position of the sample games from scratch; returns the checksum
// the incremental walks must match.
static uint64_t benchCanonicalise(const Sample& sample, double replay) {
  const auto start = Clock::now();
  const uint64_t checksum = replayAll(sample, true);
  const double seconds = secondsSince(start) - replay;
  std::printf("canonicalise + hash: %ld positions, %.0f ns each (checksum %016llx)\n", sample.plies,
              seconds / sample.plies * 1e9, static_cast<unsigned long long>(checksum));
  return checksum;
}

// The same positions through CanonicalBoard, as ingest walks a game: updated move
// by move instead of canonicalised from scratch (the replay again subtracted),
// with the key written (canonical) or only the hash kept (hashed, what records use).
static void benchIncremental(const Sample& sample, double replay, uint64_t checksum) {
  const auto walkAll = [&](auto&& positionHash) {
    const auto start = Clock::now();
    uint64_t sum = 0;
    for (const auto& g : sample.games) {
      CanonicalBoard walk(Board(g.board.type(), g.board.rules()));
      for (const Move& m : g.board.history()) {
        walk.play(m);
        sum += positionHash(walk);
      }
    }
    return std::pair(sum, secondsSince(start) - replay);
  };
  const auto report = [&](const char* what, std::pair<uint64_t, double> run) {
    std::printf("incremental (CanonicalBoard::%s): %.0f ns each (checksum %016llx%s)\n", what,
                run.second / sample.plies * 1e9, static_cast<unsigned long long>(run.first),
                run.first == checksum ? "" : ", DIFFERENT");
  };
  report("canonical + hash", walkAll([](const CanonicalBoard& w) { return w.canonical().key.hash(); }));
  report("hashed", walkAll([](const CanonicalBoard& w) { return w.hashed().hash; }));
}

// The keys' bytes, which the hash of index format 3 did not change: XXH3 of each
// (the position hash of formats 1 and 2), summed.
static void printKeyBytesChecksum(const Sample& sample) {
  uint64_t keyBytes = 0;
  for (const auto& g : sample.games) {
    Board replay(g.board.type(), g.board.rules());
    for (const Move& m : g.board.history()) {
      replay.play(m);
      const PositionKey key = canonicalize(replay).key;
      keyBytes += XXH3_64bits(key.bytes().data(), key.size());
    }
  }
  std::printf("keys' bytes: checksum %016llx\n", static_cast<unsigned long long>(keyBytes));
}

int main(int argc, char** argv) {
  const int depth = argc > 1 ? std::atoi(argv[1]) : 6;
  const int games = argc > 2 ? std::atoi(argv[2]) : 2000;
  benchPerft(depth);
  const Sample sample = generateSample(games);
  const double replay = replaySeconds(sample);
  const uint64_t checksum = benchCanonicalise(sample, replay);
  benchIncremental(sample, replay, checksum);
  printKeyBytesChecksum(sample);
  return 0;
}
