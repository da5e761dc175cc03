#include "engine/relaxed_movement.hpp"

#include <algorithm>
#include <bit>

#include "engine/movegen.hpp"

namespace apiary {

namespace {

// The board with one piece lifted from `from`: what its walk sees.
struct Lifted {
  const Board& board;
  Cell from;
  int height(Cell c) const { return board.height(c) - (c == from ? 1 : 0); }
  bool occupied(Cell c) const { return height(c) > 0; }
  bool touchesHive(Cell c) const {
    for (int d = 0; d < kDirs; ++d)
      if (occupied(neighbor(c, d))) return true;
    return false;
  }
  // An empty cell a ground walker may stand on: beside the hive.
  bool standable(Cell c) const { return !occupied(c) && touchesHive(c); }
};

using Cells = std::vector<Cell>;

void addUnique(Cells& out, Cell c) {
  if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
}

Cells oneStep(const Lifted& v, Cell from) {
  Cells out;
  for (int d = 0; d < kDirs; ++d)
    if (const Cell c = neighbor(from, d); v.standable(c)) out.push_back(c);
  return out;
}

Cells antReach(const Lifted& v, Cell from) {
  Cells seen{from};
  for (std::size_t i = 0; i < seen.size(); ++i)
    for (const Cell c : oneStep(v, seen[i])) addUnique(seen, c);
  seen.erase(seen.begin());
  return seen;
}

void spiderPaths(const Lifted& v, Cells& path, Cells& out) {
  if (path.size() == 4) return addUnique(out, path.back());
  for (const Cell c : oneStep(v, path.back())) {
    if (std::find(path.begin(), path.end(), c) != path.end()) continue;
    path.push_back(c);
    spiderPaths(v, path, out);
    path.pop_back();
  }
}

Cells beetleReach(const Lifted& v, Cell from) {
  Cells out;
  for (int d = 0; d < kDirs; ++d) {
    const Cell c = neighbor(from, d);
    if (v.occupied(c) || v.touchesHive(c)) out.push_back(c);
  }
  return out;
}

Cells grasshopperReach(const Lifted& v, Cell from) {
  Cells out;
  for (int d = 0; d < kDirs; ++d) {
    Cell c = neighbor(from, d);
    if (!v.occupied(c)) continue;
    while (v.occupied(c)) c = neighbor(c, d);
    out.push_back(c);
  }
  return out;
}

Cells ladybugReach(const Lifted& v, Cell from) {
  Cells out;
  for (int d1 = 0; d1 < kDirs; ++d1) {
    const Cell c1 = neighbor(from, d1);
    if (!v.occupied(c1)) continue;
    for (int d2 = 0; d2 < kDirs; ++d2) {
      const Cell c2 = neighbor(c1, d2);
      if (c2 == from || !v.occupied(c2)) continue;
      for (int d3 = 0; d3 < kDirs; ++d3)
        if (const Cell c3 = neighbor(c2, d3); c3 != from && !v.occupied(c3)) addUnique(out, c3);
    }
  }
  return out;
}

Cells reachOf(const Lifted& v, Bug bug, Cell from, bool onTop);

// A Mosquito on the ground moves as any bug beside it (a Mosquito beside it adds
// nothing); on the hive, as a Beetle.
Cells mosquitoReach(const Lifted& v, Cell from) {
  Cells out;
  for (int d = 0; d < kDirs; ++d) {
    const Cell c = neighbor(from, d);
    if (!v.occupied(c) || bugOf(v.board.top(c)) == Bug::Mosquito) continue;
    for (const Cell to : reachOf(v, bugOf(v.board.top(c)), from, false)) addUnique(out, to);
  }
  return out;
}

Cells reachOf(const Lifted& v, Bug bug, Cell from, bool onTop) {
  if (onTop) return bug == Bug::Beetle || bug == Bug::Mosquito ? beetleReach(v, from) : Cells{};
  switch (bug) {
    case Bug::Queen:
    case Bug::Pillbug: return oneStep(v, from);
    case Bug::Beetle: return beetleReach(v, from);
    case Bug::Grasshopper: return grasshopperReach(v, from);
    case Bug::Ant: return antReach(v, from);
    case Bug::Ladybug: return ladybugReach(v, from);
    case Bug::Mosquito: return mosquitoReach(v, from);
    case Bug::Spider: {
      Cells path{from}, out;
      spiderPaths(v, path, out);
      return out;
    }
  }
  return {};
}

// The rules a relaxed movement still obeys, before its reach.
bool mayMove(const Board& board, PieceId p) {
  if (board.gameOver() || !board.isTop(p) || p == board.lastMoved()) return false;
  const Color me = board.toMove();
  if (colorOf(p) != me || !board.queenPlaced(me)) return false;
  return !splitsHive(board, p);
}

Cells reachIgnoringSlideRules(const Board& board, PieceId p) {
  const Cell from = board.cellOf(p);
  return reachOf(Lifted{board, from}, bugOf(p), from, board.height(from) > 1);
}

}  // namespace

bool isLegalIgnoringSlideRules(const Board& board, const Move& move) {
  if (move.isPass() || move.isPlacement() || !board.onBoard(move.piece) || board.cellOf(move.piece) != move.from)
    return false;
  if (!mayMove(board, move.piece)) return false;
  const Cells reach = reachIgnoringSlideRules(board, move.piece);
  return std::find(reach.begin(), reach.end(), move.to) != reach.end();
}

std::vector<Move> movementsIgnoringSlideRules(const Board& board, uint32_t pieces) {
  std::vector<Move> out;
  for (uint32_t left = pieces & board.piecesOnBoard(); left; left &= left - 1) {
    const PieceId p = PieceId(std::countr_zero(left));
    if (!mayMove(board, p)) continue;
    for (const Cell to : reachIgnoringSlideRules(board, p)) out.push_back(Move{p, board.cellOf(p), to});
  }
  return out;
}

}  // namespace apiary
