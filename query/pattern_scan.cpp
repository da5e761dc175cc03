// findPattern: the kept games read from the catalogue newest first, in chunks; one
// thread reads the next chunk while the workers replay the last one.
#include <algorithm>
#include <cstdint>
#include <future>
#include <thread>

#include "index/packed_move.hpp"
#include "query/filter_match.hpp"
#include "query/filter_set.hpp"
#include "query/pattern.hpp"

namespace apiary::query {

namespace {

constexpr std::size_t kChunk = 4096;

struct GameMatch {
  index::GameId id = 0;
  uint32_t ply = 0;
  uint32_t positions = 0;  // 0: the pattern never holds
  Color toMove = Color::White;  // at the first matching ply
  GameState result = GameState::InProgress;
};

// Every position of the game tested, from the empty board to its last move; a row
// whose moves do not replay stops where they fail.
GameMatch testGame(const Pattern& pattern, const index::GameRow& row) {
  GameMatch match{row.id, 0, 0, Color::White, row.result};
  const auto type = GameType::parse(row.gameType);
  if (!type) return match;
  Board board(*type, Rules{.tournament = false}, row.firstMover);
  const int last = std::min(int(row.moves.size()), pattern.lastPly().value_or(INT32_MAX));
  for (int ply = 0; ply <= last; ++ply) {
    if (pattern.holds(board)) {
      if (!match.positions++) {
        match.ply = uint32_t(ply);
        match.toMove = board.toMove();
      }
    }
    if (ply == last) break;
    const auto move = index::unpackMove(board, row.moves[std::size_t(ply)]);
    if (!move) break;
    board.play(*move);
  }
  return match;
}

std::vector<GameMatch> testChunk(const Pattern& pattern, const std::vector<index::GameRow>& rows, unsigned threads) {
  std::vector<GameMatch> out(rows.size());
  const auto work = [&](unsigned first) {
    for (std::size_t i = first; i < rows.size(); i += threads) out[i] = testGame(pattern, rows[i]);
  };
  std::vector<std::jthread> workers;
  for (unsigned t = 1; t < threads; ++t) workers.emplace_back(work, t);
  work(0);
  return out;
}

void count(PatternOutcomes& o, const GameMatch& m, std::optional<Side> side) {
  const Color named = colorOfSide(side.value_or(Side::White), m.toMove).value_or(Color::White);
  switch (m.result) {
    case GameState::WhiteWins:
      ++o.whiteWins;
      ++(named == Color::White ? o.sideWins : o.sideLosses);
      break;
    case GameState::BlackWins:
      ++o.blackWins;
      ++(named == Color::Black ? o.sideWins : o.sideLosses);
      break;
    case GameState::Draw: ++o.draws; break;
    default: ++o.unknown;
  }
}

}  // namespace

PatternResult findPattern(const index::Database& db, const index::GameSearch& catalogue, const Pattern& pattern,
                          const PatternRequest& request) {
  validateFilter(request.filter);
  const unsigned threads = request.threads ? request.threads : std::max(1u, std::thread::hardware_concurrency());
  PatternResult out;
  out.side = pattern.side();
  std::vector<GameMatch> matched;  // the page, newest first
  const auto take = [&](const std::vector<GameMatch>& matches) {
    for (const GameMatch& m : matches) {
      if (!m.positions) continue;
      ++out.total;
      out.positions += m.positions;
      count(out.outcomes, m, out.side);
      if (out.total > request.offset && matched.size() < request.limit) matched.push_back(m);
    }
  };
  std::vector<index::GameRow> chunk;
  std::future<std::vector<GameMatch>> running;
  const auto launch = [&] {
    out.scanned += chunk.size();
    running = std::async(std::launch::async, testChunk, std::cref(pattern), std::move(chunk), threads);
    chunk = {};
  };
  catalogue.forEachMoves(toGameQuery(request.filter), [&](const index::GameRow& row) {
    chunk.push_back(row);
    if (chunk.size() == kChunk) {
      if (running.valid()) take(running.get());
      launch();
    }
    return true;
  });
  if (running.valid()) take(running.get());
  if (!chunk.empty()) {
    launch();
    take(running.get());
  }
  for (const GameMatch& m : matched)
    if (auto game = db.game(m.id)) out.games.push_back({std::move(*game), m.ply, m.positions});
  return out;
}

}  // namespace apiary::query
