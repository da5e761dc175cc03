#include "query/games/dedup.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <numeric>
#include <set>
#include <span>
#include <tuple>
#include <unordered_map>

#include "engine/canonical_board.hpp"
#include "index/dedup_keys.hpp"
#include "index/game_query.hpp"
#include "query/filters/kept_games.hpp"

namespace apiary::query {

namespace {

using index::DedupKeys;
using index::GameId;
using index::PositionHash;
using Clock = std::chrono::steady_clock;

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

std::string pliesText(std::size_t n) { return std::to_string(n) + (n == 1 ? " ply" : " plies"); }

// The canonical position hashes of a game at plies 0..upTo (fewer if the game is
// shorter), as makeRecord computed them at ingest (keys do not depend on the rules,
// so the archives' rules replay every stored game). Empty when the moves do not
// replay, which only a corrupt row can cause.
std::vector<PositionHash> positionsOf(const index::GameRow& g, uint32_t upTo) {
  std::vector<PositionHash> out;
  const auto type = GameType::parse(g.gameType);
  if (!type) return out;
  // Move by move, as makeRecord walks a game: no key written per ply.
  CanonicalBoard walk(Board(*type, Rules{.tournament = false}, g.firstMover));
  const std::size_t last = std::min<std::size_t>(upTo, g.moves.size());
  out.reserve(last + 1);
  for (std::size_t ply = 0;; ++ply) {
    out.push_back(walk.hashed().hash);
    if (ply == last) return out;
    const auto move = index::unpackMove(walk.board(), g.moves[ply]);
    if (!move) return {};
    walk.play(*move);
  }
}

// The games kept by the filter, as the modes need them.
struct Population {
  std::vector<DedupKeys> games;     // kept and at least minPlies long, in id order
  std::vector<uint32_t> keptPlies;  // by game id: 0 when not kept, else plies + 1
  uint64_t kept = 0;
};

Population readPopulation(const index::Database& db, const index::DedupReader& reader, const DedupOptions& o) {
  std::optional<KeptSet> keep;
  // An empty filter keeps everything: no need to read every game's facts for it.
  if (!o.filter.empty()) keep.emplace(index::GameSearch(db), o.filter);
  Population p;
  p.keptPlies.assign(std::size_t(reader.visible()) + 1, 0);
  reader.forEachGame([&](const DedupKeys& k) {
    if (keep && !keep->contains(k.id)) return;
    ++p.kept;
    p.keptPlies[std::size_t(k.id)] = k.plies + 1;
    if (k.plies >= o.minPlies) p.games.push_back(k);
  });
  return p;
}

// Runs of equal keys in `order` (indexes into games, sorted by key): calls f with
// each run of two or more.
template <class Key, class F>
void forEachRun(const std::vector<uint32_t>& order, const std::vector<DedupKeys>& games, Key key, F f) {
  for (std::size_t begin = 0; begin < order.size();) {
    std::size_t end = begin + 1;
    while (end < order.size() && key(games[order[end]]) == key(games[order[begin]])) ++end;
    if (end - begin > 1) f(std::span(order).subspan(begin, end - begin));
    begin = end;
  }
}

std::vector<uint32_t> sortedBy(const std::vector<DedupKeys>& games, auto key) {
  std::vector<uint32_t> order(games.size());
  std::iota(order.begin(), order.end(), 0u);
  std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    return std::tuple(key(games[a]), games[a].id) < std::tuple(key(games[b]), games[b].id);
  });
  return order;
}

// What every mode reads.
struct Context {
  const Population& population;
  const index::DedupReader& reader;
  const index::GameSearch& search;
  std::vector<uint32_t> byFinal;  // population.games by (final position, plies, id)
};

std::pair<PositionHash, uint32_t> finalKey(const DedupKeys& k) { return {k.finalPosition, k.plies}; }

DuplicateCluster makeCluster(DedupMode mode, std::vector<GameId> ids, const Context& x) {
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  DuplicateCluster c;
  c.mode = mode;
  for (GameId id : ids) {
    DuplicateGame g{id, {}, 0, {}, x.population.keptPlies[std::size_t(id)] - 1};
    if (auto s = x.reader.source(id)) {
      g.source = std::move(s->path);
      g.sourceIndex = s->index;
      g.notation = std::move(s->notation);
    }
    c.games.push_back(std::move(g));
  }
  return c;
}

// --- exact -------------------------------------------------------------------

