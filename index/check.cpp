#include "index/check.hpp"

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <unordered_map>

#include "index/positions/visits.hpp"

namespace apiary::index {

namespace {

bool consistent(const Counts& c) {
  return c.moverWins + c.draws + c.moverLosses <= c.games && c.firstWins + c.secondWins == c.moverWins + c.moverLosses;
}

// A catalogue game replayed: what the writer would have built from it.
struct Replayed {
  GameRecord record;
  VisitList visits;
  const Visit* find(PositionHash h) const {
    const auto it = std::lower_bound(visits.visits.begin(), visits.visits.end(), h,
                                     [](const Visit& v, PositionHash x) { return v.position < x; });
    return it != visits.visits.end() && it->position == h ? &*it : nullptr;
  }
};

class Checker {
 public:
  Checker(const PositionStore& store, const Catalogue& catalogue, GameId visible, const CheckOptions& o)
      : store_(store), catalogue_(catalogue), visible_(visible), options_(o) {}

  CheckReport run() {
    for (const std::string& file : store_.damagedFiles()) problem(file);
    const uint64_t before = report_.problemCount;
    checkBatches();
    // A killed writer leaves unfinished files that its next open deletes: a file that
    // does not open is a problem only when batches are missing.
    if (report_.problemCount > before)
      for (const std::string& file : store_.unreadableFiles()) problem(file);
    if (options_.full) full();
    else sample();
    return std::move(report_);
  }

 private:
  void problem(const std::string& what) {
    if (report_.problems.size() < CheckReport::kMaxListed) report_.problems.push_back(what);
    ++report_.problemCount;
  }

  void checkBatches() {
    const std::vector<BatchMarker> markers = store_.batches();
    std::map<uint64_t, CatalogueBatch> rows;
    for (const CatalogueBatch& b : catalogue_.batches()) rows[b.id] = b;
    GameId expected = 1;
    uint64_t games = 0;
    for (const BatchMarker& m : markers) {
      const std::string name = "batch " + std::to_string(m.batch);
      if (m.firstGame != expected)
        problem(name + " starts at game " + std::to_string(m.firstGame) + ", expected " + std::to_string(expected));
      expected = m.lastGame() + 1;
      games += m.games;
      const auto row = rows.find(m.batch);
      if (row == rows.end()) problem(name + " is in RocksDB but not in the catalogue");
      else if (row->second.firstGame != m.firstGame || row->second.games != m.games)
        problem(name + ": RocksDB has games " + std::to_string(m.firstGame) + "+" + std::to_string(m.games) +
                ", the catalogue " + std::to_string(row->second.firstGame) + "+" + std::to_string(row->second.games));
    }
    const uint64_t last = markers.empty() ? 0 : markers.back().batch;
    for (auto it = rows.upper_bound(last); it != rows.end(); ++it)
      if (it->second.committed)
        problem("batch " + std::to_string(it->first) + " is committed in the catalogue but absent from RocksDB");
    report_.games = catalogue_.counts(visible_).games;
    if (report_.games != games)
      problem("the catalogue shows " + std::to_string(report_.games) + " games, RocksDB's batches " +
              std::to_string(games));
  }

  // Replays a catalogue row and compares what it stores about itself.
  std::optional<Replayed> replay(const GameRow& row, bool withTags) {
    ++report_.gamesChecked;
    const std::string name = "game " + std::to_string(row.id);
    const auto board = row.replay();
    if (!board) {
      problem(name + ": its moves do not replay");
      return std::nullopt;
    }
    Replayed r;
    GameMeta meta{row.source, row.sourceIndex, row.notation, row.tags, row.result, {}};
    r.record = makeRecord(*board, std::move(meta));
    if (r.record.plies != row.plies) problem(name + ": plies column disagrees with its moves");
    if (!(r.record.finalKey == row.finalKey)) problem(name + ": final key disagrees with its moves");
    if (r.record.sequence != row.sequence) problem(name + ": sequence disagrees with its moves");
    if (withTags && r.record.fingerprint != row.fingerprint) problem(name + ": fingerprint disagrees");
    collectVisits(r.record.positions, r.visits);
    return r;
  }

  void checkInvariants(PositionHash h, const PositionRecord& record) {
    const std::string name = "position " + hexOf(h);
    const std::vector<Posting> postings = record.postings();
    if (postings.size() != record.games()) problem(name + ": games and postings differ");
    for (std::size_t i = 0; i < postings.size(); ++i) {
      if (postings[i].game < 1 || postings[i].game > visible_)
        problem(name + ": posting of game " + std::to_string(postings[i].game) + ", beyond the committed games");
      if (i > 0 && postings[i].game >= postings[i - 1].game) problem(name + ": postings out of order");
    }
    const PositionStats stats = record.stats();
    // A game is at least as long as the ply it reached the position at.
    uint64_t plies = 0;
    for (const Posting& p : postings) plies += p.ply;
    if (stats.counts.games != record.games() || !consistent(stats.counts) || stats.counts.lengthSum < plies)
      problem(name + ": inconsistent counts");
    for (const NextEdge& e : stats.next)
      if (e.counts.games > stats.counts.games || e.counts.lengthSum > stats.counts.lengthSum || !consistent(e.counts))
        problem(name + ": inconsistent counts towards next position " + std::to_string(e.label));
  }

