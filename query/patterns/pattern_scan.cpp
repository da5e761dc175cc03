// findPattern: every kept game screened by its stored features (Pattern::screen),
// the batches split over the threads; then the games the screen could not
// decide read from the catalogue in chunks (one thread reads the next chunk while
// the workers replay the last) and replayed over the plies it left open.
#include <algorithm>
#include <climits>
#include <cstdint>
#include <future>
#include <thread>

#include "index/packed_move.hpp"
#include "query/filters/filter_fields.hpp"
#include "query/patterns/pattern.hpp"

namespace apiary::query {

namespace {

constexpr std::size_t kChunk = 4096;

// The request's deadline, checked once a batch and once a game: a thread that finds
// it passed stops, and the caller throws once every thread has stopped (an
// exception may not leave a worker thread).
struct Deadline {
  std::optional<std::chrono::steady_clock::time_point> at;
  bool passed() const { return at && std::chrono::steady_clock::now() >= *at; }
};

struct GameMatch {
  index::GameId id = 0;
  uint32_t ply = 0;
  uint32_t positions = 0;       // 0: the pattern never holds
  Color toMove = Color::White;  // at the first matching ply
  GameState result = GameState::InProgress;
};

// A game the screen left open: replayed and tested from firstPly to lastPly.
struct Replay {
  index::GameId id;
  uint32_t firstPly, lastPly;
};

Color toMoveAt(Color firstMover, uint32_t ply) { return ply % 2 ? other(firstMover) : firstMover; }

// The positions firstPly..lastPly of the game tested; a row whose moves do not
// replay stops where they fail.
GameMatch testGame(const Pattern& pattern, const index::GameRow& row, const Replay& window) {
  GameMatch match{row.id, 0, 0, Color::White, row.result};
  const auto type = GameType::parse(row.gameType);
  if (!type) return match;
  Board board(*type, Rules{.tournament = false}, row.firstMover);
  const int last = std::min(int(row.moves.size()), int(window.lastPly));
  for (int ply = 0; ply <= last; ++ply) {
    if (ply >= int(window.firstPly) && pattern.holds(board) && !match.positions++) {
      match.ply = uint32_t(ply);
      match.toMove = board.toMove();
    }
    if (ply == last) break;
    const auto move = index::unpackMove(board, row.moves[std::size_t(ply)]);
    if (!move) break;
    board.play(*move);
  }
  return match;
}

// Runs work(i) for i in [0, n) on `threads` threads, interleaved.
template <class Work>
void splitOver(unsigned threads, std::size_t n, const Deadline& deadline, const Work& work) {
  const auto run = [&](unsigned first) {
    for (std::size_t i = first; i < n && !deadline.passed(); i += threads) work(i);
  };
  std::vector<std::jthread> workers;
  for (unsigned t = 1; t < threads; ++t) workers.emplace_back(run, t);
  run(0);
}

// What screening every kept game found.
struct Screened {
  std::vector<GameMatch> matches;  // decided without a replay
  std::vector<Replay> replays;
  uint64_t games = 0;
};

// One thread's share: its run of batches read and its games screened.
Screened screenPart(const index::Database& db, const Pattern& pattern, const std::vector<bool>* kept,
                    index::GameId visible, unsigned part, unsigned parts, const Deadline& deadline) {
  Screened out;
  db.forEachPatternBatch(
      [&](std::string_view value) {
        if (deadline.passed()) return;
        index::PatternBatchReader reader(value);
        for (index::StoredGame g; reader.next(g);) {
          if (g.id > visible || (kept && (std::size_t(g.id) >= kept->size() || !(*kept)[std::size_t(g.id)]))) continue;
          ++out.games;
          const Screening s = pattern.screen(g);
          if (s.verdict == Screening::Verdict::Holds)
            out.matches.push_back({g.id, s.firstPly, s.positions, toMoveAt(g.firstMover, s.firstPly), g.result});
          else if (s.verdict == Screening::Verdict::Replay) out.replays.push_back({g.id, s.firstPly, s.lastPly});
        }
        if (!reader.ok()) throw std::runtime_error("corrupt pattern features; run apiary check");
      },
      part, parts);
  return out;
}

// Every kept game screened, the batches cut into one run a thread (each reads and
// decompresses its own, so reading is shared as well as screening).
Screened screenGames(const index::Database& db, const Pattern& pattern, const std::vector<bool>* kept,
                     index::GameId visible, unsigned threads, const Deadline& deadline) {
  std::vector<std::future<Screened>> parts;
  for (unsigned t = 1; t < threads; ++t)
    parts.push_back(std::async(std::launch::async, screenPart, std::cref(db), std::cref(pattern), kept, visible, t,
                               threads, std::cref(deadline)));
  Screened out = screenPart(db, pattern, kept, visible, 0, threads, deadline);
  for (auto& part : parts) {
    Screened p = part.get();
    out.games += p.games;
    out.matches.insert(out.matches.end(), p.matches.begin(), p.matches.end());
    out.replays.insert(out.replays.end(), p.replays.begin(), p.replays.end());
  }
  return out;
}

// The open games read from the catalogue in id order (forwards through its file,
// which the kernel's readahead follows on a cold cache) and replayed.
void replayGames(const index::GameSearch& catalogue, const Pattern& pattern, std::vector<Replay> replays,
                 unsigned threads, const Deadline& deadline, std::vector<GameMatch>& matches) {
  std::sort(replays.begin(), replays.end(), [](const Replay& a, const Replay& b) { return a.id < b.id; });
  struct Job {
    index::GameRow row;
    Replay window;
  };
  const auto testChunk = [&pattern, threads, &deadline](std::vector<Job> jobs) {
    std::vector<GameMatch> out(jobs.size());
    splitOver(threads, jobs.size(), deadline,
              [&](std::size_t i) { out[i] = testGame(pattern, jobs[i].row, jobs[i].window); });
    return out;
  };
  const auto take = [&](std::vector<GameMatch> found) {
    for (const GameMatch& m : found)
      if (m.positions) matches.push_back(m);
  };
  std::future<std::vector<GameMatch>> running;
  for (std::size_t first = 0; first < replays.size() && !deadline.passed(); first += kChunk) {
    std::vector<Job> chunk;
    const std::size_t end = std::min(replays.size(), first + kChunk);
    std::vector<index::GameId> ids;
    for (std::size_t i = first; i < end; ++i) ids.push_back(replays[i].id);
    std::vector<index::GameRow> rows = catalogue.movesOf(ids);
    for (std::size_t i = first, r = 0; i < end && r < rows.size(); ++i)
      if (rows[r].id == replays[i].id) chunk.push_back({std::move(rows[r++]), replays[i]});
    if (running.valid()) take(running.get());
    running = std::async(std::launch::async, testChunk, std::move(chunk));
  }
  if (running.valid()) take(running.get());
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

PatternPage findPatternPage(const index::Database& db, const index::GameSearch& catalogue, const Pattern& pattern,
                            const PatternRequest& request) {
  checkFilter(request.filter);
  const unsigned threads = request.threads ? request.threads : std::max(1u, std::thread::hardware_concurrency());
  const index::GameQuery& query = request.filter;
  std::vector<bool> kept;  // by id, when a filter is given
  if (!query.empty()) {
    kept.assign(std::size_t(catalogue.visible()) + 1, false);
    for (const index::GameFacts& f : catalogue.facts(query)) kept[std::size_t(f.id)] = true;
  }
  const Deadline deadline{request.deadline};
  Screened screened = screenGames(db, pattern, query.empty() ? nullptr : &kept, catalogue.visible(), threads, deadline);
  if (deadline.passed()) throw PatternOverBudget(screened.games, screened.replays.size());
  PatternPage page;
  PatternResult& out = page.result;
  out.side = pattern.side();
  out.scanned = screened.games;
  out.replayed = screened.replays.size();
  std::vector<GameMatch>& matches = screened.matches;
  replayGames(catalogue, pattern, std::move(screened.replays), threads, deadline, matches);
  if (deadline.passed()) throw PatternOverBudget(out.scanned, out.replayed);
  std::sort(matches.begin(), matches.end(), [](const GameMatch& a, const GameMatch& b) { return a.id > b.id; });
  for (std::size_t i = 0; i < matches.size(); ++i) {
    const GameMatch& m = matches[i];
    ++out.total;
    out.positions += m.positions;
    count(out.outcomes, m, out.side);
    if (i >= request.offset && page.hits.size() < request.limit) page.hits.push_back({m.id, m.ply, m.positions});
  }
  return page;
}

PatternResult findPattern(const index::Database& db, const index::GameSearch& catalogue, const Pattern& pattern,
                          const PatternRequest& request) {
  PatternPage page = findPatternPage(db, catalogue, pattern, request);
  for (const PatternPage::Hit& hit : page.hits)
    if (auto game = db.game(hit.id)) page.result.games.push_back({std::move(*game), hit.ply, hit.positions});
  return std::move(page.result);
}

}  // namespace apiary::query
