// The algebraic (grid) notation (notations.md section 5): the bridge between
// grammar/algebraic and the engine. The grid is the frame the game fixes
// (notation/frame.hpp): the first piece at m0, the second at n0, and the first piece
// off the zero row on a positive row. Columns repeat every 52, so they are compared
// modulo 52. Reading keeps the legal moves that fit what was written (the colour,
// the origin and the `@` may be left out); the short and compressed writers give the
// origin only as far as needed to tell the move apart, as chess does.
#include <algorithm>
#include <array>
#include <cstdlib>
#include <vector>

#include "engine/relaxed_movement.hpp"
#include "engine/walks.hpp"
#include "notation/move_text.hpp"
#include "notation/notations.hpp"
#include "notation/repair.hpp"
#include "notation/resolve.hpp"

namespace apiary::notation {

namespace {

namespace ag = grammar::algebraic;

constexpr int kColumnPeriod = 52;  // a..z then aa..zz

bool sameColumn(int q, int written) { return (q - written) % kColumnPeriod == 0; }

char colourLetter(Color c) { return c == Color::White ? 'w' : 'b'; }

ag::Cell gridCell(Axial a) { return {a.q, a.r}; }

// A cell with its frame coordinates, worked out once: a reader's destination, where
// every candidate it checks ends.
struct KnownCell {
  Cell cell = kNoCell;
  Axial at;
};

// The board cell of a grid cell (as written, columns modulo 52) within one step of
// a piece; none when it touches no piece. The piece it touches says which of the
// cells 52 columns apart is meant.
std::optional<KnownCell> cellNextToHive(const Board& board, const GameFrame& frame, const ag::Cell& to) {
  // Nearly always the column as written is meant: when that cell is at the hive it
  // is the answer, as the cells at a hive of 28 pieces span fewer than 52 columns.
  // Only otherwise is every piece asked.
  const Axial written = frame.fromFrame({*to.q, *to.r});
  if (const Cell c = cellAt(written); (board.occupied(c) || board.occupiedAround(c)) && board.axialOf(c) == written)
    return KnownCell{c, {*to.q, *to.r}};
  for (PieceId p = 0; p < kPieces; ++p) {
    if (!board.onBoard(p)) continue;
    const Axial a = frame.toFrame(board.axialOfPiece(p));
    int dq = (a.q - *to.q) % kColumnPeriod;
    if (dq > kColumnPeriod / 2) dq -= kColumnPeriod;
    if (dq < -kColumnPeriod / 2) dq += kColumnPeriod;
    const int dr = a.r - *to.r;
    if (std::abs(dq) + std::abs(dr) + std::abs(dq + dr) <= 2) {
      const Cell c = cellAt(frame.fromFrame({a.q - dq, *to.r}));
      return KnownCell{c, frame.at(board, c)};
    }
  }
  return std::nullopt;
}

// Whether f holds for a piece next to both ends of a move (where the one that
// threw it must stand), trying them in cell order.
template <class F>
bool anyBeside(const Board& board, const Move& m, F&& f) {
  for (int d = 0; d < kDirs; ++d) {
    const Cell c = neighbor(m.from, d);
    const PieceId p = board.top(c);
    if (p != kNoPiece && directionTo(c, m.to) >= 0 && f(p)) return true;
  }
  return false;
}

bool fits(const Board& board, const GameFrame& frame, const ag::Move& w, const Move& m, const KnownCell& known = {}) {
  if (w.pass || m.isPass()) return w.pass && m.isPass();
  if (w.piece.colour && colourLetter(colorOf(m.piece)) != w.piece.colour) return false;
  if (kBugLetters[int(bugOf(m.piece))] != w.piece.bug) return false;
  if (w.placement && !m.isPlacement()) return false;
  const Axial to = m.to == known.cell ? known.at : frame.at(board, m.to);
  if (!sameColumn(to.q, *w.to.q) || to.r != *w.to.r) return false;
  if ((w.from || w.assist) && m.isPlacement()) return false;
  if (w.from) {
    const Axial from = frame.at(board, m.from);
    if ((w.from->q && !sameColumn(from.q, *w.from->q)) || (w.from->r && from.r != *w.from->r)) return false;
  }
  if (w.assist) {
    const ag::Assist& a = *w.assist;
    return anyBeside(board, m, [&](PieceId p) {
      if (kBugLetters[int(bugOf(p))] != a.piece.bug) return false;
      if (a.piece.colour && colourLetter(colorOf(p)) != a.piece.colour) return false;
      const Axial at = frame.at(board, board.cellOf(p));
      return !a.at || (sameColumn(at.q, *a.at->q) && at.r == *a.at->r);
    });
  }
  return true;
}

// The written move for m: the long form in full, else the origin only as far as
// needed (nothing, the column, the row, both: the chess order).
ag::Move describe(const Board& board, const GameFrame& frame, const std::vector<Move>& legal, const Move& m,
                  ag::Form form) {
  ag::Move w;
  if (m.isPass()) {
    w.pass = true;
    return w;
  }
  w.piece = {colourLetter(colorOf(m.piece)), kBugLetters[int(bugOf(m.piece))]};
  w.to = gridCell(frame.at(board, m.to));
  if (m.isPlacement()) {
    w.placement = true;  // `@` always: a placement is never mistaken for a move
    return w;
  }
  // A Pillbug's throw is credited when it moved the opponent's piece, the one case
  // the move itself cannot have been the piece's own.
  if (colorOf(m.piece) != board.toMove())
    anyBeside(board, m, [&](PieceId p) {
      if (colorOf(p) != board.toMove() || !walks::canThrow(board, p)) return false;
      w.assist = ag::Assist{{colourLetter(colorOf(p)), kBugLetters[int(bugOf(p))]}, std::nullopt};
      if (form == ag::Form::Long) w.assist->at = gridCell(frame.at(board, board.cellOf(p)));
      return bugOf(p) == Bug::Pillbug;  // a Pillbug is named before a Mosquito copying it
    });
  const ag::Cell full = gridCell(frame.at(board, m.from));
  const auto only = [&](std::optional<ag::Cell> from) {
    w.from = from;
    const auto f = fittingMoves(legal, [&](const Move& c) { return fits(board, frame, w, c); });
    return f.size() == 1 && f.front() == m;
  };
  if (form == ag::Form::Long) {
    w.from = full;
    return w;
  }
  if (only(std::nullopt) || only(ag::Cell{full.q, std::nullopt}) || only(ag::Cell{std::nullopt, full.r})) return w;
  w.from = full;
  return w;
}

// Both colours' copies of the bug a letter names (none for any other byte), looked
// up for every move read: asking each piece cost more than parsing the move.
constexpr std::array<uint32_t, 256> kPiecesOfLetter = [] {
  std::array<uint32_t, 256> pieces{};
  for (int bug = 0; bug < kBugs; ++bug)
    pieces[static_cast<unsigned char>(kBugLetters[bug])] =  // times 1 + 2^14: White's copies and Black's
        ((uint32_t(1) << kBugCopies[bug]) - 1) * (1u | pieceBit(kSlots)) << kBugFirstSlot[bug];
  return pieces;
}();

// The pieces a written piece can mean: its bug's, of its colour when written.
uint32_t namedBy(const ag::Piece& w) {
  const uint32_t pieces = kPiecesOfLetter[static_cast<unsigned char>(w.bug)];
  if (!w.colour) return pieces;
  return w.colour == 'w' ? pieces & colorMask(Color::White) : w.colour == 'b' ? pieces & colorMask(Color::Black) : 0;
}

Step resolveWritten(const Board& board, const GameFrame& frame, const ag::Move& w) {
  std::optional<KnownCell> to;
  if (!w.pass && board.ply() > 0 && !(to = cellNextToHive(board, frame, w.to)))
    return Step::fail("the destination " + ag::qToColumn(*w.to.q) + std::to_string(*w.to.r) + " touches no piece");
  // Moves of the bug written only (of its colour, when written): the long form the
  // ambiguity message uses needs no other piece's moves.
  const uint32_t named = w.pass ? kAllPieces : namedBy(w.piece);
  const KnownCell destination = to.value_or(KnownCell{});
  auto fitsWritten = [&](const Move& m) { return fits(board, frame, w, m, destination); };
  if (to) {  // the written cell is the destination: check the named pieces' moves there
    std::vector<Move>& candidates = scratchMoves();
    addLegalMovesTo(board, named, to->cell, candidates);
    if (const auto only = onlyFitting(candidates, fitsWritten)) return Step::playLegal(*only);
  }
  const auto legal = legalMoveVector(board, named);
  return chooseOne(fittingMoves(legal, fitsWritten), "no legal move fits", [&](const Move& m) {
    return ag::writeMove(describe(board, frame, legal, m, ag::Form::Long), ag::Form::Long);
  });
}

// The movements a written move fits once the sliding rules are dropped.
std::vector<Move> relaxedFitting(const Board& board, const GameFrame& frame, const ag::Move& w) {
  if (w.pass || board.ply() == 0) return {};
  const std::optional<KnownCell> to = cellNextToHive(board, frame, w.to);
  if (!to) return {};
  return fittingMoves(movementsIgnoringSlideRules(board, namedBy(w.piece)),
                      [&](const Move& m) { return fits(board, frame, w, m, *to); });
}

// Takes the game's tags: the grammar hands each game over to be replayed once.
ReplayedGame replayAlgebraicGame(grammar::Game<ag::Move>&& game, ReadOptions options) {
  std::string error;
  const auto setup = setupFromFirstPiece(
      game, options, [](const ag::Move& m) { return m.pass; },
      // colour is optional: White by default
      [](const ag::Move& m) { return m.piece.colour == 'b' ? Color::Black : Color::White; }, error);
  if (!setup) return refusedGame(game, error);
  GameFrame frame;
  auto step = [&](const Board& board, const grammar::Written<ag::Move>& w) {
    // The grid is wherever the first piece was written (m0 in a game).
    if (board.ply() == 0 && !w.move.pass) frame = GameFrame::translated({*w.move.to.q, *w.move.to.r});
    return resolveWritten(board, frame, w.move);
  };
  auto relaxed = [&](const Board& board, const ag::Move& w, const Step&) { return relaxedFitting(board, frame, w); };
  auto repair = [&](const Board& board, const grammar::Written<ag::Move>& w, const Step& failed) {
    return findRepair(board, w, failed, step, relaxed, ColourLetters::Prefix, ag::parseMove);
  };
  return replayWritten(std::move(game), *setup, step, repair);
}

}  // namespace

Step readAlgebraicMove(const Board& board, const GameFrame& frame, std::string_view text) {
  const auto move = ag::parseMove(text);
  if (!move) return Step::fail("not an algebraic move");
  return resolveWritten(board, frame, *move);
}

std::string writeAlgebraicMove(const Board& board, const GameFrame& frame, const Move& move, ag::Form form) {
  return ag::writeMove(describe(board, frame, legalMoveVector(board), move, form), form);
}

void readAlgebraic(std::string_view text, const GameSink& sink, ReadOptions options) {
  NumberedSink out(sink);
  ag::parseGames(text, [&](grammar::Game<ag::Move>&& game) { out(replayAlgebraicGame(std::move(game), options)); });
}

std::string writeAlgebraic(const ReplayedGame& game, ag::Form form) {
  auto out = describeInOwnFrame<ag::Move>(game, [&](const Board& board, const GameFrame& frame, const Move& m) {
    return describe(board, frame, legalMoveVector(board), m, form);
  });
  asPgnTags(out.tags);
  return ag::writeGame(out, form) + "\n";
}

}  // namespace apiary::notation
