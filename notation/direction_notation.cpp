// The direction-based notation (notations.md section 4): the bridge between
// grammar/direction and the engine. Nothing in the text is absolute: pieces are the
// mover's or the opponent's, identical pieces are numbered by where they stand, and
// directions are counted from noon, the line from the first player's first piece to
// the second player's. So the same game rotated, mirrored or played with the
// colours swapped is written the same, and reading resolves every move against the
// legal moves in the frame the game itself fixes (notation/frame.hpp).
#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>

#include "notation/move_text.hpp"
#include "notation/notations.hpp"
#include "notation/resolve.hpp"

namespace apiary::notation {

namespace {

namespace dg = grammar::direction;

constexpr std::string_view kDirectionLetters = "nasmrf";  // frame directions E SE SW W NW NE

// Each byte's place in `letters`, -1 for the others: looked up for every move
// read, where string_view::find is a memchr call.
constexpr std::array<int8_t, 256> placesIn(std::string_view letters) {
  std::array<int8_t, 256> places{};
  places.fill(-1);
  for (std::size_t i = 0; i < letters.size(); ++i) places[static_cast<unsigned char>(letters[i])] = int8_t(i);
  return places;
}
constexpr auto kFrameDirOfLetter = placesIn(kDirectionLetters);
constexpr auto kBugOfLetter = placesIn(kBugLetters);

dg::Direction directionLetter(int frameDir) { return dg::Direction(kDirectionLetters[frameDir]); }
int frameDirOf(dg::Direction d) { return kFrameDirOfLetter[static_cast<unsigned char>(d)]; }

bool isUniqueBug(Bug bug) { return kBugCopies[int(bug)] == 1; }

// The position at the start of a turn as the notation sees it: who is "opponent",
// and the counting order of pieces (farthest toward noon first; at equal distance,
// from the forenoon side towards the sunset side).
class DirectionView {
 public:
  DirectionView(const Board& board, const GameFrame& frame) : board_(board), frame_(frame), mover_(board.toMove()) {}

  // Noon is frame E: the distance toward noon is the projection 2q + r (in half
  // steps); cells at equal distance stand in a line across noon, the forenoon side
  // (frame NE) at smaller r. The seed's games decide this reading: with distance
  // along a cube axis, or ties the other way, they do not replay or are not
  // written back the same.
  std::pair<int, int> order(PieceId p) const {
    const Axial a = frame_.toFrame(board_.axialOfPiece(p));
    return {-(2 * a.q + a.r), a.r};
  }

  const Board& board() const { return board_; }
  const GameFrame& frame() const { return frame_; }
  Color mover() const { return mover_; }

  // 1-based place of a visible piece among the visible pieces of its colour and
  // bug; 0 for a covered piece.
  int rank(PieceId p) const {
    const Kind& kind = visibleLike(p);
    const auto it = std::find(kind.begin(), kind.end(), p);
    return it == kind.end() ? 0 : int(it - kind.begin()) + 1;
  }
  int visibleCount(PieceId p) const { return visibleLike(p).size; }

  // Piece notation: the opponent mark, the bug, and the number when more than one
  // identical piece is visible (a placed piece is not in the hive: no number).
  dg::Piece notate(PieceId p, bool placed = false) const {
    const bool numbered = !placed && board_.isTop(p) && visibleCount(p) > 1;
    return {colorOf(p) != mover_, kBugLetters[int(bugOf(p))], numbered ? rank(p) : 0};
  }

  // The pieces a written piece can mean, as a pieceBit mask. Without a number: a
  // piece to be placed, a visible piece of that kind, or the covered one of a kind
  // that has only one (a covered Queen is a reference); with one, the visible piece
  // counted at that place. Only the written kind's copies are looked at: asking
  // every piece cost more than the rest of reading a move.
  uint32_t named(const dg::Piece& w) const {
    const int letter = kBugOfLetter[static_cast<unsigned char>(w.bug)];
    if (letter < 0) return 0;
    const Bug bug = Bug(letter);
    const Color owner = w.opponent ? other(mover_) : mover_;
    if (w.number) {
      const Kind& kind = visibleLike(pieceId(owner, bug));
      return w.number > 0 && w.number <= kind.size ? pieceBit(kind.pieces[w.number - 1]) : 0;
    }
    uint32_t mask = 0;
    for (int copy = 1; copy <= kBugCopies[int(bug)]; ++copy) {
      const PieceId p = pieceId(owner, bug, copy);
      if (!board_.onBoard(p) || board_.isTop(p) || isUniqueBug(bug)) mask |= pieceBit(p);
    }
    return mask;
  }

  // Frame direction from cell a to its neighbour b.
  int frameDir(Cell a, Cell b) const { return frame_.toFrameDir(directionTo(a, b)); }

  // The reference for a destination, by the seed's priorities: a Queen (covered or
  // not), an uncovered Ladybug, Mosquito or Pillbug, a visible piece that is the
  // only visible one of its kind, any visible piece; ties go to the first counted.
  PieceId reference(Cell destination) const {
    PieceId best = kNoPiece;
    int bestLevel = 5;
    for (int d = 0; d < kDirs; ++d)
      for (PieceId p = board_.top(neighbor(destination, d)); p != kNoPiece; p = board_.under(p)) {
        const int level = priority(p);
        if (level < bestLevel || (level == bestLevel && level < 5 && order(p) < order(best)))
          best = p, bestLevel = level;
      }
    return best;
  }

