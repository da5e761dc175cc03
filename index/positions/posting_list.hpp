// Postings: which games reached a position, and the first ply each was there.
//
// A posting list is stored newest (highest game id) first:
//   varint n, then n postings: varint game (the first in full, then the gap below
//   the previous one, always > 0), varint ply.
// Gaps keep a long list at two or three bytes a game. It is the value under a
// popular position's own key ('g', keys.hpp) and the merge operand a batch writes
// there; an aggregate position record ends with one too (the postings kept in its
// bucket). Merging lists is a merge of sorted lists, so RocksDB's merge operator
// keeps them without reading anything else.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "index/codec.hpp"
#include "index/keys.hpp"

namespace apiary::index {

struct Posting {
  GameId game = 0;
  uint32_t ply = 0;
  bool operator==(const Posting&) const = default;
};

// Game ids newest first: the first in full, then each as the gap below the previous
// one. Reading refuses a gap of zero or one that would go below 1.
class GameDeltas {
 public:
  void put(std::string& out, GameId game) { putVarint(out, next(game)); }
  // The same into room the caller made (writeVarint: at most 10 bytes).
  char* write(char* p, GameId game) { return writeVarint(p, next(game)); }
  GameId read(Reader& in) {
    const uint64_t v = in.varint();
    if (!first_ && (v == 0 || v >= uint64_t(previous_))) in.invalidate();
    previous_ = first_ ? GameId(v) : previous_ - GameId(v);
    first_ = false;
    return previous_;
  }

 private:
  uint64_t next(GameId game) {
    const uint64_t v = first_ ? uint64_t(game) : uint64_t(previous_ - game);
    first_ = false;
    previous_ = game;
    return v;
  }
  bool first_ = true;
  GameId previous_ = 0;
};

// Appends the list (postings newest first) to `out`.
void encodePostings(std::span<const Posting> postings, std::string& out);

// How many postings the list holds (reading only its count; 0 for an empty view).
uint64_t postingCount(std::string_view list);

// The list's first `count` postings (all of them when it holds fewer), appended to
// `out`, so that a page of a long list decodes only what comes before the page's
// end; false when the bytes are not a posting list. An empty view is an empty list.
bool decodePostings(std::string_view list, std::vector<Posting>& out, uint64_t count = UINT64_MAX);

// Merges posting lists of one position (games in no two of them) into one.
bool mergePostingLists(std::span<const std::string_view> lists, std::string& out);

// Postings [offset, offset + limit) of the union of two lists, newest first, and
// how many there are in all.
bool pageOfPostings(std::string_view a, std::string_view b, uint64_t offset, uint64_t limit, std::vector<Posting>& out,
                    uint64_t& total);

}  // namespace apiary::index
