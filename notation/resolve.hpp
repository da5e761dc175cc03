// What the bridges of the notations that do not name moves exactly share. Reading
// a written move is resolution: the move is a set of constraints, the legal moves
// that satisfy them are kept, exactly one is played, and none or several is an
// error that says which. Writing asks the same question the other way round: a
// description is kept only if the played move is the one move that fits it.
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/movegen.hpp"
#include "grammar/syntax.hpp"
#include "notation/game.hpp"
#include "notation/replay.hpp"

namespace apiary::notation {

// The legal moves of a position, listed once so that a writer can try many
// descriptions against them. A reader that knows which pieces a description can
// name passes them (a pieceBit mask): generating for those alone is most of the
// difference between resolving and replaying a move.
std::vector<Move> legalMoveVector(const Board& board, uint32_t pieces = kAllPieces);

// An empty move list kept from move to move, one a thread, for a reader's fast
// path (addLegalMovesTo): most moves end there, and allocating and freeing a list
// for each was a share of PGN-like reading's cost.
inline std::vector<Move>& scratchMoves() {
  thread_local std::vector<Move> moves;
  moves.clear();
  return moves;
}

// A few distinct cells, in the order first added: where a text says a move may
// end. Readers name at most a cell a piece, or the six around each of a bug's
// three copies: a short list is cheaper to fill and to ask than a set of the
// whole board. Those bounds are the callers' (at most 28 cells, kPieces); the
// check below only keeps a broken caller from writing past the list.
class CellList {
 public:
  static constexpr int kCapacity = kPieces;
  void add(Cell c) {
    if (has(c)) return;
    if (size_ == kCapacity) [[unlikely]]
      full();
    seen_ |= bitOf(c);
    cells_[size_++] = c;
  }
  bool has(Cell c) const { return indexOf(c) >= 0; }
  // Where c is in the list, -1 when it is not.
  int indexOf(Cell c) const {
    if (!(seen_ & bitOf(c))) return -1;
    const Cell* at = std::find(begin(), end(), c);
    return at == end() ? -1 : int(at - begin());
  }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Cell* begin() const { return cells_.data(); }
  const Cell* end() const { return cells_.data() + size_; }

 private:
  [[noreturn, gnu::cold, gnu::noinline]] static void full() {
    throw std::length_error("more cells than CellList holds");
  }
  // One bit of 64 per cell held, chosen by a hash: a cell whose bit is clear is
  // not held, which answers most questions without a search.
  static uint64_t bitOf(Cell c) { return uint64_t(1) << ((uint32_t(c) * 0x9E3779B1u) >> 26); }

  std::array<Cell, kCapacity> cells_;
  int size_ = 0;
  uint64_t seen_ = 0;
};

// The legal moves of `pieces` (a pieceBit mask) that end in `to`, for readers whose
// text pins the destination, without listing the pieces' other moves: a placement
// is checked at each cell; a piece on the board is walked (and thrown, when the
// mover has a thrower on the board) towards a single cell, or once for more until
// it has reached them all (a bug that only steps is tested at each cell near it),
// and tested once for the pin.
void addLegalMovesTo(const Board& board, uint32_t pieces, const CellList& to, std::vector<Move>& out);
void addLegalMovesTo(const Board& board, uint32_t pieces, Cell to, std::vector<Move>& out);

// A reader's fast path: when the moves a text can mean all end on cells it names,
// the candidates there that fit are the answer if there is exactly one; none or
// several sends the reader to its full path, whose messages list the choice.
// The one is pointed to, not copied out: a std::optional<Move> built a field at a
// time and read back whole waited on the stores (store forwarding fails), a share
// of PGN-like reading's time.
template <class Fits>
const Move* onlyFitting(const std::vector<Move>& candidates, Fits&& fits) {
  const Move* found = nullptr;
  for (const Move& m : candidates)
    if (fits(m)) {
      if (found) return nullptr;
      found = &m;
    }
  return found;
}

template <class Fits>
std::vector<Move> fittingMoves(const std::vector<Move>& moves, Fits&& fits) {
  std::vector<Move> out;
  for (const Move& m : moves)
    if (fits(m)) out.push_back(m);
  return out;
}

// `fits` holds legal moves. Exactly one: play it (no second legality check). None:
// fail with `noneWhy`. Several: fail naming them as the notation writes them
// (`spell`), so the reader can see the choice.
Step chooseOne(const std::vector<Move>& fits, const std::string& noneWhy,
               const std::function<std::string(const Move&)>& spell);

// At the second ply every cell around the first piece is the same up to rotation:
// notations without a fixed board put the second piece east of the first.
bool isEastOfFirst(const Board& board, const Move& m);

// Whether `player` has placed nothing yet (its first placement needs no `+` in
// the direction notation).
bool hasNoPieceOnBoard(const Board& board, Color player);

// The pieces of one colour and bug on the board, covered ones included unless
// visibleOnly.
std::vector<PieceId> piecesOf(const Board& board, Color color, Bug bug, bool visibleOnly);

// `to - from` is k >= 2 steps in one direction: that direction, else -1.
int straightLineDir(Axial from, Axial to);

// A game type named by the tags: `GameType "Base+ML"`, else `ExpansionPieces
// "MmLl"`. nullopt without either; `error` is set when the tag names no game type.
std::optional<GameType> gameTypeFromTags(const std::vector<grammar::Tag>& tags, std::string& error);

// Sets the `GameType` tag (first, when absent) and drops `ExpansionPieces`, so that
// the tags name the game's type once.
void setGameTypeTag(std::vector<grammar::Tag>& tags, GameType type);

// Tags carried from one notation to another: names as PGN tag pairs can hold them
// (letters, digits, `_`: a direction file's `1st Player` becomes `1st_Player`)...
void asPgnTags(std::vector<grammar::Tag>& tags);
// ...and as direction header lines can (`Name: value`, the name starting with a
// letter or digit, the value on one line).
void asHeaderLines(std::vector<grammar::Tag>& tags);

// A game refused before its first move (a bad header).
template <class WrittenGame>
ReplayedGame refusedGame(const WrittenGame& game, std::string message) {
  ReplayedGame out;
  out.pos = game.pos;
  out.tags = game.tags;
  out.error = grammar::rejectionAt(game.pos.line, game.pos.column, 0, std::move(message));
  return out;
}

// The setup of a notation whose first piece written gives the first mover's colour
// (PGN-like, algebraic): the game type from the tags, leniency, and
// `colourOf(description)` of the first move that is not a pass. nullopt, with
// `error` set, when the tags name no game type.
template <class Description, class IsPass, class ColourOf>
std::optional<ReplaySetup> setupFromFirstPiece(const grammar::Game<Description>& game, ReadOptions options,
                                               IsPass isPass, ColourOf colourOf, std::string& error) {
  ReplaySetup setup;
  setup.lenient = options.lenient;
  setup.observer = options.observer;
  setup.unnamedType = options.unnamedType;
  setup.type = gameTypeFromTags(game.tags, error);
  if (!error.empty()) return std::nullopt;
  for (const auto& w : game.moves)
    if (!isPass(w.move)) {
      setup.firstMover = colourOf(w.move);
      break;
    }
  return setup;
}

}  // namespace apiary::notation
