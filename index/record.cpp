#include "index/record.hpp"

#include <xxhash.h>

#include <cctype>

#include "index/codec.hpp"
#include "index/iso_date.hpp"

namespace apiary::index {

namespace {

bool sameName(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

// Where a move goes, in true coordinates. The destination touches the hive (or is
// the first cell of the game), so the board can name it.
Axial destination(const Board& before, const Move& m) {
  if (const auto at = before.axialOf(m.to)) return *at;
  return Axial{};  // the empty board: the first piece stands at the origin
}

CanonicalMove canonicalMove(const Board& before, const CanonicalFrame& frame, const Move& m) {
  CanonicalMove c;
  if (m.isPass()) {
    c.pass = true;
    return c;
  }
  c.bug = bugOf(m.piece);
  c.opponents = colorOf(m.piece) != before.toMove();
  if (!m.isPlacement()) c.from = frame.toCanonical(before.axialOfPiece(m.piece));
  c.to = frame.toCanonical(destination(before, m));
  return c;
}

uint64_t fingerprintOf(const GameRecord& r) {
  std::string bytes;
  bytes.reserve(256 + 8 * r.positions.size());
  const auto text = [&](std::string_view s) {
    putVarint(bytes, s.size());
    bytes.append(s);
  };
  text(r.meta.format);
  putVarint(bytes, r.meta.tags.size());
  for (const auto& [name, value] : r.meta.tags) {
    text(name);
    text(value);
  }
  for (PositionHash h : r.positions) putBigEndian64(bytes, h);
  // The moves as written in the game's own orientation: a mirrored, rotated or
  // colour-swapped copy is another record (statistics add up; dedup reports it).
  for (PackedMove m : r.uhpMoves) putVarint(bytes, m);
  return XXH3_64bits(bytes.data(), bytes.size());
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
  Board board(game.type(), game.rules(), game.firstMover());
  for (std::size_t ply = 0;; ++ply) {
    const CanonicalPosition position = canonicalize(board);
    r.positions.push_back(positionHash(position.key));
    if (ply == history.size()) {
      r.finalKey = position.key;
      break;
    }
    const Move& m = history[ply];
    r.uhpMoves.push_back(packMove(board, m));
    r.moves.push_back(canonicalMove(board, position.frame, m));
    board.play(m);
  }
  r.fingerprint = fingerprintOf(r);
  r.sequence = XXH3_64bits(r.positions.data(), r.positions.size() * sizeof(PositionHash));
  return r;
}

}  // namespace apiary::index
