// What duplicate detection (query/games/dedup) reads of a whole database, each in one
// streaming pass and without the parts it does not need:
//
// - every game's length, final position and position sequence (the catalogue's
//   plies, final_key and sequence columns), in id order: exact duplicates share
//   a sequence, transpositions a final position and length;
// - the postings of chosen positions (the final positions of games), found by one
//   ordered scan of RocksDB that decodes only those records: a game that is the
//   start of another ends at a position the other passes at the same ply.
//
// A DedupReader opens its own read-only catalogue connection and RocksDB reader,
// and sees the games the Database it was made from sees (ids up to db.lastGame()
// when made); postings of later games are left out.
#pragma once
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "index/catalogue/sqlite.hpp"
#include "index/database.hpp"
#include "index/positions/position_record.hpp"

namespace apiary::index {

class PositionStore;

struct DedupKeys {
  GameId id = 0;
  uint32_t plies = 0;
  PositionHash finalPosition = 0;  // positionHash of the final key
  uint64_t sequence = 0;           // XXH3 of the position hashes at plies 0..plies
};

// The catalogue's sequence column for these positions (plies 0..n-1): what a game
// of n-1 plies has as its sequence, so a longer game's first plies can be compared
// with a shorter game's whole. Must hash as makeRecord does (a test holds them).
uint64_t sequenceOf(std::span<const PositionHash> positions);

struct GameSource {
  std::string path;   // the file, or "archive.zip/member"
  int64_t index = 0;  // 0-based position of the game in it
  std::string notation;
};

class DedupReader {
 public:
  explicit DedupReader(const Database& db);
  ~DedupReader();
  DedupReader(const DedupReader&) = delete;
  DedupReader& operator=(const DedupReader&) = delete;

  GameId visible() const { return visible_; }

  // Every game, in id order.
  void forEachGame(const std::function<void(const DedupKeys&)>& f) const;

  // How forEachPostings reads: a lookup per position, or one scan of every bucket.
  // Auto takes lookups for fewer than kBucketCount / 8 positions.
  enum class Read { Auto, Lookups, Scan };

  // For each position of `wanted` (sorted ascending, no repeats) that RocksDB holds,
  // in hash order: its postings (games up to visible(), newest first).
  void forEachPostings(std::span<const PositionHash> wanted,
                       const std::function<void(PositionHash, std::span<const Posting>)>& f,
                       Read read = Read::Auto) const;

  std::optional<GameSource> source(GameId id) const;

 private:
  std::filesystem::path dir_;
  GameId visible_;
  mutable Connection db_;
  mutable std::unique_ptr<Statement> source_;
  mutable std::unique_ptr<PositionStore> positions_;  // opened on first use
};

}  // namespace apiary::index
