// Places in the PGN-like notation (notations.md section 3). A location is a piece
// next to the place, optionally another piece next to that one and the angle between
// them, and round brackets that say the same about the other piece, recursively:
// `ab(S)2` is next to a black ant, 2 places clockwise around it from the black
// beetle that is next to the white spider. Letters never number pieces, so a
// location is true of a cell when some choice of the pieces it names makes it true.
//
// Here: what a location means (Places, for reading), and the locations that are
// true of a cell (for the writer, which keeps the shortest that fits one move).
#pragma once
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/board.hpp"
#include "grammar/pgn_like.hpp"
#include "notation/resolve.hpp"

namespace apiary::notation::pgnlike {

// Each piece's letter: the bug, upper case for White, lower case for Black.
inline constexpr std::array<char, kPieces> kLetters = [] {
  std::array<char, kPieces> out{};
  for (int p = 0; p < kPieces; ++p) {
    const char c = kBugLetters[int(bugOf(PieceId(p)))];
    out[p] = colorOf(PieceId(p)) == Color::White ? c : char(c - 'A' + 'a');
  }
  return out;
}();
inline char letterOf(PieceId p) { return kLetters[p]; }

// The pieces each letter names (every copy of its bug and colour), as a pieceBit
// mask: none for a character that is no letter.
inline constexpr std::array<uint32_t, 128> kLetterPieces = [] {
  std::array<uint32_t, 128> out{};
  for (int p = 0; p < kPieces; ++p) out[kLetters[p]] |= pieceBit(PieceId(p));
  return out;
}();
inline uint32_t piecesOfLetter(char letter) {
  return static_cast<unsigned char>(letter) < 128 ? kLetterPieces[static_cast<unsigned char>(letter)] : 0;
}

// Where each letter stands, covered pieces included (a covered piece still marks
// its cell), and the cells a location describes. A reader asks about two or three
// letters a move, so each is looked up in the board when asked (at most three
// copies), not tabled for all sixteen.
class Places {
 public:
  explicit Places(const Board& board) : board_(board) {}
  // At most the six cells around each of three pieces.
  CellList cells(const grammar::pgn_like::Location& location) const;
  // Of those, the cells a piece may end on: empty ones, or with `onto` (a letter)
  // those whose top piece has that letter. A reader wants no others, and most
  // cells around a piece are occupied: they are never listed.
  CellList landings(const grammar::pgn_like::Location& location, char onto) const;

 private:
  struct Letter {
    std::array<Cell, 3> cells;  // at most three copies of a bug
    int size = 0;
    const Cell* begin() const { return cells.data(); }
    const Cell* end() const { return cells.data() + size; }
  };
  Letter of(char letter) const {
    Letter out;
    for (uint32_t left = piecesOfLetter(letter) & board_.piecesOnBoard(); left; left &= left - 1)
      out.cells[out.size++] = board_.cellOf(PieceId(std::countr_zero(left)));
    return out;
  }
  template <class Keep>
  CellList described(const grammar::pgn_like::Location& location, const Keep& keep) const;
  bool holds(Cell x, Cell centre, const grammar::pgn_like::Reference& ref) const;
  const Board& board_;
};

// A location as the grammar writes it, without the grammar's allocations: the
// writer spells thousands a game.
std::string spelling(const grammar::pgn_like::Location& location);

struct Described {
  grammar::pgn_like::Location location;
  std::string text;
};
// Every location true of cell x, brackets nested at most `depth` deep: shortest
// first, then by spelling (an order that does not depend on how the board is
// turned, so a game and its rotations are written alike), one per spelling.
std::vector<Described> descriptionsOf(const Board& board, Cell x, int depth);

// Where brackets one level deep cannot tell places apart (a locally symmetric patch
// of hive): the shortest walk from x, an angle at every step, that none of `others`
// can follow; of equal walks the first in spelling order up to six references deep,
// past that the first by letters and angles step by step (walks that long are
// needed where only a far piece breaks a symmetry). Nothing when no walk does (a
// hive that a turn maps onto itself) or none is found within the search's limits.
std::optional<grammar::pgn_like::Location> distinguishingWalk(const Board& board, Cell x,
                                                              const std::vector<Cell>& others);

}  // namespace apiary::notation::pgnlike
