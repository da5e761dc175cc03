// The position: which piece stands where, stacks bottom to top, whose turn it is,
// and how the game stands. Play and undo are exact inverses; legality is movegen's
// job, so play() trusts its move.
#pragma once
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/hex.hpp"
#include "engine/piece.hpp"

namespace apiary {

struct Move {
  PieceId piece = kNoPiece;  // kNoPiece: a pass
  Cell from = kNoCell;       // kNoCell: a placement
  Cell to = kNoCell;

  static constexpr Move pass() { return Move{}; }
  constexpr bool isPass() const { return piece == kNoPiece; }
  constexpr bool isPlacement() const { return !isPass() && from == kNoCell; }
  constexpr bool operator==(const Move&) const = default;
};

enum class GameState : uint8_t { NotStarted, InProgress, Draw, WhiteWins, BlackWins };
const char* gameStateName(GameState s);

struct Rules {
  // Tournament rule: no Queen on a player's first turn. Archives hold older games
  // that open with a Queen, so ingest replays with it off.
  bool tournament = true;
};

// A stack for setting up a position: where it stands and its pieces bottom to top.
struct PlacedStack {
  Axial at;
  std::vector<PieceId> pieces;
};

class Board {
 public:
  explicit Board(GameType type = GameType::all(), Rules rules = {}, Color firstMover = Color::White);
  // A position set up directly (position strings, decoded keys), without history.
  // The ply count is the number of pieces on the board, which is what the rules
  // that count turns (Queen by the fourth, tournament opening) need.
  static Board fromPosition(GameType type, Rules rules, Color toMove, const std::vector<PlacedStack>& stacks,
                            PieceId lastMoved = kNoPiece);

  GameType type() const { return type_; }
  // Whether the piece exists in this game type: asked for every written move.
  bool inGame(PieceId p) const { return inGame_ & pieceBit(p); }
  uint32_t piecesInGame() const { return inGame_; }  // type().pieces(), kept
  Rules rules() const { return rules_; }
  Color firstMover() const { return first_; }
  Color toMove() const { return (ply_ & 1) ? other(first_) : first_; }
  int ply() const { return ply_; }                  // plies played so far
  int turnOfMover() const { return ply_ / 2 + 1; }  // the mover's own turn number, from 1
  GameState state() const { return state_; }
  bool gameOver() const { return state_ >= GameState::Draw; }
  PieceId lastMoved() const { return lastMoved_; }  // moved on the previous ply, or kNoPiece

  bool onBoard(PieceId p) const { return onBoard_ & pieceBit(p); }
  uint32_t piecesOnBoard() const { return onBoard_; }
  Cell cellOf(PieceId p) const { return cell_[p]; }
  PieceId top(Cell c) const { return top_[c]; }
  int height(Cell c) const { return height_[c]; }
  bool occupied(Cell c) const { return height_[c] != 0; }
  PieceId under(PieceId p) const { return under_[p]; }  // the piece p stands on
  bool isTop(PieceId p) const { return onBoard(p) && top_[cell_[p]] == p; }
  bool queenPlaced(Color c) const { return onBoard(pieceId(c, Bug::Queen)); }
  // The next copy of a bug in the player's hand (copies enter in order), or kNoPiece.
  // Asked for every written move by the readers: a mask, not a loop over copies.
  PieceId nextInHand(Color c, Bug b) const {
    const uint32_t copies = ((uint32_t(1) << kBugCopies[int(b)]) - 1) << pieceId(c, b);
    const uint32_t inHand = copies & inGame_ & ~onBoard_;
    return inHand ? PieceId(std::countr_zero(inHand)) : kNoPiece;
  }

  void play(const Move& m);
  void undo();
  const std::vector<Move>& history() const { return history_; }

  // True coordinates of an occupied cell, or of an empty one next to the hive.
  std::optional<Axial> axialOf(Cell c) const;
  Axial axialOfPiece(PieceId p) const { return axial_[p]; }

  // The six neighbours of c, one bit per direction, set where occupied; kept up to
  // date by play and undo because sliding pieces ask it for every cell they pass.
  unsigned occupiedAround(Cell c) const { return around_[c]; }
  // How many of the six neighbours of c are occupied. By table: a portable build
  // assumes no POPCNT instruction, and std::popcount is then a library call.
  int occupiedNeighbors(Cell c) const { return kNeighbourCount[around_[c]]; }
  static constexpr unsigned kAllAround = (1u << kDirs) - 1;

 private:
  struct Undo {
    PieceId lastMoved;
    GameState state;
    Axial from;
  };
  // Inlined into play, which every replayed move goes through.
  [[gnu::always_inline]] inline void lift(PieceId p);
  [[gnu::always_inline]] inline void drop(PieceId p, Cell c);
  // The true coordinates of a piece arriving at c (on a stack, beside the hive, or
  // the first piece at the origin).
  [[gnu::always_inline]] inline Axial arrival(Cell c) const;
  [[gnu::always_inline]] inline GameState stateAfterMove() const;

  static constexpr std::array<uint8_t, 1u << kDirs> kNeighbourCount = [] {
    std::array<uint8_t, 1u << kDirs> t{};
    for (unsigned bits = 0; bits < t.size(); ++bits) t[bits] = uint8_t(std::popcount(bits));
    return t;
  }();

  std::array<PieceId, kCells> top_;
  std::array<uint8_t, kCells> height_{};
  std::array<uint8_t, kCells> around_{};
  std::array<Cell, kPieces> cell_;
  std::array<PieceId, kPieces> under_;
  std::array<Axial, kPieces> axial_{};
  uint32_t onBoard_ = 0;
  GameType type_;
  uint32_t inGame_;  // type_.pieces()
  Rules rules_;
  Color first_;
  int ply_ = 0;
  PieceId lastMoved_ = kNoPiece;
  GameState state_ = GameState::NotStarted;
  std::vector<Move> history_;
  std::vector<Undo> undo_;
};

}  // namespace apiary
