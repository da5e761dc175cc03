#include "engine/movegen.hpp"

#include <algorithm>
#include <bit>

namespace apiary {

bool MoveList::contains(const Move& m) const { return std::find(begin(), end(), m) != end(); }

namespace {

// Scratch state for one generation: the board with one piece lifted off it, and the
// destinations found so far for each piece (deduplicated by construction).
class Generator {
 public:
  Generator(const Board& board, PieceId only) : b_(board), only_(only) {}

  void run();
  int count() const;
  void emit(MoveList& out) const;

 private:
  int h(Cell c) const { return b_.height(c) - (c == lifted_); }
  bool occ(Cell c) const { return h(c) != 0; }
  // One step from a to its neighbour in direction d: freedom to move on the ground
  // (exactly one shared neighbour occupied) and the height gate above it.
  bool canStep(Cell a, int d) const;
  CellSet& destOf(PieceId p);

  void placements();
  void movements();
  void pieceOwnMoves(PieceId p, CellSet& out);
  void bugMoves(Bug bug, Cell from, CellSet& out);
  void slide(Cell from, CellSet& out);
  void ant(Cell from, CellSet& out);
  void spider(Cell from, CellSet& out);
  void grasshopper(Cell from, CellSet& out);
  void beetle(Cell from, CellSet& out);
  void ladybug(Cell from, CellSet& out);
  void throws(PieceId thrower);

