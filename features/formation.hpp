// A formation: a few cells at fixed offsets from each other and what each must hold
// (empty, or a stack whose top pieces, or some pieces in a row anywhere in it, are
// of given bugs and sides). It matches a
// board when some rotation or reflection of it, placed anywhere, fits. Sides are
// absolute (White, Black) or relative to the side to move (Mine, Theirs).
#pragma once
#include <array>
#include <optional>
#include <vector>

#include "engine/board.hpp"
#include "features/pattern_trace.hpp"

namespace apiary {

enum class Side : uint8_t { Any, Mine, Theirs, White, Black };

// The colour a side stands for when `toMove` is to move; nullopt for Any. Inline:
// a formation asks it for every piece it tests.
inline std::optional<Color> colorOfSide(Side side, Color toMove) {
  switch (side) {
    case Side::Mine: return toMove;
    case Side::Theirs: return other(toMove);
    case Side::White: return Color::White;
    case Side::Black: return Color::Black;
    case Side::Any: return std::nullopt;
  }
  return std::nullopt;
}

struct PieceSpec {
  Side side = Side::Any;
  std::optional<Bug> bug;  // nullopt: any bug
};

struct CellSpec {
  Axial at;
  bool empty = false;
  bool anywhere = false;         // the stack's pieces anywhere in the cell's stack, not only at its top
  std::vector<PieceSpec> stack;  // top first: {Beetle, Queen} is a Beetle on a Queen
};

// A Queen the formation writes, of a side, whose cell has at least and at most that
// many occupied neighbours wherever the formation holds.
struct QueenBound {
  Side side = Side::Any;
  int atLeast = 0, atMost = 6;
};

class Formation {
 public:
  // How far (in steps) a cell may be from the first occupied cell: the hive spans
  // at most 27 steps, and with 4 more the cells stay under the 32 at which the
  // board's torus repeats, so no cell is ever mistaken for another.
  static constexpr int kReach = 4;

  // Throws std::invalid_argument when the cells cannot form a formation: none
  // occupied, two at one place, one out of reach, or a stack over 7 high.
  explicit Formation(std::vector<CellSpec> cells);

  bool matches(const Board& board) const;
  const std::vector<CellSpec>& cells() const { return cells_; }
  // Sets of contacts a game must meet each of (share a contact with) for the
  // formation to hold in one of its positions: one per pair of adjacent cells whose
  // tops are written, one per two pieces written one on the other.
  const std::vector<Contacts>& requiredContacts() const { return required_; }
  // The Queens' neighbours, from the cells next to each cell that writes a Queen.
  const std::vector<QueenBound>& queenBounds() const { return queenBounds_; }

 private:
  // A cell's specification as the pieces each written level accepts, by the colour
  // to move (mine and theirs swap), so testing a piece is one bit test.
  struct CellTest {
    bool empty = false, anywhere = false;
    uint8_t height = 0;                                // pieces written
    std::array<std::array<uint32_t, 2>, 7> accepts{};  // [level from the top][colour to move]
  };
  struct Placed {
    int dq, dr;    // from the anchor, in one orientation
    uint8_t cell;  // index in cells_ and tests_
  };
  static CellTest testOf(const CellSpec& spec);
  static bool fits(const Board& board, Cell cell, const CellTest& test, int toMove);
  void orient();
  bool fitsAt(const Board& board, Cell anchor, const std::vector<Placed>& orientation) const;

  std::vector<CellSpec> cells_;
  std::vector<CellTest> tests_;
  std::size_t anchor_ = 0;                         // the first occupied cell
  std::vector<std::vector<Placed>> orientations_;  // the distinct rotations and reflections
  // Cells next to the anchor whose tops are written: in every orientation, each is
  // one of the anchor's six neighbours, so one that none fits rules the anchor out.
  std::vector<std::size_t> besideAnchor_;
  // The cells whose top is written: with none of the pieces a top accepts on the
  // board, nothing fits.
  std::vector<std::size_t> writtenTops_;
  std::vector<Contacts> required_;
  std::vector<QueenBound> queenBounds_;
};

}  // namespace apiary
