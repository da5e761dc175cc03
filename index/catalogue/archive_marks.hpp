// What a record says about the kind of game it was, beyond its moves: a tournament
// game, the players' ratings, the time control. Read once at ingest from the game's
// source name and tags, and kept in the catalogue's columns so that queries filter
// on them. (Bots and guests are not marks: they are decided from the players'
// names when a query runs, known_accounts.hpp.)
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "index/record.hpp"

namespace apiary::index {

struct ArchiveMarks {
  bool tournament = false;
  std::optional<int64_t> whiteRating, blackRating;
  const std::string* timeControl = nullptr;  // the tag's value, in the meta it was read from
};

// boardspace names a tournament game's file `T!HV-...` (`U!` is unranked) and
// repeats the name in the record's game name (SGF `GN`, `SgfGameName` once
// converted); ratings come from PGN's `WhiteElo`/`BlackElo` (also `WhiteRating`/
// `BlackRating`) or boardspace's `P0 ranking`/`P1 ranking`; the time control from
// `TimeControl` or boardspace's `TC`.
ArchiveMarks archiveMarks(const GameMeta& meta);

// A rating as written: digits, optionally a fraction (dropped); nullopt for
// anything else (`?`, `-`, empty, absurdly large).
std::optional<int64_t> ratingOf(std::string_view text);

}  // namespace apiary::index
