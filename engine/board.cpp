#include "engine/board.hpp"

namespace apiary {

const char* gameStateName(GameState s) {
  switch (s) {
    case GameState::NotStarted: return "NotStarted";
    case GameState::InProgress: return "InProgress";
    case GameState::Draw: return "Draw";
    case GameState::WhiteWins: return "WhiteWins";
    case GameState::BlackWins: return "BlackWins";
  }
  return "?";
}

namespace {

// The pieces of a game type, made once a type: readers make a board a game.
uint32_t piecesOfType(GameType type) {
  static const std::array<uint32_t, 8> kPiecesOfType = [] {
    std::array<uint32_t, 8> t{};
    for (uint8_t e = 0; e < 8; ++e) t[e] = GameType{e}.pieces();
    return t;
  }();
  return kPiecesOfType[type.expansions & 7];
}

}  // namespace

Board::Board(GameType type, Rules rules, Color firstMover)
    : type_(type), inGame_(piecesOfType(type)), rules_(rules), first_(firstMover) {
  top_.fill(kNoPiece);
  cell_.fill(kNoCell);
  under_.fill(kNoPiece);
  history_.reserve(256);
  undo_.reserve(256);
}

Board Board::fromPosition(GameType type, Rules rules, Color toMove, const std::vector<PlacedStack>& stacks,
                          PieceId lastMoved) {
  Board board(type, rules);
  int pieces = 0;
  for (const auto& stack : stacks)
    for (PieceId p : stack.pieces) {
      board.axial_[p] = stack.at;
      board.drop(p, cellAt(stack.at));
      ++pieces;
    }
  board.ply_ = pieces;
  board.first_ = (pieces & 1) ? other(toMove) : toMove;
  board.lastMoved_ = lastMoved;
  board.state_ = pieces == 0 ? GameState::NotStarted : board.stateAfterMove();
  return board;
}

Axial Board::arrival(Cell c) const {
  if (occupied(c)) return axial_[top_[c]];
  if (const unsigned around = around_[c]) {
    const int d = std::countr_zero(around);
    return step(axial_[top_[neighbor(c, d)]], opposite(d));
  }
  return Axial{};
}

std::optional<Axial> Board::axialOf(Cell c) const {
  if (occupied(c) || around_[c]) return arrival(c);
  if (c == kOrigin && onBoard_ == 0) return Axial{};
  return std::nullopt;
}

void Board::lift(PieceId p) {
  const Cell c = cell_[p];
  top_[c] = under_[p];
  if (--height_[c] == 0) {
#pragma GCC unroll 6
    for (int d = 0; d < kDirs; ++d) around_[neighbor(c, d)] &= uint8_t(~(1u << opposite(d)));
  }
  under_[p] = kNoPiece;
  cell_[p] = kNoCell;
  onBoard_ &= ~pieceBit(p);
}

void Board::drop(PieceId p, Cell c) {
  under_[p] = top_[c];
  top_[c] = p;
  if (height_[c]++ == 0) {
#pragma GCC unroll 6
    for (int d = 0; d < kDirs; ++d) around_[neighbor(c, d)] |= uint8_t(1u << opposite(d));
  }
  cell_[p] = c;
  onBoard_ |= pieceBit(p);
}

GameState Board::stateAfterMove() const {
  const PieceId wq = pieceId(Color::White, Bug::Queen), bq = pieceId(Color::Black, Bug::Queen);
  const bool whiteLost = onBoard(wq) && around_[cell_[wq]] == kAllAround;
  const bool blackLost = onBoard(bq) && around_[cell_[bq]] == kAllAround;
  if (whiteLost && blackLost) return GameState::Draw;
  if (whiteLost) return GameState::BlackWins;
  if (blackLost) return GameState::WhiteWins;
  return GameState::InProgress;
}

void Board::play(const Move& m) {
  undo_.push_back({lastMoved_, state_, m.isPass() ? Axial{} : axial_[m.piece]});
  history_.push_back(m);
  ++ply_;
  if (m.isPass()) {
    lastMoved_ = kNoPiece;
    if (state_ == GameState::NotStarted) state_ = GameState::InProgress;
    return;
  }
  if (!m.isPlacement()) lift(m.piece);
  // The destination touches the hive (or is the origin), so its true coordinates
  // follow from a neighbour's.
  axial_[m.piece] = arrival(m.to);
  drop(m.piece, m.to);
  lastMoved_ = m.piece;
  state_ = stateAfterMove();
}

void Board::undo() {
  const Move m = history_.back();
  const Undo u = undo_.back();
  history_.pop_back();
  undo_.pop_back();
  --ply_;
  lastMoved_ = u.lastMoved;
  state_ = u.state;
  if (m.isPass()) return;
  lift(m.piece);
  axial_[m.piece] = u.from;
  if (!m.isPlacement()) drop(m.piece, m.from);
}

}  // namespace apiary
