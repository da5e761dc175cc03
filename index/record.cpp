#include "index/record.hpp"

#include <xxhash.h>

#include <algorithm>

#include "engine/canonical_board.hpp"
#include "index/codec.hpp"
#include "index/iso_date.hpp"

namespace apiary::index {

namespace {

// Tag names are ASCII: folding by hand spares a locale lookup per character (the
// catalogue asks for four tags of every game it writes).
constexpr char asciiLower(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

bool sameName(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (asciiLower(a[i]) != asciiLower(b[i])) return false;
  return true;
}

// The move m in the frame of the position it is played from (by Black or White,
// from `from` unless a placement); `after` is the board once m is played, where the
// moved piece's coordinates are its destination (cheaper than asking the board
// before the move which cell m.to is).
CanonicalMove canonicalMove(bool blackMoved, const Board& after, const CanonicalFrame& frame, const Move& m,
                            Axial from) {
  CanonicalMove c;
  if (m.isPass()) {
    c.pass = true;
    return c;
  }
  c.bug = bugOf(m.piece);
  c.opponents = (colorOf(m.piece) == Color::Black) != blackMoved;
  if (!m.isPlacement()) c.from = frame.toCanonical(from);
  c.to = frame.toCanonical(after.axialOfPiece(m.piece));
  return c;
}

// The bytes are written into a buffer sized once (a push_back per byte was 8 % of
// a record's instructions), by codec.hpp's encoders: fingerprints are the stored
// identity, so their bytes must not change.
uint64_t fingerprintOf(const GameRecord& r) {
  std::size_t size = 10 + r.meta.format.size() + 10 + 8 * r.positions.size() + 3 * r.uhpMoves.size();
  for (const auto& [name, value] : r.meta.tags) size += 20 + name.size() + value.size();
  std::string bytes(size, '\0');
  char* out = bytes.data();
  const auto varint = [&](uint64_t v) { out = writeVarint(out, v); };
  const auto text = [&](std::string_view s) {
    varint(s.size());
    out = std::copy(s.begin(), s.end(), out);
  };
  text(r.meta.format);
  varint(r.meta.tags.size());
  for (const auto& [name, value] : r.meta.tags) {
    text(name);
    text(value);
  }
  for (PositionHash h : r.positions) out = writeBigEndian64(out, h);
  // The moves as written in the game's own orientation: a mirrored, rotated or
  // colour-swapped copy is another record (statistics add up; dedup reports it).
  for (PackedMove m : r.uhpMoves) varint(m);
  return XXH3_64bits(bytes.data(), std::size_t(out - bytes.data()));
}

}  // namespace

const std::string* findTag(const Tags& tags, std::string_view name) {
  for (const auto& [n, v] : tags)
    if (sameName(n, name)) return &v;
  return nullptr;
}

const std::string* GameRecord::tag(std::string_view name) const { return findTag(meta.tags, name); }

GameRecord makeRecord(const Board& game, GameMeta meta) {
  GameRecord r;
  r.meta = std::move(meta);
  r.type = game.type();
  r.firstMover = game.firstMover();
  const std::vector<Move>& history = game.history();
  r.plies = uint32_t(history.size());
  r.outcome = outcomeOf(r.meta.result.value_or(game.state()), r.firstMover);
  if (const std::string* date = r.tag("Date")) r.isoDate = isoDate(*date);

  r.positions.reserve(history.size() + 1);
  r.moves.reserve(history.size());
  r.uhpMoves.reserve(history.size());
  // The positions follow each other by one move: CanonicalBoard updates what a
  // move changes, hash included, instead of canonicalising every ply from scratch;
  // only the final position's key is written (positionHash(finalKey) is its hash).
  CanonicalBoard walk(Board(game.type(), game.rules(), game.firstMover()));
  PatternTrace trace(history.size());
  for (std::size_t ply = 0;; ++ply) {
    const HashedPosition position = walk.hashed();
    r.positions.push_back(position.hash);
    if (ply == history.size()) {
      r.finalKey = walk.canonical().key;
      break;
    }
    const Move& m = history[ply];
    r.uhpMoves.push_back(packMove(walk.board(), m));
    const Axial from = m.isPass() || m.isPlacement() ? Axial{} : walk.board().axialOfPiece(m.piece);
    const bool blackMoved = walk.board().toMove() == Color::Black;
    walk.play(m);
    trace.played(walk.board(), m);
    r.moves.push_back(canonicalMove(blackMoved, walk.board(), position.frame, m, from));
  }
  r.plyFeatures = trace.plies();
  r.contacts = trace.contacts();
  r.fingerprint = fingerprintOf(r);
  r.sequence = XXH3_64bits(r.positions.data(), r.positions.size() * sizeof(PositionHash));
  return r;
}

}  // namespace apiary::index
