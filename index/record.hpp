// A replayed game turned into what the index stores: the hash of the canonical
// position at every ply, the moves as packed UHP strings (for the catalogue) and
// carried into the canonical frame of the position before them (so that a move
// can be shown in anyone's orientation), the result relative to the first mover,
// and the game's identity. Building records is the expensive, parallel part of an
// ingest (a canonicalisation per ply); Database::addGames only writes them.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/board.hpp"
#include "engine/canonical.hpp"
#include "engine/canonical_track.hpp"
#include "engine/move_observer.hpp"
#include "features/pattern_trace.hpp"
#include "index/counts.hpp"
#include "index/keys.hpp"
#include "index/packed_move.hpp"

namespace apiary::index {

using Tags = std::vector<std::pair<std::string, std::string>>;

// What the file said about the game. Players, event, site and date are read from
// the tags White, Black, Event, Site and Date (any letter case).
struct GameMeta {
  std::string source;       // the file, or "archive.zip/member"
  int64_t sourceIndex = 0;  // 0-based position of the game in its source
  std::string notation;     // the notation's name
  Tags tags;
  std::optional<GameState> result;  // as the file states it; nullopt: the board's own
  // Moves lenient reading repaired: (ply, kind), kind as notation::RepairKind numbers it.
  std::vector<std::pair<int, uint8_t>> repairs;
};

// A move in the canonical frame of the position it is played from: the piece's
// bug, whether it belongs to the side to move (a Pillbug throws the other's), and
// from where to where in canonical coordinates.
struct CanonicalMove {
  bool pass = false;
  Bug bug = Bug::Queen;
  bool opponents = false;
  std::optional<Axial> from;  // nullopt: a placement
  Axial to;
  bool operator==(const CanonicalMove&) const = default;
};

struct GameRecord {
  GameMeta meta;
  GameType type;
  Color firstMover = Color::White;
  uint32_t plies = 0;
  Outcome outcome = Outcome::Unknown;
  std::string isoDate;                  // empty when the date cannot be read
  std::vector<PositionHash> positions;  // ply 0..plies
  std::vector<CanonicalMove> moves;     // ply 1..plies, in the frame of the position before
  std::vector<PackedMove> uhpMoves;     // ply 1..plies
  PositionKey finalKey;
  // Identity for "the same game again": the notation, the tags and the sequence of
  // canonical positions. A mirrored copy with the same tags is the same game; the
  // same game from a file in another notation is another record.
  uint64_t fingerprint = 0;
  // The sequence of canonical positions alone (XXH3 of the hashes), for finding the
  // same game under other tags or in other notations.
  uint64_t sequence = 0;
  // What pattern search reads without a replay (pattern_store.hpp).
  std::vector<PlyFeatures> plyFeatures;  // ply 1..plies
  Contacts contacts;

  GameState result() const { return stateOf(outcome, firstMover); }
  const std::string* tag(std::string_view name) const;
};

// The record of a game replayed to its end (`game`), walking its history again.
GameRecord makeRecord(const Board& game, GameMeta meta);

// Builds a record during the game's own replay, told of every move
// (engine/move_observer.hpp), so that the game is walked once: what ingest does.
// The record is the one makeRecord would make of the same game.
class RecordBuilder final : public MoveObserver {
 public:
  void started(const Board& empty, std::size_t writtenMoves) override;
  void beforeMove(const Board& before, const Move& m) override;
  void afterMove(const Board& after, const Move& m) override;
  // Whether the moves followed since the last start are those of `game` (the
  // same first mover and number of moves, the last one alike): a reader that
  // replays otherwise, or a game that failed, leaves it unusable.
  bool followed(const Board& game) const;
  // The record of `game`, which followed() must accept; the builder then waits
  // for the next start.
  GameRecord finish(const Board& game, GameMeta meta);
  // Forgets the game followed (one rejected, or read without the builder).
  void forget() { following_ = false; }

 private:
  GameRecord record_;
  std::optional<CanonicalTrack> track_;
  PatternTrace trace_;
  bool following_ = false;
  Color firstMover_ = Color::White;
  Move last_;
  // Of the position before the move in play, for afterMove.
  CanonicalFrame frame_;
  Axial from_;
  bool blackMoved_ = false;
};

// The tag's value (name compared without letter case), or nullptr.
const std::string* findTag(const Tags& tags, std::string_view name);

}  // namespace apiary::index
