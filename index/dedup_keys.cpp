#include "index/dedup_keys.hpp"

#include <xxhash.h>

#include <stdexcept>

#include "index/positions/bucket.hpp"
#include "index/positions/position_store.hpp"

namespace apiary::index {

namespace {

// Below this many wanted positions, point lookups (one bucket read each) beat a
// scan of all kBucketCount buckets; above it, the scan reads each bucket once.
constexpr std::size_t kLookupLimit = kBucketCount / 8;

}  // namespace

uint64_t sequenceOf(std::span<const PositionHash> positions) {
  return XXH3_64bits(positions.data(), positions.size_bytes());
}

DedupReader::DedupReader(const Database& db)
    : dir_(db.dir()), visible_(db.lastGame()), db_(db.dir() / "catalogue.sqlite", /*readOnly=*/true) {}

DedupReader::~DedupReader() = default;

void DedupReader::forEachGame(const std::function<void(const DedupKeys&)>& f) const {
  // Hashing the key here keeps the 37-byte keys out of the caller's memory, which
  // then holds less than half as much a game.
  Statement s(db_, "SELECT id, plies, final_key, sequence FROM games WHERE id <= ?1 ORDER BY id");
  s.bind(1, visible_);
  DedupKeys k;
  while (s.step()) {
    k.id = s.integer(0);
    k.plies = uint32_t(s.integer(1));
    const auto key = s.blob(2);
    k.finalPosition = positionHash(PositionKey::fromBytes({reinterpret_cast<const char*>(key.data()), key.size()}));
    k.sequence = uint64_t(s.integer(3));
    f(k);
  }
}

void DedupReader::forEachPostings(std::span<const PositionHash> wanted,
                                  const std::function<void(PositionHash, std::span<const Posting>)>& f,
                                  Read read) const {
  // A RocksDB reader of its own (opening one opens every table file, so only when
  // asked): Database keeps its store to itself.
  if (!positions_) positions_ = std::make_unique<PositionStore>(dir_ / "positions", PositionStore::Mode::ReadOnly);
  std::vector<Posting> postings;
  const auto emit = [&](PositionHash h, std::string_view bytes, std::string_view apart) {
    uint64_t total = 0;
    // Postings only: a popular position's statistics and edges are not decoded.
    if (!PositionRecord::postingsOf(bytes, apart, 0, UINT64_MAX, postings, total))
      throw std::runtime_error("corrupt record of a position; run apiary check");
    // The RocksDB reader may have caught up past the Database's view.
    std::erase_if(postings, [&](const Posting& p) { return p.game > visible_; });
    if (!postings.empty()) f(h, postings);
  };
  if (read == Read::Lookups || (read == Read::Auto && wanted.size() < kLookupLimit)) {
    for (PositionHash h : wanted)
      positions_->readWithPostings(h, [&](std::string_view bytes, std::string_view apart) { emit(h, bytes, apart); });
    return;
  }
  // Both sides are in hash order: walk them together, decoding only wanted records.
  std::size_t next = 0;
  positions_->forEachPosition([&](PositionHash h, std::string_view bytes, std::string_view apart) {
    while (next < wanted.size() && wanted[next] < h) ++next;
    if (next < wanted.size() && wanted[next] == h) emit(h, bytes, apart);
  });
}

std::optional<GameSource> DedupReader::source(GameId id) const {
  if (!source_)
    source_ = std::make_unique<Statement>(
        db_,
        "SELECT s.path, g.source_index, g.notation FROM games g JOIN sources s ON s.id = g.source"
        " WHERE g.id = ?1 AND g.id <= ?2");
  StatementLease s(*source_);
  s->bindAll(id, visible_);
  if (!s->step()) return std::nullopt;
  return GameSource{s->text(0), s->integer(1), s->text(2)};
}

}  // namespace apiary::index
