// The replay driver shared by every notation: it plays a game's written moves one
// by one through a notation-specific step, so that game types, the tournament
// rule, syntax errors and illegal moves are handled the same way everywhere.
#pragma once
#include <algorithm>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "engine/explain.hpp"
#include "engine/movegen.hpp"
#include "notation/game.hpp"
#include "notation/repair_kind.hpp"

namespace apiary::notation {

// What a notation's step made of one written move.
struct Step {
  std::optional<Move> move;  // the board move it names
  bool skip = false;         // not a board move (resign, draw offer): go on
  std::string error;         // why it names no move (none or several fit)
  bool legal = false;        // the move was chosen among legal moves: no second check

  static Step play(Move m) { return {m, false, {}, false}; }
  static Step playLegal(Move m) { return {m, false, {}, true}; }
  static Step skipped() { return {std::nullopt, true, {}, false}; }
  static Step fail(std::string why) { return {std::nullopt, false, std::move(why), false}; }
};

struct ReplaySetup {
  std::optional<GameType> type;  // from the file; none: the smallest that fits
  Color firstMover = Color::White;
  bool lenient = false;                 // repair moves that fit nothing (notation/repair.hpp)
  MoveObserver* observer = nullptr;     // told of every move played (ReadOptions::observer)
  std::optional<GameType> unnamedType;  // ReadOptions::unnamedType
};

// Plays m on the replayed board, telling the observer, if any.
inline void playObserved(Board& board, const ReplaySetup& setup, const Move& m) {
  if (setup.observer) setup.observer->beforeMove(board, m);
  board.play(m);
  if (setup.observer) setup.observer->afterMove(board, m);
}

// A move repaired by lenient reading: the move played and what was changed.
struct Repaired {
  Move move;
  RepairKind kind;
  std::string detail;  // e.g. "gate and contact rules ignored"
};

// The replay of a notation without repairs.
struct NoRepair {
  template <class Written>
  std::optional<Repaired> operator()(const Board&, const Written&, const Step&) const {
    return std::nullopt;
  }
};

// A failed move: repaired and played when the game is read leniently and has
// repairs left (true), else the game's error, naming the repair when one exists.
bool repairOrReject(ReplayedGame& game, const ReplaySetup& setup, const grammar::SourcePos& at, std::string_view text,
                    std::string why, const std::optional<Repaired>& repair);

// The first of a game's syntax errors in the text (the grammars list some out of order).
const grammar::Rejection& firstSyntaxError(const std::vector<grammar::Rejection>& errors);

// How many of `moves` (in text order) were written before `at`: they are replayed
// before a syntax error there is reported, at the ply after them.
template <class WrittenMoves>
[[gnu::cold, gnu::noinline]] std::size_t writtenBefore(const WrittenMoves& moves, const grammar::SourcePos& at) {
  const auto after = std::find_if(moves.begin(), moves.end(), [&](const auto& w) {
    return w.pos.line > at.line || (w.pos.line == at.line && w.pos.column >= at.column);
  });
  return std::size_t(after - moves.begin());
}

// The game's error for a syntax error once the moves before it are replayed: at the
// ply after them, or ply 0 when no move came before it (a tag's error, say).
void rejectForSyntax(ReplayedGame& game, const grammar::Rejection& error, std::size_t movesBefore);

// Shrinks the game type to the pieces used (or widens ReplaySetup::unnamedType to
// hold them) when the file named none, and notes
// the oddities of a game that replayed.
void finishReplay(ReplayedGame& game, const ReplaySetup& setup);

// The repair search, kept out of the replay loop: it runs only for moves that fail.
template <class RepairFn, class Written>
[[gnu::cold, gnu::noinline]] std::optional<Repaired> askRepair(RepairFn& repair, const Board& board,
                                                               const Written& written, const Step& failed) {
  return repair(board, written, failed);
}

// Replays `game` (a grammar::Game<M>), calling step(board, written) for each move.
// Archives hold older games that open with a Queen, so the tournament rule is off
// and such openings are noted. A move that names no legal move rejects the game
// with its line, column and ply, unless `repair(board, written, failedStep)` finds
// a repair (asked only for moves that fail); a syntax error rejects it (never
// repaired) once the moves written before it are replayed, at the ply after them.
// A game passed as an rvalue gives up its tags to the replayed game (nothing else
// of it is taken).
template <class WrittenGame, class StepFn, class RepairFn = NoRepair>
ReplayedGame replayWritten(WrittenGame&& game, ReplaySetup setup, StepFn&& step, RepairFn&& repair = {}) {
  ReplayedGame out{.pos = game.pos,
                   .tags = std::forward<WrittenGame>(game).tags,
                   .board = Board(setup.type.value_or(GameType::all()), Rules{.tournament = false}, setup.firstMover),
                   .error = {},
                   .notes = {},
                   .setUp = false,
                   .repairs = {}};
  if (setup.observer) setup.observer->started(out.board, game.moves.size());
  // A syntax error stops the replay where it stands; errors are rare, so the moves
  // are counted only then.
  const grammar::Rejection* syntaxError = game.errors.empty() ? nullptr : &firstSyntaxError(game.errors);
  const std::size_t readable =
      syntaxError ? writtenBefore(game.moves, {syntaxError->line, syntaxError->column}) : game.moves.size();
  for (const auto& written : std::span(game.moves).first(readable)) {
    Step s = step(const_cast<const Board&>(out.board), written);
    if (s.skip) continue;
    // The reason is worded only for a move that fails: legal moves are nearly all.
    if (s.move && (s.legal || isLegal(out.board, *s.move))) {
      playObserved(out.board, setup, *s.move);
      continue;
    }
    std::string why = s.move ? whyIllegal(out.board, *s.move) : std::move(s.error);
    if (!repairOrReject(out, setup, written.pos, written.text, std::move(why),
                        askRepair(repair, const_cast<const Board&>(out.board), written, s)))
      return out;
  }
  if (syntaxError) {
    rejectForSyntax(out, *syntaxError, readable);
    return out;
  }
  // Moves skipped (a draw offer) or dropped by a repair leave nothing to replay:
  // such a game would be written as tags alone, which reads as no game.
  if (out.board.history().empty()) {
    out.error = grammar::rejectionAt(game.pos.line, game.pos.column, 0, "the game has no moves");
    return out;
  }
  finishReplay(out, setup);
  return out;
}

}  // namespace apiary::notation