 private:
  int priority(PieceId p) const {
    if (bugOf(p) == Bug::Queen) return 1;
    if (!board_.isTop(p)) return 5;  // covered: not a reference
    if (isUniqueBug(bugOf(p))) return 2;
    return visibleCount(p) == 1 ? 3 : 4;
  }

  const Board& board_;
  const GameFrame& frame_;
  Color mover_;
  // Visible pieces of one colour and bug: at most three, in a fixed array.
  struct Kind {
    std::array<PieceId, 3> pieces;
    int size = 0;
    const PieceId* begin() const { return pieces.data(); }
    const PieceId* end() const { return pieces.data() + size; }
  };
  // The visible pieces of p's colour and bug in counting order, found when first
  // asked (at most three): a view is built for every move read, and most moves
  // ask about one or two kinds.
  const Kind& visibleLike(PieceId p) const {
    const int k = int(colorOf(p)) * kBugs + int(bugOf(p));
    Kind& kind = kinds_[k];
    if (known_ & (1u << k)) return kind;
    known_ |= 1u << k;
    std::array<std::pair<int, int>, 3> orders;  // of kind.pieces, each worked out once
    for (int copy = 1; copy <= kBugCopies[int(bugOf(p))]; ++copy) {
      const PieceId q = pieceId(colorOf(p), bugOf(p), copy);
      if (!board_.isTop(q)) continue;
      const auto at = order(q);
      int i = kind.size++;
      for (; i > 0 && at < orders[i - 1]; --i) kind.pieces[i] = kind.pieces[i - 1], orders[i] = orders[i - 1];
      kind.pieces[i] = q;
      orders[i] = at;
    }
    return kind;
  }
  mutable std::array<Kind, 2 * kBugs> kinds_{};
  mutable uint32_t known_ = 0;
};

// straightLineDir (`to - from` is k >= 2 steps in one direction, k < 32) without
// trying every k: along a direction the larger of |dq| and |dr| is k.
int jumpDir(Axial from, Axial to) {
  const Axial d = to - from;
  const int k = std::max(std::abs(d.q), std::abs(d.r));
  if (k < 2 || k >= 32) return -1;
  for (int dir = 0; dir < kDirs; ++dir)
    if (d == Axial{k * kDq[dir], k * kDr[dir]}) return dir;
  return -1;
}

// The direction of a direct destination: a neighbouring cell, or a Grasshopper's
// own jump (a Mosquito copying one is written with a reference); else -1.
int directDir(const Board& board, const Move& m) {
  if (m.isPlacement()) return -1;
  if (const int d = directionTo(m.from, m.to); d >= 0) return d;
  if (bugOf(m.piece) != Bug::Grasshopper) return -1;
  return jumpDir(board.axialOfPiece(m.piece), *board.axialOf(m.to));
}

// Canonical notation: every part the seed's rules call for.
dg::Move canonicalMove(const DirectionView& view, const Move& m) {
  dg::Move out;
  if (m.isPass()) {
    out.pass = true;
    return out;
  }
  const Board& board = view.board();
  out.piece = view.notate(m.piece, m.isPlacement());
  if (board.ply() < 2) return out;  // each player's first placement: the piece alone
  out.placement = m.isPlacement();
  if (const int d = directDir(board, m); d >= 0) {
    out.direction = directionLetter(view.frame().toFrameDir(d));
    return out;
  }
  const PieceId ref = view.reference(m.to);
  out.reference = view.notate(ref);
  out.direction = directionLetter(view.frameDir(board.cellOf(ref), m.to));
  return out;
}

// Whether the written move can mean a legal move. Every part left out is no
// constraint. What the text names is worked out once, not for every candidate.
class Fits {
 public:
  // `named`: the pieces the written piece can mean; `references`: the pieces on
  // the board the written reference can name.
  Fits(const DirectionView& view, const dg::Move& w, uint32_t named, uint32_t references)
      : board_(view.board()),
        frame_(view.frame()),
        w_(w),
        named_(named),
        references_(references),
        frameDir_(w.direction ? frameDirOf(*w.direction) : -1),
        firstPlacement_(hasNoPieceOnBoard(board_, view.mover())) {}

  bool operator()(const Move& m) const {
    if (w_.pass || m.isPass()) return w_.pass && m.isPass();
    // `+` marks a placement, but a player's first piece is written bare.
    if (w_.placement && !m.isPlacement()) return false;
    if (!w_.placement && m.isPlacement() && !firstPlacement_) return false;
    if (!(named_ & pieceBit(m.piece))) return false;
    if (board_.ply() == 1 || frame_.mirrorOpen()) {
      const Axial to = frame_.at(board_, m.to);
      if (board_.ply() == 1 && to != Axial{1, 0}) return false;  // the second piece fixes noon
      if (frame_.mirrorOpen() && to.r < 0) return false;         // the mirror image of one at r > 0
    }
    if (w_.reference) {
      for (uint32_t left = references_; left; left &= left - 1) {
        const PieceId p = PieceId(std::countr_zero(left));
        const int d = directionTo(board_.cellOf(p), m.to);
        if (d >= 0 && (!w_.direction || frame_.toFrameDir(d) == frameDir_)) return true;
      }
      return false;
    }
    if (!w_.direction) return true;
    return directDir(board_, m) == frame_.fromFrameDir(frameDir_);
  }

