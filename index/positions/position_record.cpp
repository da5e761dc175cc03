#include "index/positions/position_record.hpp"

#include <algorithm>
#include <iterator>
#include <utility>

#include "index/codec.hpp"

namespace apiary::index {

namespace {

constexpr uint8_t kListForm = 0;
constexpr uint8_t kAggregateForm = 1;
constexpr uint8_t kSingleForm = 0x80;       // flag bit of the first byte
constexpr uint32_t kInlineLabelCount = 31;  // five bits of an entry's code byte

// An entry's code byte: the outcome, and how many labels follow (31: more, as a
// varint after the ply). The single form sets the top bit of the same byte.
uint8_t codeOf(Outcome outcome, uint32_t labelCount) {
  return uint8_t(uint8_t(outcome) | std::min(labelCount, kInlineLabelCount) << 2);
}

void putCounts(std::string& out, const Counts& c) {
  for (const auto field : Counts::kFields) putVarint(out, c.*field);
}

Counts readCounts(Reader& in) {
  Counts c;
  for (const auto field : Counts::kFields) c.*field = in.varint();
  return c;
}

// Reads an aggregate's counts and edges; `in` is past the form byte.
bool readAggregateStats(Reader& in, std::size_t size, PositionStats& stats) {
  stats.counts = readCounts(in);
  const uint64_t edges = in.varint();
  if (edges > size) return false;
  for (uint64_t i = 0; i < edges && in.ok(); ++i) {
    NextEdge edge;
    edge.label = in.fixed32();
    edge.counts = readCounts(in);
    stats.next.push_back(edge);
  }
  return in.ok();
}

bool newerFirst(const Posting& a, const Posting& b) { return a.game > b.game; }

// An aggregate's statistics, and the postings it keeps in its bucket (the bytes
// after the statistics); nullopt when the statistics do not read.
std::optional<std::string_view> readAggregate(std::string_view bytes, PositionStats& stats) {
  Reader in(bytes.substr(1));
  if (!readAggregateStats(in, bytes.size(), stats)) return std::nullopt;
  return in.rest();
}

bool isAggregate(std::string_view bytes) { return !bytes.empty() && uint8_t(bytes[0]) == kAggregateForm; }

}  // namespace

uint64_t PositionRecord::games() const { return aggregated_ ? stats_.counts.games : entries_.size(); }

uint64_t PositionRecord::gamesOf(std::string_view bytes) {
  Reader in(bytes);
  if (in.byte() & kSingleForm) return 1;
  return in.varint();  // the list's length, or the aggregate's games
}

uint64_t PositionRecord::apartOf(std::string_view bytes) {
  if (!isAggregate(bytes)) return 0;
  PositionStats stats;
  const auto kept = readAggregate(bytes, stats);
  const uint64_t n = kept ? postingCount(*kept) : 0;
  return kept && stats.counts.games > n ? stats.counts.games - n : 0;
}

uint64_t PositionRecord::postingsApart() const {
  return aggregated_ && stats_.counts.games > postings_.size() ? stats_.counts.games - postings_.size() : 0;
}

void PositionRecord::clear() {
  aggregated_ = false;
  entries_.clear();
  labels_.clear();
  stats_ = {};
  postings_.clear();
  apart_.clear();
}

void PositionRecord::addGame(GameId game, uint32_t ply, uint32_t plies, Outcome outcome,
                             std::span<const uint32_t> nextLabels) {
  entries_.push_back({game, ply, plies, outcome, uint32_t(labels_.size()), uint32_t(nextLabels.size())});
  // Nearly every visit has one next position: a push, not a copy of a range.
  if (nextLabels.size() == 1) labels_.push_back(nextLabels[0]);
  else labels_.insert(labels_.end(), nextLabels.begin(), nextLabels.end());
}

void PositionRecord::aggregate() {
  if (aggregated_) return;
  PositionStats stats = this->stats();
  std::vector<Posting> postings = this->postings();
  clear();
  aggregated_ = true;
  stats_ = std::move(stats);
  postings_ = std::move(postings);
}

std::vector<Posting> PositionRecord::takePostings() { return std::exchange(postings_, {}); }

PositionStats PositionRecord::stats() const {
  if (aggregated_) return stats_;
  PositionStats s;
  for (const Entry& e : entries_) {
    s.counts += countsOf(e.outcome, e.ply, e.plies);
    for (uint32_t i = 0; i < e.labelCount; ++i)
      s.next.push_back({labels_[e.firstLabel + i], countsOf(e.outcome, e.ply + 1, e.plies)});
  }
  combineEdges(s.next);
  return s;
}

std::vector<Posting> PositionRecord::postings() const {
  std::vector<Posting> out;
  if (aggregated_) {
    out.reserve(postings_.size() + apart_.size());
    std::merge(postings_.begin(), postings_.end(), apart_.begin(), apart_.end(), std::back_inserter(out), newerFirst);
    return out;
  }
  out.reserve(entries_.size());
  for (const Entry& e : entries_) out.push_back({e.game, e.ply});
  return out;
}

void PositionRecord::encode(std::string& out) const {
  if (aggregated_) {
    out.push_back(char(kAggregateForm));
    putCounts(out, stats_.counts);
    putVarint(out, stats_.next.size());
    for (const NextEdge& edge : stats_.next) {
      putFixed32(out, edge.label);
      putCounts(out, edge.counts);
    }
    encodePostings(postings_, out);
    return;
  }
  // A list (nearly always of one game) is written in place, into room for its
  // longest encoding: appended a few bytes at a time, records were most of the
  // batch file's own work.
  constexpr std::size_t kEntryMax = 1 + 10 + 5 + 5 + 5;  // code, game, ply, left, labels past 31
  std::size_t room = 1 + 10;
  for (const Entry& e : entries_) room += kEntryMax + 4 * std::size_t(e.labelCount);
  const std::size_t start = out.size();
  out.resize(start + room);
  char* p = out.data() + start;
  const bool single = entries_.size() == 1;
  GameDeltas deltas;
  if (!single) {
    *p++ = char(kListForm);
    p = writeVarint(p, entries_.size());
  }
  for (const Entry& e : entries_) {
    // The single form: one byte of form, outcome and label count, then the game.
    *p++ = char((single ? kSingleForm : 0) | codeOf(e.outcome, e.labelCount));
    p = deltas.write(p, e.game);
    p = writeVarint(p, e.ply);
    p = writeVarint(p, e.plies - e.ply);  // what was left of the game: one byte nearly always
    if (e.labelCount >= kInlineLabelCount) p = writeVarint(p, e.labelCount - kInlineLabelCount);
    for (uint32_t k = 0; k < e.labelCount; ++k) p = writeFixed32(p, labels_[e.firstLabel + k]);
  }
  out.resize(std::size_t(p - out.data()));
}

bool PositionRecord::decode(std::string_view bytes, std::string_view apart) {
  clear();
  Reader in(bytes);
  GameDeltas deltas;
  const auto readEntry = [&](uint8_t code) {
    Entry e{};
    e.outcome = Outcome(code & 3);
    e.labelCount = (code >> 2) & kInlineLabelCount;
    e.game = deltas.read(in);
    e.ply = uint32_t(in.varint());
    const uint64_t left = in.varint();
    if (left > UINT32_MAX - e.ply) return in.invalidate();
    e.plies = uint32_t(e.ply + left);
    if (e.labelCount == kInlineLabelCount) e.labelCount += uint32_t(in.varint());
    if (e.labelCount > bytes.size()) return in.invalidate();
    e.firstLabel = uint32_t(labels_.size());
    for (uint32_t k = 0; k < e.labelCount; ++k) labels_.push_back(in.fixed32());
    entries_.push_back(e);
  };
  const uint8_t form = in.byte();
  if (form & kSingleForm) {
    readEntry(form & ~kSingleForm);
  } else if (form == kListForm) {
    const uint64_t n = in.varint();
    if (n > bytes.size()) return false;  // each entry takes at least four bytes
    entries_.reserve(n);
    for (uint64_t i = 0; i < n && in.ok(); ++i) readEntry(in.byte());
  } else if (form == kAggregateForm) {
    aggregated_ = true;
    if (!readAggregateStats(in, bytes.size(), stats_)) return false;
    return decodePostings(in.rest(), postings_) && decodePostings(apart, apart_);
  } else {
    return false;
  }
  // Only an aggregate has postings apart.
  return in.ok() && in.atEnd() && apart.empty();
}

std::optional<PositionStats> PositionRecord::statsOf(std::string_view bytes) {
  if (isAggregate(bytes)) {
    PositionStats stats;
    if (!readAggregate(bytes, stats)) return std::nullopt;
    return stats;
  }
  PositionRecord r;  // a list: at most kListMax games
  if (!r.decode(bytes)) return std::nullopt;
  return r.stats();
}

bool PositionRecord::postingsOf(std::string_view bytes, std::string_view apart, uint64_t offset, uint64_t limit,
                                std::vector<Posting>& out, uint64_t& total) {
  out.clear();
  if (isAggregate(bytes)) {
    PositionStats skipped;
    const auto kept = readAggregate(bytes, skipped);
    return kept && pageOfPostings(*kept, apart, offset, limit, out, total);
  }
  PositionRecord r;
  if (!r.decode(bytes, apart)) return false;
  const std::vector<Posting> all = r.postings();
  total = all.size();
  if (offset < total)
    out.assign(all.begin() + std::ptrdiff_t(offset),
               all.begin() + std::ptrdiff_t(offset + std::min(limit, total - offset)));
  return true;
}

void combineEdges(std::vector<NextEdge>& edges) {
  std::sort(edges.begin(), edges.end(), [](const NextEdge& a, const NextEdge& b) { return a.label < b.label; });
  std::size_t out = 0;
  for (std::size_t i = 0; i < edges.size(); ++i) {
    if (out > 0 && edges[out - 1].label == edges[i].label) edges[out - 1].counts += edges[i].counts;
    else edges[out++] = edges[i];
  }
  edges.resize(out);
}

bool mergeRecords(std::span<const std::string_view> operands, std::string& out) {
  out.clear();
  if (operands.empty()) return false;
  // The common case by far: a position one batch wrote and nothing else touched,
  // which RocksDB still passes through the merge when it compacts to the last level.
  if (operands.size() == 1) {
    out.assign(operands[0]);
    return true;
  }
  std::vector<PositionRecord> records(operands.size());
  uint64_t games = 0;
  bool anyAggregate = false;
  for (std::size_t i = 0; i < operands.size(); ++i) {
    if (!records[i].decode(operands[i])) return false;
    games += records[i].games();
    anyAggregate |= records[i].aggregated();
  }

  PositionRecord merged;
  if (!anyAggregate && games <= PositionRecord::kListMax) {
    using Entry = PositionRecord::Entry;
    std::vector<std::pair<const PositionRecord*, const Entry*>> all;
    for (const auto& r : records)
      for (const Entry& e : r.entries_) all.push_back({&r, &e});
    std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.second->game > b.second->game; });
    for (const auto& [r, e] : all)
      merged.addGame(e->game, e->ply, e->plies, e->outcome,
                     std::span(r->labels_).subspan(e->firstLabel, e->labelCount));
  } else {
    merged.aggregated_ = true;
    for (const auto& r : records) {
      const PositionStats s = r.stats();
      merged.stats_.counts += s.counts;
      merged.stats_.next.insert(merged.stats_.next.end(), s.next.begin(), s.next.end());
      // The operands' postings kept in their records; those kept apart stay apart.
      const std::vector<Posting> p = r.postings();
      const std::size_t middle = merged.postings_.size();
      merged.postings_.insert(merged.postings_.end(), p.begin(), p.end());
      std::inplace_merge(merged.postings_.begin(), merged.postings_.begin() + middle, merged.postings_.end(),
                         newerFirst);
    }
    combineEdges(merged.stats_.next);
  }
  merged.encode(out);
  return true;
}

}  // namespace apiary::index
