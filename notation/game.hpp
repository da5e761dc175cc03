// A game as ingest hands it on: what the file said about it (tags), the board it
// replays to, and, for a rejected game, why and where.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/board.hpp"
#include "engine/move_observer.hpp"
#include "grammar/syntax.hpp"
#include "notation/repair_kind.hpp"

namespace apiary::notation {

// A rejected game's record is grammar::Rejection (grammar/rejection.hpp): a
// reader fills its place, its ply (1-based, of the move that failed; 0 when the
// whole game is unusable: no moves, a bad header) and its message.

// A move lenient reading repaired: where, which ply, and the warning's text, in
// the same shape as a rejection's (its file fields unused).
struct RepairNote {
  grammar::Rejection where;  // line, column, ply and "'text': repaired: ... -> move"
  RepairKind kind;
};

// How to read: strictly (the default), or repairing moves that fit nothing; and
// who follows each game's moves as they are replayed (ingest's record builder),
// for the notations that replay through replay.hpp's driver.
struct ReadOptions {
  // The game type of a game whose text names none, widened to hold the pieces its
  // moves use (a user's move list in the game type of their request). None: the
  // smallest type that holds them, as for archive files.
  std::optional<GameType> unnamedType = std::nullopt;
  bool lenient = false;
  MoveObserver* observer = nullptr;
};

struct ReplayedGame {
  int index = 0;           // 0-based position of the game in its file
  grammar::SourcePos pos;  // where the game starts
  std::vector<grammar::Tag> tags;
  Board board;  // replayed to the end, or up to the failing move
  std::optional<grammar::Rejection> error;
  std::vector<std::string> notes;   // accepted oddities, e.g. a Queen-first opening
  bool setUp = false;               // a position without history (position strings)
  std::vector<RepairNote> repairs;  // moves read leniently, in ply order

  bool ok() const { return !error.has_value(); }
  const std::string* tag(std::string_view name) const;
};

// Where a reader hands each game as soon as it is replayed, in file order: the
// consumer works on a board that is still in the cache, and a file's games are
// never all held at once (a game holds a whole board).
using GameSink = std::function<void(ReplayedGame&&)>;

// A reader's outlet: numbers a file's games in the order it hands them on.
class NumberedSink {
 public:
  explicit NumberedSink(const GameSink& sink) : sink_(sink) {}
  void operator()(ReplayedGame&& game) {
    game.index = next_++;
    sink_(std::move(game));
  }

 private:
  const GameSink& sink_;
  int next_ = 0;
};

// A game known to be legal (generated, or from the index) with its tags, ready
// for the writers.
ReplayedGame gameFromBoard(Board board, const std::vector<std::pair<std::string, std::string>>& tags);

// "file:line:column: ply N: message", the one line a user sees per rejected game.
std::string describeError(const std::string& path, const grammar::Rejection& error);

}  // namespace apiary::notation
