#include "features/formation.hpp"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <tuple>

namespace apiary {

namespace {

int stepsBetween(Axial a, Axial b) {
  const int dq = a.q - b.q, dr = a.r - b.r;
  return (std::abs(dq) + std::abs(dr) + std::abs(dq + dr)) / 2;
}

// 60 degrees clockwise (E becomes SE), and the reflection that swaps q and r.
Axial rotated(Axial a) { return {-a.r, a.q + a.r}; }
Axial reflected(Axial a) { return {a.r, a.q}; }

bool sameSpec(const CellSpec& a, const CellSpec& b) {
  if (a.empty != b.empty || a.anywhere != b.anywhere || a.stack.size() != b.stack.size()) return false;
  for (std::size_t i = 0; i < a.stack.size(); ++i)
    if (a.stack[i].side != b.stack[i].side || a.stack[i].bug != b.stack[i].bug) return false;
  return true;
}

// Whether two pieces of these sides can be of the same colour, of other colours.
std::pair<bool, bool> colourRelations(Side a, Side b) {
  const auto relative = [](Side s) { return s == Side::Mine || s == Side::Theirs; };
  const auto absolute = [](Side s) { return s == Side::White || s == Side::Black; };
  if ((relative(a) && relative(b)) || (absolute(a) && absolute(b))) return {a == b, a != b};
  return {true, true};
}

// The contacts that two written pieces can make: bit(bug, bug, other colour).
template <class BitOf>
Contacts contactsOf(const PieceSpec& a, const PieceSpec& b, BitOf bitOf) {
  Contacts out;
  const auto [same, different] = colourRelations(a.side, b.side);
  for (int x = 0; x < kBugs; ++x)
    for (int y = 0; y < kBugs; ++y) {
      if ((a.bug && int(*a.bug) != x) || (b.bug && int(*b.bug) != y)) continue;
      if (same) out.add(bitOf(Bug(x), Bug(y), false));
      if (different) out.add(bitOf(Bug(x), Bug(y), true));
    }
  return out;
}

std::vector<Contacts> requiredContactsOf(const std::vector<CellSpec>& cells) {
  std::vector<Contacts> out;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const CellSpec& c = cells[i];
    for (std::size_t k = 0; k + 1 < c.stack.size(); ++k)
      out.push_back(contactsOf(c.stack[k], c.stack[k + 1], Contacts::stackedBit));
    if (c.empty || c.anywhere) continue;
    for (std::size_t j = i + 1; j < cells.size(); ++j) {
      const CellSpec& d = cells[j];
      if (!d.empty && !d.anywhere && stepsBetween(c.at, d.at) == 1)
        out.push_back(contactsOf(c.stack.front(), d.stack.front(), Contacts::adjacentBit));
    }
  }
  return out;
}

// The pieces a written piece accepts when each colour is to move.
std::array<uint32_t, 2> acceptedPieces(const PieceSpec& spec) {
  std::array<uint32_t, 2> out{};
  for (Color toMove : {Color::White, Color::Black})
    for (PieceId p = 0; p < kPieces; ++p) {
      const auto color = colorOfSide(spec.side, toMove);
      if ((!spec.bug || bugOf(p) == *spec.bug) && (!color || colorOf(p) == *color)) out[int(toMove)] |= pieceBit(p);
    }
  return out;
}

std::vector<QueenBound> queenBoundsOf(const std::vector<CellSpec>& cells) {
  std::vector<QueenBound> out;
  for (const CellSpec& c : cells)
    for (const PieceSpec& piece : c.stack) {
      if (piece.bug != Bug::Queen) continue;
      QueenBound bound{piece.side, 0, 6};
      for (const CellSpec& d : cells)
        if (stepsBetween(c.at, d.at) == 1) d.empty ? --bound.atMost : ++bound.atLeast;
      out.push_back(bound);
    }
  return out;
}

}  // namespace

Formation::CellTest Formation::testOf(const CellSpec& spec) {
  CellTest test{spec.empty, spec.anywhere, uint8_t(spec.stack.size()), {}};
  for (std::size_t level = 0; level < spec.stack.size(); ++level)
    test.accepts[level] = acceptedPieces(spec.stack[level]);
  return test;
}

bool Formation::fits(const Board& board, Cell cell, const CellTest& test, int toMove) {
  if (test.empty) return !board.occupied(cell);
  const int spare = board.height(cell) - test.height;
  if (spare < 0) return false;
  PieceId from = board.top(cell);
  if (!test.anywhere && test.height == 1) return test.accepts[0][toMove] >> from & 1;
  for (int depth = 0; depth <= (test.anywhere ? spare : 0); ++depth, from = board.under(from)) {
    PieceId p = from;
    int level = 0;
    for (; level < test.height && (test.accepts[std::size_t(level)][toMove] >> p & 1); ++level) p = board.under(p);
    if (level == test.height) return true;
  }
  return false;
}

