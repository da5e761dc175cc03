#include "query/positions/explore.hpp"

#include <algorithm>
#include <unordered_map>

#include "notation/move_notation.hpp"
#include "notation/position_text.hpp"
#include "query/positions/game_edges.hpp"
#include "query/positions/next_positions.hpp"

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

// The index's counts: the position's statistics (reads[0]) and a games count per
// move (reads[1 + c]).
void unfiltered(const index::PositionStats& stats, const index::PositionReads& reads, const std::vector<Edge>& edges,
                Exploration& out) {
  out.counts = stats.counts;
  for (std::size_t c = 0; c < edges.size(); ++c) {
    const Edge& e = edges[c];
    const uint64_t games = reads.games(1 + c);
    out.moves.push_back({e.next->move,
                         {},
                         e.next->hash,
                         forTheMover(e.counts),
                         games > e.counts.games ? games - e.counts.games : 0,
                         {}});
  }
}

// Everything recomputed over the games the filter keeps, from the postings of the
// position (reads[0]) and of its next positions (reads[1 + c], one per edge).
void filtered(const index::GameSearch& catalogue, const index::PositionReads& reads, const std::vector<Edge>& edges,
              KeptGames& kept, Exploration& out) {
  std::vector<index::PositionHash> nextHashes;
  for (const Edge& e : edges) nextHashes.push_back(e.next->hash);
  const KeptSet& filter = kept.through(reads);
  std::vector<PositionGame> games;
  for (const index::Posting& p : reads.postings(0))
    if (const auto facts = filter.find(p.game)) {
      games.push_back({p.game, p.ply, facts->outcome, facts->plies});
      out.counts += index::countsOf(facts->outcome, p.ply, facts->plies);
    }
  if (games.empty()) return;
  const GameEdges byNext = edgesByPostings(catalogue, out.position, games, nextHashes, reads, 1, filter);
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
  Exploration out;
  out.board = np.board;
  out.position = np.hash;
  // Two reads: the position (with its postings when filtered), then every next
  // position a game played from it, together.
  const bool withPostings = options.filter != nullptr;
  index::PositionReads reads = db.read(std::span(&np.hash, 1), withPostings);
  const auto stats = reads.stats(0);
  if (!stats) return out;

  std::unordered_map<uint32_t, const NextPosition*> byLabel;
  for (const NextPosition& n : np.next) byLabel.emplace(index::edgeLabel(n.hash), &n);
  std::vector<Edge> edges;
  for (const index::NextEdge& e : stats->next) {
    const auto it = byLabel.find(e.label);
    if (it == byLabel.end()) ++out.unlisted;
    else if (inGameType(position, it->second->move)) edges.push_back({it->second, e.counts});
  }
  std::vector<index::PositionHash> nextHashes;
  for (const Edge& e : edges) nextHashes.push_back(e.next->hash);
  reads.append(db.read(nextHashes, withPostings));
  if (options.filter) filtered(catalogue, reads, edges, *options.filter, out);
  else unfiltered(*stats, reads, edges, out);

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