void findExact(const Context& x, std::vector<DuplicateCluster>& out) {
  const Population& p = x.population;
  const auto key = [](const DedupKeys& k) { return std::pair(k.sequence, k.plies); };
  forEachRun(sortedBy(p.games, key), p.games, key, [&](std::span<const uint32_t> run) {
    std::vector<GameId> ids;
    for (uint32_t i : run) ids.push_back(p.games[i].id);
    DuplicateCluster c = makeCluster(DedupMode::Exact, ids, x);
    // Whether the records also agree as written, and in which notations they are,
    // says how they came to be two records.
    bool sameText = true;
    std::optional<index::GameRow> first;
    for (GameId id : ids) {
      auto row = x.search.movesOf(id);
      if (!row) continue;
      if (!first) first = std::move(row);
      else sameText &= row->moves == first->moves && row->firstMover == first->firstMover;
    }
    std::set<std::string> written;
    for (const DuplicateGame& g : c.games) written.insert(g.notation);
    std::string notations;
    for (const std::string& f : written) notations += (notations.empty() ? "" : ", ") + f;
    c.reason = "the same " + pliesText(p.games[run[0]].plies) + ": identical canonical positions at every ply; " +
               (sameText ? "the same moves as written" : "written in different orientations or colours") +
               "; recorded in " + notations;
    out.push_back(std::move(c));
  });
}

// --- transposed --------------------------------------------------------------

void findTransposed(const Context& x, std::vector<DuplicateCluster>& out) {
  const Population& p = x.population;
  forEachRun(x.byFinal, p.games, finalKey, [&](std::span<const uint32_t> run) {
    std::set<uint64_t> sequences;
    for (uint32_t i : run) sequences.insert(p.games[i].sequence);
    if (sequences.size() < 2) return;  // all one sequence: exact duplicates only
    const uint32_t plies = p.games[run[0]].plies;
    std::vector<GameId> ids;
    // Where the move orders differ: the first and last plies at which not every
    // game stands on the same position.
    std::vector<std::vector<PositionHash>> lines;
    for (uint32_t i : run) {
      ids.push_back(p.games[i].id);
      if (auto row = x.search.movesOf(p.games[i].id)) lines.push_back(positionsOf(*row, plies));
    }
    uint32_t from = plies, to = 0;
    for (uint32_t ply = 0; ply <= plies; ++ply)
      for (const auto& line : lines)
        if (line.size() > ply && lines[0].size() > ply && line[ply] != lines[0][ply]) {
          from = std::min(from, ply);
          to = std::max(to, ply);
        }
    DuplicateCluster c = makeCluster(DedupMode::Transposed, ids, x);
    c.reason = "the same final position after " + pliesText(plies) + " by " + std::to_string(sequences.size()) +
               " different move orders";
    if (from <= to)
      c.reason += from == to ? "; they differ at ply " + std::to_string(from)
                             : "; they differ from ply " + std::to_string(from) + " to ply " + std::to_string(to);
    out.push_back(std::move(c));
  });
}

// --- prefix ------------------------------------------------------------------

constexpr std::size_t kReasonItems = 10;

struct PrefixPair {
  GameId longer;
  GameId shorter;
  uint32_t cut;       // the shorter game's plies
  uint64_t sequence;  // the shorter game's whole sequence
};

// Pairs (shorter A, longer B) where B passes A's final position at the ply A first
// reached it: B's first plies may be A's whole game. Same length is not a prefix.
std::vector<PrefixPair> prefixCandidates(const Context& x) {
  const Population& p = x.population;
  const std::vector<uint32_t>& byFinal = x.byFinal;
  std::vector<PositionHash> wanted;
  for (uint32_t i : byFinal)
    if (wanted.empty() || wanted.back() != p.games[i].finalPosition) wanted.push_back(p.games[i].finalPosition);

  std::vector<PrefixPair> pairs;
  std::size_t next = 0;  // into byFinal; positions come in hash order
  x.reader.forEachPostings(wanted, [&](PositionHash h, std::span<const index::Posting> postings) {
    while (next < byFinal.size() && p.games[byFinal[next]].finalPosition < h) ++next;
    for (; next < byFinal.size() && p.games[byFinal[next]].finalPosition == h; ++next) {
      const DedupKeys& a = p.games[byFinal[next]];
      // Postings are newest (highest id) first.
      const auto mine = std::lower_bound(postings.begin(), postings.end(), a.id,
                                         [](const index::Posting& q, GameId id) { return q.game > id; });
      if (mine == postings.end() || mine->game != a.id) continue;
      for (const index::Posting& b : postings) {
        const uint32_t slot = b.game < GameId(p.keptPlies.size()) ? p.keptPlies[std::size_t(b.game)] : 0;
        if (b.ply == mine->ply && slot > a.plies + 1) pairs.push_back({b.game, a.id, a.plies, a.sequence});
      }
    }
  });
  return pairs;
}

