#include "engine/movegen.hpp"

#include <algorithm>
#include <bit>

#include "engine/walks.hpp"

namespace apiary {

bool MoveList::contains(const Move& m) const { return std::find(begin(), end(), m) != end(); }

namespace {

// Scratch state for one generation: the board with one piece lifted off it, and the
// destinations found so far for each piece (deduplicated by construction).
class Generator {
 public:
  // Only the moves of the pieces in `only` (a pieceBit mask) are generated.
  Generator(const Board& board, uint32_t only) : b_(board), only_(only) {}

  void run();
  int count() const;
  void emit(MoveList& out) const;

 private:
  CellSet& destOf(PieceId p);
  void placements();
  void movements();
  void throws(PieceId thrower);

  const Board& b_;
  const uint32_t only_;
  LiftedBoard view_{b_};
  Color me_ = Color::White;
  uint32_t pinned_ = 0;
  CellSet placeCells_{};
  uint8_t placeBugs_ = 0;  // bit per Bug that may be placed
  std::array<CellSet, kPieces> dest_;
  uint32_t used_ = 0;
};

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
  if (only_ & ~b_.piecesOnBoard()) placements();
  if (b_.queenPlaced(me_) && (only_ & b_.piecesOnBoard())) movements();
}

void Generator::placements() {
  const int turn = b_.turnOfMover();
  const bool mustQueen = turn == 4 && !b_.queenPlaced(me_);
  for (int bug = 0; bug < kBugs; ++bug) {
    const PieceId p = b_.nextInHand(me_, Bug(bug));
    if (p == kNoPiece || !(only_ & pieceBit(p))) continue;
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
  for (std::size_t w = 0; w < placeCells_.words.size(); ++w) placeCells_.words[w] &= ~enemyTouched.words[w];
}

void Generator::movements() {
  // A few pieces' moves need only whether those pieces are pinned: a flood fill
  // each, usually skipped, is cheaper than all articulation points.
  const uint32_t asked = only_ & b_.piecesOnBoard();
  if (std::popcount(asked) > 3) {
    pinned_ = pinnedPieces(b_);
  } else {
    for (uint32_t left = asked; left; left &= left - 1)
      if (splitsHive(b_, PieceId(std::countr_zero(left)))) pinned_ |= left & -left;
  }
  const uint32_t mine = b_.piecesOnBoard() & colorMask(me_);
  for (PieceId p = 0; p < kPieces; ++p) {
    if (!(mine & pieceBit(p)) || !b_.isTop(p) || p == b_.lastMoved()) continue;
    const Bug bug = bugOf(p);
    if (bug == Bug::Pillbug || bug == Bug::Mosquito) throws(p);
    if (!(only_ & pieceBit(p))) continue;
    if (b_.height(b_.cellOf(p)) == 1 && (pinned_ & pieceBit(p))) continue;
    view_.lift(b_.cellOf(p));
    CellSet& out = destOf(p);
    walks::ownMoves(view_, p, [&](Cell c) {
      out.add(c);
      return false;
    });
    out.remove(b_.cellOf(p));
    view_.lift(kNoCell);
  }
}

// The Pillbug's special ability, and the Mosquito's when it touches a Pillbug: lift
// an adjacent lone piece over itself onto an empty neighbour.
void Generator::throws(PieceId thrower) {
  const Cell at = b_.cellOf(thrower);
  if (!walks::canThrow(b_, thrower)) return;
  for (int dt = 0; dt < kDirs; ++dt) {
    const Cell from = neighbor(at, dt);
    const PieceId target = b_.top(from);
    if (target == kNoPiece || b_.height(from) != 1 || target == b_.lastMoved() || (pinned_ & pieceBit(target)) ||
        !(only_ & pieceBit(target)))
      continue;
    view_.lift(from);
    walks::throwDestinations(view_, at, dt, [&](Cell to) {
      destOf(target).add(to);
      return false;
    });
    view_.lift(kNoCell);
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
  legalMovesOfPieces(board, kAllPieces, out);
  if (out.empty() && !board.gameOver()) out.push(Move::pass());
}

void legalMovesOfPieces(const Board& board, uint32_t pieces, MoveList& out) {
  out.clear();
  Generator gen(board, pieces);
  gen.run();
  gen.emit(out);
}

int countLegalMoves(const Board& board) {
  Generator gen(board, kAllPieces);
  gen.run();
  const int n = gen.count();
  return n == 0 && !board.gameOver() ? 1 : n;
}

}  // namespace apiary