 private:
  const Board& board_;
  const GameFrame& frame_;
  const dg::Move& w_;
  uint32_t named_, references_;
  int frameDir_;  // the written direction, when there is one
  bool firstPlacement_;
};

// Every legal move of the named pieces that a written direction can mean: beside
// a reference on that side, else one step that way or a Grasshopper's jump.
// Appended to `out`.
void movesInDirection(const Board& board, const GameFrame& frame, const dg::Move& w, uint32_t named,
                      uint32_t references, std::vector<Move>& out) {
  const int d = frame.fromFrameDir(frameDirOf(*w.direction));
  if (w.reference) {
    CellList cells;
    for (uint32_t left = references; left; left &= left - 1)
      cells.add(neighbor(board.cellOf(PieceId(std::countr_zero(left))), d));
    addLegalMovesTo(board, named, cells, out);
    return;
  }
  for (uint32_t left = named & board.piecesOnBoard(); left; left &= left - 1) {
    const PieceId p = PieceId(std::countr_zero(left));
    const Cell step = neighbor(board.cellOf(p), d);
    Cell jump = step;
    if (bugOf(p) == Bug::Grasshopper)
      while (board.occupied(jump)) jump = neighbor(jump, d);
    addLegalMovesTo(board, pieceBit(p), step, out);
    if (jump != step) addLegalMovesTo(board, pieceBit(p), jump, out);
  }
}

Step resolveWritten(const Board& board, const GameFrame& frame, const dg::Move& w) {
  const DirectionView view(board, frame);
  const uint32_t named = w.pass ? kAllPieces : view.named(w.piece);
  const uint32_t references = w.reference ? view.named(*w.reference) & board.piecesOnBoard() : 0;
  const Fits fitsWritten(view, w, named, references);
  if (w.direction && board.ply() >= 2) {
    std::vector<Move>& candidates = scratchMoves();
    movesInDirection(board, frame, w, named, references, candidates);
    if (const auto only = onlyFitting(candidates, fitsWritten)) return Step::playLegal(*only);
  }
  const auto fitting = fittingMoves(legalMoveVector(board, named), fitsWritten);
  std::string none = "no legal move fits";
  if (fitting.empty() && !w.pass) {
    const std::string piece = dg::writeMove(dg::Move{false, w.piece, false, std::nullopt, std::nullopt});
    none = "no legal " + std::string(w.placement ? "placement of " : "move of ") + piece +
           (w.reference ? " reaches that side of " + dg::writeMove(dg::Move{false, *w.reference, false, {}, {}})
                        : " fits");
  }
  return chooseOne(fitting, none, [&](const Move& m) { return dg::writeMove(canonicalMove(view, m)); });
}

// Takes the game's tags: the grammar hands each game over to be replayed once.
ReplayedGame replayDirectionGame(grammar::Game<dg::Move>&& game, const ReadOptions& options) {
  ReplaySetup setup;  // colour-free: White moves first
  setup.observer = options.observer;
  setup.unnamedType = options.unnamedType;
  std::string error;
  setup.type = gameTypeFromTags(game.tags, error);
  if (!error.empty()) return refusedGame(game, error);
  GameFrame frame;  // the reader's board is in frame coordinates
  return replayWritten(std::move(game), setup, [&](const Board& board, const grammar::Written<dg::Move>& w) {
    Step step = resolveWritten(board, frame, w.move);
    if (step.move) frame.advance(board, *step.move);
    return step;
  });
}

}  // namespace

Step readDirectionMove(const Board& board, const GameFrame& frame, std::string_view text) {
  std::string why;
  const auto move = dg::parseMove(text, &why);
  if (!move) return Step::fail(why);
  return resolveWritten(board, frame, *move);
}

std::string writeDirectionMove(const Board& board, const GameFrame& frame, const Move& move, dg::Spelling spelling) {
  return dg::writeMove(canonicalMove(DirectionView(board, frame), move), spelling);
}

void readDirection(std::string_view text, const GameSink& sink, ReadOptions options) {
  NumberedSink out(sink);
  dg::parseGames(text, [&](grammar::Game<dg::Move>&& game) { out(replayDirectionGame(std::move(game), options)); });
}

std::string writeDirection(const ReplayedGame& game, dg::Spelling spelling) {
  auto out = describeInOwnFrame<dg::Move>(game, [](const Board& board, const GameFrame& frame, const Move& m) {
    return canonicalMove(DirectionView(board, frame), m);
  });
  asHeaderLines(out.tags);
  return dg::writeGame(out, spelling);
}

}  // namespace apiary::notation