void findPrefixes(const Context& x, DedupReport& report, std::vector<DuplicateCluster>& out) {
  const Population& p = x.population;
  auto t = Clock::now();
  std::vector<PrefixPair> pairs = prefixCandidates(x);
  report.timings.prefixScan = since(t);
  report.prefixCandidates = pairs.size();
  t = Clock::now();

  // Each longer game is replayed once, as far as its longest candidate prefix.
  std::sort(pairs.begin(), pairs.end(), [](const PrefixPair& l, const PrefixPair& r) {
    return std::tie(l.longer, l.cut, l.shorter) < std::tie(r.longer, r.cut, r.shorter);
  });
  std::vector<std::pair<GameId, GameId>> edges;  // (shorter, longer)
  for (std::size_t begin = 0; begin < pairs.size();) {
    std::size_t end = begin;
    while (end < pairs.size() && pairs[end].longer == pairs[begin].longer) ++end;
    const auto row = x.search.movesOf(pairs[begin].longer);
    const std::vector<PositionHash> line = row ? positionsOf(*row, pairs[end - 1].cut) : std::vector<PositionHash>{};
    for (std::size_t i = begin; i < end; ++i) {
      const PrefixPair& c = pairs[i];
      if (line.size() > c.cut && index::sequenceOf(std::span(line).first(c.cut + 1)) == c.sequence)
        edges.emplace_back(c.shorter, c.longer);
    }
    begin = end;
  }

  // Connected groups of prefix pairs, by union-find over the games involved.
  std::unordered_map<GameId, GameId> parent;
  const auto root = [&](GameId g) {
    parent.try_emplace(g, g);
    while (parent[g] != g) g = parent[g] = parent[parent[g]];
    return g;
  };
  for (const auto& [a, b] : edges) parent[root(a)] = root(b);
  std::map<GameId, std::vector<std::pair<GameId, GameId>>> groups;  // by root
  for (const auto& e : edges) groups[root(e.first)].push_back(e);

  for (auto& [r, group] : groups) {
    std::sort(group.begin(), group.end());
    std::vector<GameId> ids;
    for (const auto& [a, b] : group) ids.insert(ids.end(), {a, b});
    DuplicateCluster c = makeCluster(DedupMode::Prefix, ids, x);
    const auto game = [&](GameId g) {
      return "#" + std::to_string(g) + " (" + pliesText(p.keptPlies[std::size_t(g)] - 1) + ")";
    };
    // "#5 (30 plies) is the start of #9 (88 plies), #12 (70 plies)", per shorter
    // game; a group grown large (from a low minimum length) is summed up past
    // kReasonItems of either list, as its games are all listed anyway.
    std::size_t shorter = 0;
    for (std::size_t i = 0; i < group.size();) {
      const GameId a = group[i].first;
      std::size_t longer = 0;
      if (shorter++ < kReasonItems) c.reason += (c.reason.empty() ? "" : "; ") + game(a) + " is the start of ";
      for (; i < group.size() && group[i].first == a; ++i, ++longer)
        if (shorter <= kReasonItems && longer < kReasonItems) c.reason += (longer ? ", " : "") + game(group[i].second);
      if (shorter <= kReasonItems && longer > kReasonItems)
        c.reason += " and " + std::to_string(longer - kReasonItems) + " more";
    }
    if (shorter > kReasonItems) c.reason += "; and " + std::to_string(shorter - kReasonItems) + " more shorter games";
    out.push_back(std::move(c));
  }
  report.timings.prefixReplay = since(t);
}

}  // namespace

std::string_view dedupModeName(DedupMode mode) {
  switch (mode) {
    case DedupMode::Exact: return "exact";
    case DedupMode::Prefix: return "prefix";
    case DedupMode::Transposed: return "transposed";
  }
  return "exact";
}

std::optional<DedupMode> parseDedupMode(std::string_view name) {
  for (DedupMode m : {DedupMode::Exact, DedupMode::Prefix, DedupMode::Transposed})
    if (dedupModeName(m) == name) return m;
  return std::nullopt;
}

DedupReport findDuplicates(const index::Database& db, const DedupOptions& o) {
  const auto start = Clock::now();
  DedupReport report;
  const index::DedupReader reader(db);
  const index::GameSearch search(db);
  const Population p = readPopulation(db, reader, o);
  report.games = p.kept;
  report.compared = p.games.size();
  report.timings.catalogue = since(start);

  // Transposed and prefix both look games up by where they end.
  const Context x{p, reader, search, o.prefix || o.transposed ? sortedBy(p.games, finalKey) : std::vector<uint32_t>{}};

  std::vector<DuplicateCluster> exact, prefix, transposed;
  auto t = Clock::now();
  if (o.exact) findExact(x, exact);
  report.timings.exact = since(t);
  if (o.prefix) findPrefixes(x, report, prefix);
  t = Clock::now();
  if (o.transposed) findTransposed(x, transposed);
  report.timings.transposed = since(t);

  for (auto* mode : {&exact, &prefix, &transposed}) {
    std::sort(mode->begin(), mode->end(), [](const DuplicateCluster& a, const DuplicateCluster& b) {
      return a.games.front().id < b.games.front().id;
    });
    for (DuplicateCluster& c : *mode) report.clusters.push_back(std::move(c));
  }
  report.timings.total = since(start);
  return report;
}

}  // namespace apiary::query