Formation::Formation(std::vector<CellSpec> cells) : cells_(std::move(cells)) {
  const auto anchor = std::find_if(cells_.begin(), cells_.end(), [](const CellSpec& c) { return !c.empty; });
  if (anchor == cells_.end()) throw std::invalid_argument("a formation needs at least one cell that is not empty");
  anchor_ = std::size_t(anchor - cells_.begin());
  const CellSpec& anchorSpec = cells_[anchor_];
  for (std::size_t i = 0; i < cells_.size(); ++i) {
    const CellSpec& c = cells_[i];
    if (c.stack.size() > 7) throw std::invalid_argument("a stack is at most 7 pieces high");
    if (stepsBetween(c.at, anchorSpec.at) > kReach)
      throw std::invalid_argument("cell " + std::to_string(c.at.q) + "," + std::to_string(c.at.r) + " is more than " +
                                  std::to_string(kReach) + " steps from the first occupied cell");
    for (std::size_t j = 0; j < i; ++j)
      if (cells_[j].at == c.at)
        throw std::invalid_argument("cell " + std::to_string(c.at.q) + "," + std::to_string(c.at.r) +
                                    " is given twice");
  }
  for (const CellSpec& c : cells_) tests_.push_back(testOf(c));
  orient();
  for (std::size_t i = 0; i < cells_.size(); ++i) {
    const CellSpec& c = cells_[i];
    if (!c.empty && !c.anywhere) writtenTops_.push_back(i);
    if (i != anchor_ && !c.empty && !c.anywhere && stepsBetween(c.at, anchorSpec.at) == 1) besideAnchor_.push_back(i);
  }
  required_ = requiredContactsOf(cells_);
  queenBounds_ = queenBoundsOf(cells_);
}

// The twelve orientations, those that put equal specifications on equal places (a
// symmetric formation) kept once.
void Formation::orient() {
  const Axial anchorAt = cells_[anchor_].at;
  std::vector<std::vector<std::pair<Axial, std::size_t>>> seen;  // sorted (place, first equal spec)
  for (int reflect = 0; reflect < 2; ++reflect)
    for (int turns = 0; turns < 6; ++turns) {
      std::vector<Placed> placed;
      std::vector<std::pair<Axial, std::size_t>> shape;
      for (std::size_t i = 0; i < cells_.size(); ++i) {
        if (i == anchor_) continue;
        Axial d = cells_[i].at - anchorAt;
        if (reflect) d = reflected(d);
        for (int t = 0; t < turns; ++t) d = rotated(d);
        placed.push_back({d.q, d.r, uint8_t(i)});
        const auto equal =
            std::find_if(cells_.begin(), cells_.end(), [&](const CellSpec& o) { return sameSpec(o, cells_[i]); });
        shape.push_back({d, std::size_t(equal - cells_.begin())});
      }
      std::sort(shape.begin(), shape.end(), [](const auto& a, const auto& b) {
        return std::tie(a.first.q, a.first.r, a.second) < std::tie(b.first.q, b.first.r, b.second);
      });
      if (std::find(seen.begin(), seen.end(), shape) != seen.end()) continue;
      seen.push_back(std::move(shape));
      // Occupied cells first: they fail more often than empty ones.
      std::stable_sort(placed.begin(), placed.end(),
                       [&](const Placed& a, const Placed& b) { return !cells_[a.cell].empty && cells_[b.cell].empty; });
      orientations_.push_back(std::move(placed));
    }
}

bool Formation::fitsAt(const Board& board, Cell anchor, const std::vector<Placed>& orientation) const {
  const int toMove = int(board.toMove());
  for (const Placed& p : orientation)
    if (!fits(board, offsetCell(anchor, p.dq, p.dr), tests_[p.cell], toMove)) return false;
  return true;
}

bool Formation::matches(const Board& board) const {
  const int toMove = int(board.toMove());
  const uint32_t onBoard = board.piecesOnBoard();
  for (std::size_t i : writtenTops_)
    if (!(tests_[i].accepts[0][toMove] & onBoard)) return false;
  const CellTest& anchor = tests_[anchor_];
  for (uint32_t candidates = onBoard & anchor.accepts[0][toMove]; candidates; candidates &= candidates - 1) {
    const PieceId p = PieceId(std::countr_zero(candidates));
    // At the top of its cell, unless the written pieces may stand anywhere in it.
    if (!anchor.anywhere && !board.isTop(p)) continue;
    const Cell cell = board.cellOf(p);
    if (!fits(board, cell, anchor, toMove)) continue;
    const auto someNeighbourFits = [&](std::size_t i) {
      for (unsigned around = board.occupiedAround(cell); around; around &= around - 1)
        if (fits(board, neighbor(cell, std::countr_zero(around)), tests_[i], toMove)) return true;
      return false;
    };
    if (!std::all_of(besideAnchor_.begin(), besideAnchor_.end(), someNeighbourFits)) continue;
    for (const auto& orientation : orientations_)
      if (fitsAt(board, cell, orientation)) return true;
  }
  return false;
}

}  // namespace apiary
