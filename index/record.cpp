#include "index/record.hpp"

#include <xxhash.h>

#include <algorithm>

#include "index/catalogue/iso_date.hpp"
#include "index/codec.hpp"

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

// The bytes are written into a buffer sized once (a push_back per byte was a share
// of a record's instructions), by codec.hpp's encoders: fingerprints are the stored
// identity, so their bytes must not change.
uint64_t fingerprintOf(const GameRecord& r) {
  std::size_t size = 10 + r.meta.notation.size() + 10 + 8 * r.positions.size() + 3 * r.uhpMoves.size();
  for (const auto& [name, value] : r.meta.tags) size += 20 + name.size() + value.size();
  std::string bytes(size, '\0');
  char* out = bytes.data();
  const auto varint = [&](uint64_t v) { out = writeVarint(out, v); };
  const auto text = [&](std::string_view s) {
    varint(s.size());
    out = std::copy(s.begin(), s.end(), out);
  };
  text(r.meta.notation);
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
  RecordBuilder builder;
  Board walk(game.type(), game.rules(), game.firstMover());
  builder.started(walk, game.history().size());
  for (const Move& m : game.history()) {
    builder.beforeMove(walk, m);
    walk.play(m);
    builder.afterMove(walk, m);
  }
  return builder.finish(game, std::move(meta));
}

// The positions follow each other by one move: CanonicalTrack updates what a move
// changes, hash included, instead of canonicalising every ply from scratch; only
// the final position's key is written (positionHash(finalKey) is its hash).
void RecordBuilder::started(const Board& empty, std::size_t writtenMoves) {
  record_ = GameRecord{};
  record_.positions.reserve(writtenMoves + 1);
  record_.moves.reserve(writtenMoves);
  record_.uhpMoves.reserve(writtenMoves);
  track_.emplace(empty);
  trace_ = PatternTrace(writtenMoves);
  following_ = true;
  firstMover_ = empty.firstMover();
}

void RecordBuilder::beforeMove(const Board& before, const Move& m) {
  const HashedPosition position = track_->hashed(before);
  record_.positions.push_back(position.hash);
  frame_ = position.frame;
  record_.uhpMoves.push_back(packMove(before, m));
  from_ = m.isPass() || m.isPlacement() ? Axial{} : before.axialOfPiece(m.piece);
  blackMoved_ = before.toMove() == Color::Black;
  track_->beforeMove(before, m);
}

void RecordBuilder::afterMove(const Board& after, const Move& m) {
  track_->afterMove(after, m);
  trace_.played(after, m);
  record_.moves.push_back(canonicalMove(blackMoved_, after, frame_, m, from_));
  last_ = m;
}

bool RecordBuilder::followed(const Board& game) const {
  const std::vector<Move>& history = game.history();
  return following_ && game.firstMover() == firstMover_ && record_.moves.size() == history.size() &&
         (history.empty() || history.back() == last_);
}

GameRecord RecordBuilder::finish(const Board& game, GameMeta meta) {
  GameRecord r = std::move(record_);
  record_ = GameRecord{};
  following_ = false;
  r.meta = std::move(meta);
  r.type = game.type();
  r.firstMover = game.firstMover();
  r.plies = uint32_t(game.history().size());
  r.outcome = outcomeOf(r.meta.result.value_or(game.state()), r.firstMover);
  if (const std::string* date = r.tag("Date")) r.isoDate = isoDate(*date);
  // The type only names the pieces a game may use: a game read without one is
  // shrunk to those it used once replayed, and no position changes.
  r.positions.push_back(track_->hashed(game).hash);
  r.finalKey = track_->canonical(game).key;
  r.plyFeatures = trace_.plies();
  r.contacts = trace_.contacts();
  r.fingerprint = fingerprintOf(r);
  r.sequence = XXH3_64bits(r.positions.data(), r.positions.size() * sizeof(PositionHash));
  return r;
}

}  // namespace apiary::index
