#include "query/positions/game_edges.hpp"

#include <algorithm>
#include <unordered_map>

#include "engine/canonical_board.hpp"

namespace apiary::query {

namespace {

class NextIndex {
 public:
  explicit NextIndex(std::span<const index::PositionHash> next) {
    for (uint32_t i = 0; i < next.size(); ++i) at_.emplace(next[i], i);
  }
  const uint32_t* find(index::PositionHash h) const {
    const auto it = at_.find(h);
    return it == at_.end() ? nullptr : &it->second;
  }

 private:
  std::unordered_map<index::PositionHash, uint32_t> at_;
};

// Adds the next positions the game went to.
void addReplayed(const index::GameSearch& catalogue, index::PositionHash position, const PositionGame& game,
                 uint32_t gameIndex, const NextIndex& next, GameEdges& out) {
  if (const auto row = catalogue.movesOf(game.id))
    for (index::PositionHash h : nextAfterVisits(*row, position, game.ply))
      if (const uint32_t* c = next.find(h)) out.games[*c].push_back(gameIndex);
}

}  // namespace

std::vector<index::PositionHash> nextAfterVisits(const index::GameRow& game, index::PositionHash position,
                                                 uint32_t ply) {
  const auto type = GameType::parse(game.gameType);
  if (!type || ply > game.moves.size()) return {};
  // Move by move, as makeRecord walks a game: no key written per ply.
  CanonicalBoard walk(Board(*type, Rules{.tournament = false}, game.firstMover));
  for (uint32_t i = 0; i < ply; ++i) {
    const auto m = index::unpackMove(walk.board(), game.moves[i]);
    if (!m) return {};
    walk.play(*m);
  }
  index::PositionHash current = walk.hashed().hash;
  if (current != position) return {};  // the catalogue and the index disagree: run apiary check
  std::vector<index::PositionHash> out;
  for (std::size_t i = ply; i < game.moves.size(); ++i) {
    const auto m = index::unpackMove(walk.board(), game.moves[i]);
    if (!m) break;
    walk.play(*m);
    const index::PositionHash after = walk.hashed().hash;
    if (current == position && std::find(out.begin(), out.end(), after) == out.end()) out.push_back(after);
    // A placement adds a piece for good: the position cannot come back after it.
    if (m->isPlacement()) break;
    current = after;
  }
  return out;
}

GameEdges edgesByPostings(const index::GameSearch& catalogue, index::PositionHash position,
                          std::span<const PositionGame> games, std::span<const index::PositionHash> next,
                          const index::PositionReads& reads, std::size_t firstNext, const KeptSet& filter) {
  GameEdges out{std::vector<std::vector<uint32_t>>(next.size()), std::vector<uint64_t>(next.size(), 0)};
  std::vector<char> replay(games.size(), 0);
  std::vector<std::pair<uint32_t, uint32_t>> certain;  // (next position, game)
  for (uint32_t c = 0; c < next.size(); ++c) {
    // Both lists are newest first: walk them together.
    std::size_t g = 0;
    for (const index::Posting& p : reads.postings(firstNext + c)) {
      if (!filter.contains(p.game)) continue;
      ++out.reached[c];
      while (g < games.size() && games[g].id > p.game) ++g;
      if (g == games.size() || games[g].id != p.game) continue;
      if (p.ply == games[g].ply + 1) certain.emplace_back(c, uint32_t(g));
      else replay[g] = 1;
    }
  }
  for (const auto& [c, g] : certain)
    if (!replay[g]) out.games[c].push_back(g);
  const NextIndex at(next);
  for (uint32_t g = 0; g < games.size(); ++g)
    if (replay[g]) addReplayed(catalogue, position, games[g], g, at, out);
  for (auto& list : out.games) std::sort(list.begin(), list.end());
  return out;
}

}  // namespace apiary::query