  const PositionRecord* record(PositionHash h) {
    // Not a structured binding: clang before 16 cannot capture one in a lambda.
    const auto emplaced = records_.try_emplace(h);
    auto& slot = emplaced.first->second;
    if (emplaced.second) {
      ++report_.positionsChecked;
      try {
        store_.readWithPostings(h, [&](std::string_view value, std::string_view apart) {
          if (PositionRecord r; r.decode(value, apart)) {
            checkInvariants(h, r);
            slot = std::move(r);
          } else {
            problem("position " + hexOf(h) + ": its record does not decode");
          }
        });
      } catch (const std::exception& e) {  // a bucket RocksDB cannot merge
        problem("position " + hexOf(h) + ": " + e.what());
      }
    }
    return slot ? &*slot : nullptr;
  }

  const Replayed* game(GameId id) {
    const auto [it, fresh] = games_.try_emplace(id);
    if (fresh) {
      if (const auto row = catalogue_.game(id, visible_)) it->second = replay(*row, true);
      else problem("game " + std::to_string(id) + " is missing from the catalogue");
    }
    return it->second ? &*it->second : nullptr;
  }

  std::vector<GameId> sampleIds() {
    std::vector<GameId> ids;
    if (uint64_t(visible_) <= options_.sampleGames) {
      for (GameId id = 1; id <= visible_; ++id) ids.push_back(id);
      return ids;
    }
    std::mt19937_64 rng(std::random_device{}());
    std::set<GameId> chosen;
    while (chosen.size() < options_.sampleGames) chosen.insert(1 + GameId(rng() % uint64_t(visible_)));
    return {chosen.begin(), chosen.end()};
  }

  void sample() {
    std::set<PositionHash> touched;
    for (GameId id : sampleIds()) {
      const Replayed* g = game(id);
      if (!g) continue;
      for (const Visit& v : g->visits.visits) {
        touched.insert(v.position);
        const PositionRecord* r = record(v.position);
        const std::string where = "game " + std::to_string(id) + " ply " + std::to_string(v.ply);
        if (!r) {
          problem(where + ": position " + hexOf(v.position) + " is missing");
          continue;
        }
        const std::vector<Posting> postings = r->postings();
        const auto p = std::lower_bound(postings.begin(), postings.end(), id,
                                        [](const Posting& a, GameId x) { return a.game > x; });
        if (p == postings.end() || p->game != id)
          problem(where + ": position " + hexOf(v.position) + " lacks the game");
        else if (p->ply != v.ply)
          problem(where + ": position " + hexOf(v.position) + " lists it at ply " + std::to_string(p->ply));
      }
    }
    for (PositionHash h : touched) recompute(h);
  }

  // The position's statistics from its games as the catalogue has them.
  void recompute(PositionHash h) {
    const PositionRecord* r = record(h);
    if (!r || r->games() > options_.recomputeLimit) return;
    ++report_.positionsRecomputed;
    PositionStats expected;
    for (const Posting& p : r->postings()) {
      const Replayed* g = game(p.game);
      if (!g) return;
      const Visit* v = g->find(h);
      if (!v || v->ply != p.ply) {
        problem("position " + hexOf(h) + ": game " + std::to_string(p.game) + " does not reach it at ply " +
                std::to_string(p.ply));
        return;
      }
      expected.counts += countsOf(g->record.outcome, v->ply, g->record.plies);
      for (uint32_t label : g->visits.labelsOf(*v))
        expected.next.push_back({label, countsOf(g->record.outcome, v->ply + 1, g->record.plies)});
    }
    combineEdges(expected.next);
    if (!(r->stats() == expected)) problem("position " + hexOf(h) + ": statistics differ from its games' results");
  }

  void full() {
    DigestBuilder stored;
    try {
      const uint64_t orphans =
          store_.forEachPosition([&](PositionHash h, std::string_view value, std::string_view apart) {
            ++report_.positionsChecked;
            PositionRecord r;
            if (!r.decode(value, apart)) {
              problem("position " + hexOf(h) + ": its record does not decode");
              return;
            }
            checkInvariants(h, r);
            stored.addRecord(h, r);
          });
      if (orphans) problem(std::to_string(orphans) + " posting lists kept apart belong to no position");
    } catch (const std::exception& e) {
      problem(std::string("reading the positions stopped: ") + e.what());
    }
    DigestBuilder recomputed;
    uint64_t rows = 0;
    catalogue_.forEachGame(visible_, [&](const GameRow& row) {
      ++rows;
      const auto g = replay(row, false);
      if (!g) return;
      for (const Visit& v : g->visits.visits)
        recomputed.addVisit(v.position, row.id, v.ply, g->record.plies, g->record.outcome, g->visits.labelsOf(v));
    });
    report_.stored = stored.digest();
    report_.recomputed = recomputed.digest();
    if (!report_.stored.sameGames(report_.recomputed))
      problem("RocksDB holds " + std::to_string(report_.stored.postings) + " postings, the catalogue's " +
              std::to_string(rows) + " games make " + std::to_string(report_.recomputed.postings) +
              (report_.stored.postings == report_.recomputed.postings ? ", with different content" : ""));
  }

  const PositionStore& store_;
  const Catalogue& catalogue_;
  GameId visible_;
  CheckOptions options_;
  CheckReport report_;
  std::unordered_map<PositionHash, std::optional<PositionRecord>> records_;
  std::unordered_map<GameId, std::optional<Replayed>> games_;
};

}  // namespace

CheckReport runCheck(const PositionStore& store, const Catalogue& catalogue, GameId visible,
                     const CheckOptions& options) {
  return Checker(store, catalogue, visible, options).run();
}

}  // namespace apiary::index
