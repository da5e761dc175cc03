#include "query/explore.hpp"

#include <algorithm>
#include <unordered_map>

#include "query/game_edges.hpp"
#include "query/move_notation.hpp"
#include "query/next_positions.hpp"

namespace apiary::query {

namespace {

// An edge of the index matched to the legal move that makes it.
struct Edge {
  const NextPosition* next;
  index::Counts counts;  // unfiltered: the index's
};

// The index counts an edge as the next position does (its mover is the other
// player); a move's row is counted for the player who makes it.
index::Counts forTheMover(index::Counts c) {
  std::swap(c.moverWins, c.moverLosses);
  return c;
}

std::optional<double> averagePlies(std::span<const PositionGame> games, std::span<const uint32_t> which) {
  if (which.empty()) return std::nullopt;
  double sum = 0;
  for (uint32_t g : which) sum += games[g].plies;
  return sum / double(which.size());
}

std::vector<uint32_t> allOf(std::size_t n) {
  std::vector<uint32_t> all(n);
  for (uint32_t i = 0; i < n; ++i) all[i] = i;
  return all;
}

std::vector<index::PositionHash> hashesOf(const std::vector<Edge>& edges) {
  std::vector<index::PositionHash> out;
  for (const Edge& e : edges) out.push_back(e.next->hash);
  return out;
}

// The index's counts, and lengths from replaying the games when they are few.
void unfiltered(const index::Database& db, const index::GameSearch& catalogue, const PositionKey& key,
                const index::PositionStats& stats, const std::vector<Edge>& edges, const ExploreOptions& options,
                Exploration& out) {
  out.counts = stats.counts;
  for (const Edge& e : edges) {
    const uint64_t games = db.games(e.next->hash);
    out.moves.push_back({e.next->move, {}, e.next->hash, forTheMover(e.counts),
                         games > e.counts.games ? games - e.counts.games : 0, {}});
  }
  if (stats.counts.games > options.replayLimit) return;
  std::vector<PositionGame> games;
  for (const index::Posting& p : db.postings(key, 0, UINT64_MAX).postings) games.push_back({p.game, p.ply, {}, 0});
  const GameEdges byNext = edgesByReplay(catalogue, out.position, games, hashesOf(edges));
  out.averagePlies = averagePlies(games, allOf(games.size()));
  for (std::size_t c = 0; c < edges.size(); ++c) out.moves[c].averagePlies = averagePlies(games, byNext.games[c]);
}

// Everything recomputed over the games the filter keeps.
void filtered(const index::Database& db, const index::GameSearch& catalogue, const PositionKey& key,
              const std::vector<Edge>& edges, KeptGames& kept, Exploration& out) {
  // The games through the position and the next positions are the ones asked about.
  std::vector<PositionKey> keys{key};
  for (const Edge& e : edges) keys.push_back(e.next->key);
  const FilterSet& filter = kept.through(db, keys);
  std::vector<PositionGame> games;
  for (const index::Posting& p : db.postings(key, 0, UINT64_MAX).postings)
    if (const auto facts = filter.find(p.game)) {
      games.push_back({p.game, p.ply, facts->outcome, facts->plies});
      out.counts += index::countsOf(facts->outcome, p.ply);
    }
  out.averagePlies = averagePlies(games, allOf(games.size()));
  if (games.empty()) return;
  const GameEdges byNext =
      edgesByPostings(db, catalogue, out.position, games, std::span(keys).subspan(1), filter);
  for (std::size_t c = 0; c < edges.size(); ++c) {
    if (byNext.games[c].empty()) continue;
    MoveStats row{edges[c].next->move, {}, edges[c].next->hash, {}, 0, averagePlies(games, byNext.games[c])};
    for (uint32_t g : byNext.games[c]) row.counts += index::countsOf(games[g].outcome, games[g].ply);
    row.transpositions = byNext.reached[c] > row.counts.games ? byNext.reached[c] - row.counts.games : 0;
    out.moves.push_back(std::move(row));
  }
}

}  // namespace

Exploration explore(const index::Database& db, const index::GameSearch& catalogue, const Board& position,
                    const ExploreOptions& options) {
  NextPositions np = nextPositions(position);
  const PositionKey key = canonicalize(np.board).key;
  Exploration out;
  out.board = np.board;
  out.position = index::positionHash(key);
  const auto stats = db.stats(key);
  if (!stats) return out;

  std::unordered_map<uint32_t, const NextPosition*> byLabel;
  for (const NextPosition& n : np.next) byLabel.emplace(index::edgeLabel(n.hash), &n);
  std::vector<Edge> edges;
  for (const index::NextEdge& e : stats->next) {
    const auto it = byLabel.find(e.label);
    if (it == byLabel.end()) ++out.unlisted;
    else edges.push_back({it->second, e.counts});
  }
  if (options.filter) filtered(db, catalogue, key, edges, *options.filter, out);
  else unfiltered(db, catalogue, key, *stats, edges, options, out);

  const MoveNotation notation(options.notation, position);
  for (MoveStats& m : out.moves) m.text = notation.write(out.board, m.move);
  std::stable_sort(out.moves.begin(), out.moves.end(), [](const MoveStats& a, const MoveStats& b) {
    return a.counts.games != b.counts.games ? a.counts.games > b.counts.games : a.next < b.next;
  });
  return out;
}

}  // namespace apiary::query
