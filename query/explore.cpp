#include "query/explore.hpp"

#include <algorithm>
#include <unordered_map>

#include "query/game_edges.hpp"
#include "notation/move_notation.hpp"
#include "notation/position_text.hpp"
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

std::optional<double> averageLength(const index::Counts& c) {
  if (!c.games) return std::nullopt;
  return double(c.lengthSum) / double(c.games);
}

// The index's counts: one record read for the position, a games count per move.
void unfiltered(const index::Database& db, const index::PositionStats& stats, const std::vector<Edge>& edges,
                Exploration& out) {
  out.counts = stats.counts;
  for (const Edge& e : edges) {
    const uint64_t games = db.games(e.next->hash);
    out.moves.push_back({e.next->move, {}, e.next->hash, forTheMover(e.counts),
                         games > e.counts.games ? games - e.counts.games : 0, {}});
  }
}

// Everything recomputed over the games the filter keeps.
void filtered(const index::Database& db, const index::GameSearch& catalogue, const PositionKey& key,
              const std::vector<Edge>& edges, KeptGames& kept, Exploration& out) {
  // The games through the position and the next positions are the ones asked about.
  std::vector<PositionKey> keys{key};
  for (const Edge& e : edges) keys.push_back(keyAfter(out.board, e.next->move));
  const FilterSet& filter = kept.through(db, keys);
  std::vector<PositionGame> games;
  for (const index::Posting& p : db.postings(key, 0, UINT64_MAX).postings)
    if (const auto facts = filter.find(p.game)) {
      games.push_back({p.game, p.ply, facts->outcome, facts->plies});
      out.counts += index::countsOf(facts->outcome, p.ply, facts->plies);
    }
  if (games.empty()) return;
  const GameEdges byNext =
      edgesByPostings(db, catalogue, out.position, games, std::span(keys).subspan(1), filter);
  for (std::size_t c = 0; c < edges.size(); ++c) {
    if (byNext.games[c].empty()) continue;
    MoveStats row{edges[c].next->move, {}, edges[c].next->hash, {}, 0, {}};
    for (uint32_t g : byNext.games[c]) row.counts += index::countsOf(games[g].outcome, games[g].ply, games[g].plies);
    row.transpositions = byNext.reached[c] > row.counts.games ? byNext.reached[c] - row.counts.games : 0;
    out.moves.push_back(std::move(row));
  }
}

// Games of other types went on from the same position with pieces this game's
// type has not (a Mosquito after a Base game's moves): not moves of this game. A
// position string names no game type: every move stays.
bool inGameType(const Board& position, const Move& move) {
  return move.isPass() || notation::isSetUp(position) || position.type().has(bugOf(move.piece));
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
    else if (inGameType(position, it->second->move)) edges.push_back({it->second, e.counts});
  }
  if (options.filter) filtered(db, catalogue, key, edges, *options.filter, out);
  else unfiltered(db, *stats, edges, out);

  out.averagePlies = averageLength(out.counts);
  const notation::MoveNotation writer(*options.notation, position);
  for (MoveStats& m : out.moves) {
    m.text = writer.write(out.board, m.move);
    m.averagePlies = averageLength(m.counts);
  }
  std::stable_sort(out.moves.begin(), out.moves.end(), [](const MoveStats& a, const MoveStats& b) {
    return a.counts.games != b.counts.games ? a.counts.games > b.counts.games : a.next < b.next;
  });
  return out;
}

}  // namespace apiary::query