  const Board& b_;
  const PieceId only_;
  Color me_ = Color::White;
  Cell lifted_ = kNoCell;
  uint32_t pinned_ = 0;
  CellSet placeCells_{};
  uint8_t placeBugs_ = 0;  // bit per Bug that may be placed
  std::array<CellSet, kPieces> dest_;
  uint32_t used_ = 0;
};

bool Generator::canStep(Cell a, int d) const {
  const int top = std::max(h(a), h(neighbor(a, d)));
  const int h1 = h(neighbor(a, clockwise(d, 5))), h2 = h(neighbor(a, clockwise(d, 1)));
  if (top == 0) return (h1 != 0) != (h2 != 0);
  return std::min(h1, h2) <= top;
}

CellSet& Generator::destOf(PieceId p) {
  if (!(used_ & pieceBit(p))) {
    dest_[p].clear();
    used_ |= pieceBit(p);
  }
  return dest_[p];
}

void Generator::run() {
  if (b_.gameOver()) return;
  me_ = b_.toMove();
  const bool onlyOnBoard = only_ != kNoPiece && b_.onBoard(only_);
  if (!onlyOnBoard) placements();
  if (b_.queenPlaced(me_) && (only_ == kNoPiece || onlyOnBoard)) movements();
}

void Generator::placements() {
  const int turn = b_.turnOfMover();
  const bool mustQueen = turn == 4 && !b_.queenPlaced(me_);
  for (int bug = 0; bug < kBugs; ++bug) {
    const PieceId p = b_.nextInHand(me_, Bug(bug));
    if (p == kNoPiece || (only_ != kNoPiece && p != only_)) continue;
    if (mustQueen && Bug(bug) != Bug::Queen) continue;
    if (Bug(bug) == Bug::Queen && turn == 1 && b_.rules().tournament) continue;
    placeBugs_ |= uint8_t(1u << bug);
  }
  if (!placeBugs_) return;

  if (b_.ply() == 0) {
    placeCells_.add(kOrigin);
    return;
  }
  const uint32_t onBoard = b_.piecesOnBoard();
  if (b_.ply() == 1) {
    // The second piece of the game may touch the first, whatever its colour.
    for (PieceId p = 0; p < kPieces; ++p)
      if (onBoard & pieceBit(p))
        for (int d = 0; d < kDirs; ++d)
          if (!b_.occupied(neighbor(b_.cellOf(p), d))) placeCells_.add(neighbor(b_.cellOf(p), d));
    return;
  }
  CellSet enemyTouched{};
  for (PieceId p = 0; p < kPieces; ++p) {
    if (!(onBoard & pieceBit(p)) || !b_.isTop(p)) continue;
    CellSet& set = colorOf(p) == me_ ? placeCells_ : enemyTouched;
    for (int d = 0; d < kDirs; ++d) {
      const Cell n = neighbor(b_.cellOf(p), d);
      if (!b_.occupied(n)) set.add(n);
    }
  }
  for (std::size_t w = 0; w < placeCells_.words.size(); ++w)
    placeCells_.words[w] &= ~enemyTouched.words[w];
}

void Generator::movements() {
  // One piece's moves need only whether that piece is pinned.
  pinned_ = only_ == kNoPiece ? pinnedPieces(b_) : (splitsHive(b_, only_) ? pieceBit(only_) : 0);
  const uint32_t mine = b_.piecesOnBoard() & colorMask(me_);
  for (PieceId p = 0; p < kPieces; ++p) {
    if (!(mine & pieceBit(p)) || !b_.isTop(p) || p == b_.lastMoved()) continue;
    const Bug bug = bugOf(p);
    if (bug == Bug::Pillbug || bug == Bug::Mosquito) throws(p);
    if (only_ != kNoPiece && p != only_) continue;
    if (b_.height(b_.cellOf(p)) == 1 && (pinned_ & pieceBit(p))) continue;
    lifted_ = b_.cellOf(p);
    pieceOwnMoves(p, destOf(p));
    lifted_ = kNoCell;
  }
}

void Generator::pieceOwnMoves(PieceId p, CellSet& out) {
  const Cell from = b_.cellOf(p);
  const Bug bug = bugOf(p);
  if (bug != Bug::Mosquito) {
    bugMoves(bug, from, out);
  } else if (b_.height(from) > 1) {
    beetle(from, out);  // a Mosquito on top of the hive moves only as a Beetle
  } else {
    uint8_t copied = 0;
    for (int d = 0; d < kDirs; ++d) {
      const PieceId t = b_.top(neighbor(from, d));
      if (t != kNoPiece && bugOf(t) != Bug::Mosquito) copied |= uint8_t(1u << int(bugOf(t)));
    }
    for (int bugIndex = 0; bugIndex < kBugs; ++bugIndex)
      if (copied & (1u << bugIndex)) bugMoves(Bug(bugIndex), from, out);
  }
  out.remove(from);
}

void Generator::bugMoves(Bug bug, Cell from, CellSet& out) {
  switch (bug) {
    case Bug::Queen:
    case Bug::Pillbug: slide(from, out); break;
    case Bug::Spider: spider(from, out); break;
    case Bug::Beetle: beetle(from, out); break;
    case Bug::Grasshopper: grasshopper(from, out); break;
    case Bug::Ant: ant(from, out); break;
    case Bug::Ladybug: ladybug(from, out); break;
    case Bug::Mosquito: break;
  }
}

void Generator::slide(Cell from, CellSet& out) {
  for (int d = 0; d < kDirs; ++d)
    if (!occ(neighbor(from, d)) && canStep(from, d)) out.add(neighbor(from, d));
}

void Generator::ant(Cell from, CellSet& out) {
  std::array<Cell, kCells> queue;
  CellSet seen{};
  seen.add(from);
  int head = 0, tail = 0;
  queue[tail++] = from;
  while (head < tail) {
    const Cell c = queue[head++];
    for (int d = 0; d < kDirs; ++d) {
      const Cell n = neighbor(c, d);
      if (seen.has(n) || occ(n) || !canStep(c, d)) continue;
      seen.add(n);
      out.add(n);
      queue[tail++] = n;
    }
  }
}

void Generator::spider(Cell from, CellSet& out) {
  for (int d1 = 0; d1 < kDirs; ++d1) {
    const Cell c1 = neighbor(from, d1);
    if (occ(c1) || !canStep(from, d1)) continue;
    for (int d2 = 0; d2 < kDirs; ++d2) {
      const Cell c2 = neighbor(c1, d2);
      if (c2 == from || occ(c2) || !canStep(c1, d2)) continue;
      for (int d3 = 0; d3 < kDirs; ++d3) {
        const Cell c3 = neighbor(c2, d3);
        if (c3 == from || c3 == c1 || occ(c3) || !canStep(c2, d3)) continue;
        out.add(c3);
      }
    }
  }
}

void Generator::grasshopper(Cell from, CellSet& out) {
  for (int d = 0; d < kDirs; ++d) {
    Cell c = neighbor(from, d);
    if (!occ(c)) continue;
    while (occ(c)) c = neighbor(c, d);
    out.add(c);
  }
}

void Generator::beetle(Cell from, CellSet& out) {
  for (int d = 0; d < kDirs; ++d)
    if (canStep(from, d)) out.add(neighbor(from, d));
}

void Generator::ladybug(Cell from, CellSet& out) {
  for (int d1 = 0; d1 < kDirs; ++d1) {
    const Cell c1 = neighbor(from, d1);
    if (!occ(c1) || !canStep(from, d1)) continue;
    for (int d2 = 0; d2 < kDirs; ++d2) {
      const Cell c2 = neighbor(c1, d2);
      if (!occ(c2) || !canStep(c1, d2)) continue;
      for (int d3 = 0; d3 < kDirs; ++d3) {
        const Cell c3 = neighbor(c2, d3);
        if (c3 == from || occ(c3) || !canStep(c2, d3)) continue;
        out.add(c3);
      }
    }
  }
}

// The Pillbug's special ability, and the Mosquito's when it touches a Pillbug: lift
// an adjacent lone piece over itself onto an empty neighbour.
void Generator::throws(PieceId thrower) {
  const Cell at = b_.cellOf(thrower);
  if (b_.height(at) != 1) return;  // covered, or a Mosquito on top of the hive
  if (bugOf(thrower) == Bug::Mosquito) {
    bool touchesPillbug = false;
    for (int d = 0; d < kDirs; ++d) {
      const PieceId t = b_.top(neighbor(at, d));
      touchesPillbug |= t != kNoPiece && bugOf(t) == Bug::Pillbug;
    }
    if (!touchesPillbug) return;
  }
  for (int dt = 0; dt < kDirs; ++dt) {
    const Cell from = neighbor(at, dt);
    const PieceId target = b_.top(from);
    if (target == kNoPiece || b_.height(from) != 1 || target == b_.lastMoved() ||
        (pinned_ & pieceBit(target)) || (only_ != kNoPiece && target != only_))
      continue;
    lifted_ = from;
    if (canStep(from, opposite(dt))) {
      for (int d = 0; d < kDirs; ++d) {
        const Cell to = neighbor(at, d);
        if (to != from && !occ(to) && canStep(at, d)) destOf(target).add(to);
      }
    }
    lifted_ = kNoCell;
  }
}

int Generator::count() const {
  int n = placeCells_.count() * std::popcount(placeBugs_);
  for (uint32_t used = used_; used; used &= used - 1) n += dest_[std::countr_zero(used)].count();
  return n;
}

void Generator::emit(MoveList& out) const {
  for (int bug = 0; bug < kBugs; ++bug) {
    if (!(placeBugs_ & (1u << bug))) continue;
    const PieceId p = b_.nextInHand(me_, Bug(bug));
    placeCells_.forEach([&](Cell c) { out.push(Move{p, kNoCell, c}); });
  }
  for (uint32_t used = used_; used; used &= used - 1) {
    const PieceId p = PieceId(std::countr_zero(used));
    dest_[p].forEach([&](Cell c) { out.push(Move{p, b_.cellOf(p), c}); });
  }
}

}  // namespace

void legalMoves(const Board& board, MoveList& out) {
  out.clear();
  Generator gen(board, kNoPiece);
  gen.run();
  gen.emit(out);
  if (out.empty() && !board.gameOver()) out.push(Move::pass());
}

void legalMovesOf(const Board& board, PieceId piece, MoveList& out) {
  out.clear();
  Generator gen(board, piece);
  gen.run();
  gen.emit(out);
}

int countLegalMoves(const Board& board) {
  Generator gen(board, kNoPiece);
  gen.run();
  const int n = gen.count();
  return n == 0 && !board.gameOver() ? 1 : n;
}

bool isLegal(const Board& board, const Move& move) {
  if (move.isPlacement()) return isLegalPlacement(board, move);
  if (move.isPass()) {
    MoveList all;
    legalMoves(board, all);
    return all.size() == 1 && all[0].isPass();
  }
  MoveList mine;
  legalMovesOf(board, move.piece, mine);
  return mine.contains(move);
}

bool splitsHive(const Board& board, PieceId piece) {
  if (!board.onBoard(piece) || board.height(board.cellOf(piece)) != 1) return false;
  const Cell gone = board.cellOf(piece);
  // Flood the occupied cells from one neighbour of the gap, never through it.
  std::array<Cell, kPieces> stack;
  CellSet seen{};
  seen.add(gone);
  int depth = 0, reached = 0;
  for (int d = 0; d < kDirs && depth == 0; ++d)
    if (board.occupied(neighbor(gone, d))) {
      stack[depth++] = neighbor(gone, d);
      seen.add(neighbor(gone, d));
    }
  while (depth) {
    const Cell c = stack[--depth];
    ++reached;
    for (int d = 0; d < kDirs; ++d) {
      const Cell n = neighbor(c, d);
      if (board.occupied(n) && !seen.has(n)) {
        seen.add(n);
        stack[depth++] = n;
      }
    }
  }
  int cells = 0;
  for (PieceId p = 0; p < kPieces; ++p) cells += board.onBoard(p) && board.under(p) == kNoPiece;
  return reached != cells - 1;
}

bool isLegalPlacement(const Board& board, const Move& move) {
  if (board.gameOver() || board.occupied(move.to)) return false;
  const Color me = board.toMove();
  const Bug bug = bugOf(move.piece);
  if (colorOf(move.piece) != me || board.nextInHand(me, bug) != move.piece) return false;
  const int turn = board.turnOfMover();
  if (bug != Bug::Queen && turn == 4 && !board.queenPlaced(me)) return false;
  if (bug == Bug::Queen && turn == 1 && board.rules().tournament) return false;
  if (board.ply() == 0) return move.to == kOrigin;
  bool touchesOwn = false;
  for (int d = 0; d < kDirs; ++d) {
    const PieceId t = board.top(neighbor(move.to, d));
    if (t == kNoPiece) continue;
    if (board.ply() == 1) return true;  // the second piece may touch the first
    if (colorOf(t) != me) return false;
    touchesOwn = true;
  }
  return touchesOwn;
}

uint32_t pinnedPieces(const Board& board) {
  // Tarjan's articulation points over the occupied cells (at most 28 of them).
  std::array<Cell, kPieces> cells;
  std::array<uint8_t, kCells> index;  // only entries of occupied cells are read
  int n = 0;
  const uint32_t onBoard = board.piecesOnBoard();
  for (PieceId p = 0; p < kPieces; ++p)
    if ((onBoard & pieceBit(p)) && board.under(p) == kNoPiece) {
      index[board.cellOf(p)] = uint8_t(n);
      cells[n++] = board.cellOf(p);
    }
  if (n <= 2) return 0;

  std::array<uint8_t, kPieces> disc{}, low{}, parent{}, nextDir{};
  std::array<uint8_t, kPieces> stack;
  uint32_t articulation = 0;
  int time = 0, depth = 0, rootChildren = 0;
  stack[depth++] = 0;
  disc[0] = low[0] = uint8_t(++time);
  parent[0] = 0xFF;
  while (depth) {
    const int v = stack[depth - 1];
    if (nextDir[v] < kDirs) {
      const Cell nc = neighbor(cells[v], nextDir[v]++);
      if (!board.occupied(nc)) continue;
      const int w = index[nc];
      if (!disc[w]) {
        parent[w] = uint8_t(v);
        disc[w] = low[w] = uint8_t(++time);
        if (v == 0) ++rootChildren;
        stack[depth++] = uint8_t(w);
      } else if (w != parent[v]) {
        low[v] = std::min(low[v], disc[w]);
      }
      continue;
    }
    --depth;
    if (parent[v] != 0xFF) {
      const int u = parent[v];
      low[u] = std::min(low[u], low[v]);
      if (u != 0 && low[v] >= disc[u]) articulation |= 1u << u;
    }
  }
  if (rootChildren > 1) articulation |= 1u;

  uint32_t pinned = 0;
  for (int i = 0; i < n; ++i)
    if ((articulation & (1u << i)) && board.height(cells[i]) == 1)
      pinned |= pieceBit(board.top(cells[i]));
  return pinned;
}

}  // namespace apiary
