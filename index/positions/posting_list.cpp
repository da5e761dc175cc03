#include "index/positions/posting_list.hpp"

#include <algorithm>
#include <iterator>

namespace apiary::index {

namespace {

bool newerFirst(const Posting& a, const Posting& b) { return a.game > b.game; }

}  // namespace

void encodePostings(std::span<const Posting> postings, std::string& out) {
  putVarint(out, postings.size());
  GameDeltas deltas;
  for (const Posting& p : postings) {
    deltas.put(out, p.game);
    putVarint(out, p.ply);
  }
}

uint64_t postingCount(std::string_view list) {
  Reader in(list);
  return list.empty() ? 0 : in.varint();
}

bool decodePostings(std::string_view list, std::vector<Posting>& out, uint64_t count) {
  if (list.empty()) return true;
  // One tight loop over a local reader, cheaper than a cursor object: the start
  // position's list holds a posting for every game.
  Reader in(list);
  const uint64_t n = in.varint();
  if (!in.ok() || n > list.size()) return false;  // each posting takes at least two bytes
  const uint64_t take = std::min(n, count);
  out.reserve(out.size() + take);
  GameDeltas deltas;
  for (uint64_t i = 0; i < take && in.ok(); ++i) {
    const GameId game = deltas.read(in);
    out.push_back({game, uint32_t(in.varint())});
  }
  // Read to its end, a list must end there; read in part, it is not judged further.
  return in.ok() && (take < n || in.atEnd());
}

namespace {

// A list read one posting at a time: the next one in `head` while `live`.
class ListCursor {
 public:
  explicit ListCursor(std::string_view list) : in_(list) {
    left_ = list.empty() ? 0 : in_.varint();
    if (left_ > list.size()) in_.invalidate();  // each posting takes at least two bytes
    advance();
  }
  // False once the list is done (live turns false) or broken (ok turns false).
  bool advance() {
    live = left_ > 0 && in_.ok();
    if (!live) return false;
    head.game = deltas_.read(in_);
    head.ply = uint32_t(in_.varint());
    --left_;
    return in_.ok();
  }
  // Read whole and nothing after its last posting.
  bool ok() const { return in_.ok() && (left_ > 0 || in_.atEnd()); }
  uint64_t left() const { return left_ + uint64_t(live); }  // the head included

  Posting head;
  bool live = false;

 private:
  Reader in_;
  GameDeltas deltas_;
  uint64_t left_ = 0;
};

}  // namespace

bool mergePostingLists(std::span<const std::string_view> lists, std::string& out) {
  // Streamed from the encoded lists to the encoded list: decoded postings take 16
  // bytes a game (twice, with a merge's buffer), and the start position's list holds
  // every game of the database, merged by compactions in the middle of an ingest.
  std::vector<ListCursor> cursors;
  cursors.reserve(lists.size());
  uint64_t total = 0;
  std::size_t bytes = 0;
  for (std::string_view list : lists) {
    cursors.emplace_back(list);
    total += cursors.back().left();
    bytes += list.size();
  }
  out.clear();
  out.reserve(bytes + 10);  // gaps only shrink when lists merge; the count may grow a byte
  putVarint(out, total);
  GameDeltas deltas;
  for (;;) {
    // The newest head, and the newest of the others: batches hold consecutive ids,
    // so one list usually gives a long run before another's head is newer.
    ListCursor* best = nullptr;
    GameId next = 0;  // the others' newest head (ids start at 1)
    for (ListCursor& c : cursors) {
      if (!c.live) continue;
      if (!best || c.head.game > best->head.game) {
        if (best) next = std::max(next, best->head.game);
        best = &c;
      } else {
        next = std::max(next, c.head.game);
      }
    }
    if (!best) break;
    do {
      deltas.put(out, best->head.game);
      putVarint(out, best->head.ply);
    } while (best->advance() && best->head.game > next);
  }
  return std::all_of(cursors.begin(), cursors.end(), [](const ListCursor& c) { return c.ok(); });
}

bool pageOfPostings(std::string_view a, std::string_view b, uint64_t offset, uint64_t limit, std::vector<Posting>& out,
                    uint64_t& total) {
  out.clear();
  const uint64_t na = postingCount(a), nb = postingCount(b);
  total = na + nb;
  const uint64_t end = offset < total ? offset + std::min(limit, total - offset) : 0;
  // Each list gives at most `end` of the union's first `end` postings. A popular
  // position's are nearly all in one list: then they are decoded straight into
  // `out` (a million postings are 16 MB, not to be copied twice).
  if (na == 0 || nb == 0) {
    if (!decodePostings(na ? a : b, out, end) || !decodePostings(na ? b : a, out, 0)) return false;
  } else {
    std::vector<Posting> first, second;
    if (!decodePostings(a, first, end) || !decodePostings(b, second, end)) return false;
    out.reserve(std::min<uint64_t>(end, first.size() + second.size()));
    std::merge(first.begin(), first.end(), second.begin(), second.end(), std::back_inserter(out), newerFirst);
  }
  if (out.size() < end) return false;  // the counts promised more than the lists hold
  out.resize(end);
  out.erase(out.begin(), out.begin() + std::ptrdiff_t(std::min<uint64_t>(offset, end)));
  return true;
}

}  // namespace apiary::index
