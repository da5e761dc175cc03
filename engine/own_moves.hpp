// A piece's own moves (its walk, not where it is thrown) as countMobility counts
// them, and a memo of them kept from ply to ply for a board someone else plays.
//
// A move changes heights at its two cells only. A walk reads heights within a
// reach of its piece that depends on the bug: the six neighbours for a Queen, a
// Pillbug or a Beetle (their steps and gates), three steps for a Spider or a
// Ladybug (the cells their last step passes between), the six lines for a
// Grasshopper (up to where its hops land), all of these for a Mosquito (its
// copies come from its neighbours).
// So a piece's own moves hold until a move touches a cell within its reach, and
// whether it is pinned does not enter them. An Ant's reach is the whole hive (and
// so a Mosquito's beside one): never kept.
#pragma once
#include <array>
#include <cstdint>

#include "engine/board.hpp"
#include "engine/near_cells.hpp"

namespace apiary {

// The destinations within three steps as near bits around the piece's cell, and how
// many lie farther (only Grasshopper hops, its own or a Mosquito's, which never
// give a cell twice).
struct OwnMoves {
  uint64_t near = 0;
  int far = 0;
  int total = 0;  // far and near's bits, once finished()
  // A Grasshopper's: how far along each line its hops read, 5 bits a direction (the
  // cell it lands on, or the empty neighbour it cannot hop over).
  uint32_t lines = 0;

  OwnMoves& finished() {
    total = far + fewBits(near);
    return *this;
  }
  // Together with the cells it is thrown to (near bits around the same cell).
  int count(uint64_t thrown) const { return thrown ? far + fewBits(near | thrown) : total; }
};

// Where a Pillbug (or a Mosquito beside one) may throw its lone neighbours, before
// the turn's checks (the target pinned, or moved last): per direction from it, the
// cells as near bits around that neighbour. It reads the heights of the thrower's
// cell and its six neighbours only.
struct ThrowCells {
  std::array<uint64_t, kDirs> near{};
};

class OwnMovesMemo {
 public:
  const ThrowCells* findThrows(PieceId thrower) const {
    return throwsKnown_ & pieceBit(thrower) ? &throws_[thrower] : nullptr;
  }
  void keepThrows(PieceId thrower, const ThrowCells& cells) {
    throws_[thrower] = cells;
    throwsKnown_ |= pieceBit(thrower);
  }
  const OwnMoves* find(PieceId p) const { return known_ & pieceBit(p) ? &moves_[p] : nullptr; }
  void keep(PieceId p, const OwnMoves& moves) {
    moves_[p] = moves;
    known_ |= pieceBit(p);
  }
  // Forgets the pieces whose reach holds a cell `m` changed (`after`: the board
  // once it is played).
  void played(const Board& after, const Move& m);
  static constexpr int kLineBits = 5;
  uint32_t known() const { return known_; }
  uint32_t throwsKnown() const { return throwsKnown_; }

 private:
  std::array<OwnMoves, kPieces> moves_;
  uint32_t known_ = 0;
  std::array<ThrowCells, kPieces> throws_;  // only the Pillbugs' and Mosquitoes' entries are used
  uint32_t throwsKnown_ = 0;
};

}  // namespace apiary
