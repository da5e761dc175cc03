// Helpers for the explorer and search tests: a database of ../shared/games plus
// generated games (built once per test process), and a brute-force recount of what
// the index should say, from every game of the catalogue replayed by the engine.
#pragma once
#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <unordered_map>
#include <vector>

#include "engine/canonical.hpp"
#include "engine/generate.hpp"
#include "engine/movegen.hpp"
#include "index/database.hpp"
#include "index/game_query.hpp"
#include "index/index_support.hpp"
#include "ingest/importer.hpp"
#include "notation/notations.hpp"
#include "notation_row.hpp"
#include "query/filters/filter_fields.hpp"
#include "query/filters/filter_match.hpp"
#include "support.hpp"

namespace apiary::test {

// Games for the explorer's hard cases, from a position P of a generated game:
// - one plays c, b, m, b back, c back: it reaches P+m five plies after P without
//   playing m at P (P's postings and P+m's, but not the edge);
// - one plays m at P (so that P+m is a next position of P);
// - one plays c, b, c back, b back (P again) and then m: two visits of P, two edges.
inline std::vector<GeneratedGame> hardGames(uint64_t seed) {
  GameGenerator generator(seed);
  for (;;) {
    const GeneratedGame source = generator.next();
    const auto& history = source.board.history();
    for (int ply = 16; ply + 1 < int(history.size()); ply += 3) {
      Board p(source.board.type(), source.board.rules(), source.board.firstMover());
      for (int i = 0; i < ply; ++i) p.play(history[i]);
      MoveList moves;
      legalMoves(p, moves);
      const auto back = [](const Move& x) { return Move{x.piece, x.to, x.from}; };
      const auto plays = [](Board b, const std::vector<Move>& line) {
        for (const Move& x : line) {
          if (b.gameOver() || !isLegal(b, x)) return false;
          b.play(x);
        }
        return true;
      };
      for (const Move& c : moves) {
        if (c.isPass() || c.isPlacement()) continue;
        Board afterC = p;
        afterC.play(c);
        MoveList replies;
        legalMoves(afterC, replies);
        for (const Move& b : replies) {
          if (b.isPass() || b.isPlacement()) continue;
          for (const Move& m : moves) {
            if (m.isPass() || m.piece == c.piece) continue;
            const std::vector<Move> around{c, b, m, back(b), back(c)}, again{c, b, back(c), back(b), m};
            if (!plays(p, around) || !plays(p, again)) continue;
            std::vector<GeneratedGame> out;
            for (const auto& line : {around, std::vector<Move>{m}, again}) {
              GeneratedGame g{p, source.tags};
              for (const Move& x : line) g.board.play(x);
              for (auto& [name, value] : g.tags)
                if (name == "Result") value = "InProgress";
              out.push_back(std::move(g));
            }
            return out;
          }
        }
      }
    }
  }
}

class QueryDatabase {
 public:
  static constexpr int kGenerated = 1500;

  // nullptr (with a message saying the test skips) when ../shared is absent.
  static const QueryDatabase* get() {
    static QueryDatabase* instance = nullptr;
    if (!instance) {
      const auto shared = requireShared();
      if (shared.empty()) return nullptr;
      instance = new QueryDatabase(shared);
      // Closed before RocksDB's own statics go (they were made while opening it).
      std::atexit([] { delete instance; });
    }
    return instance;
  }

  const index::Database& db() const { return *db_; }
  std::filesystem::path path() const { return dir_.path() / "db"; }
  const index::GameSearch& catalogue() const { return *catalogue_; }

 private:
  explicit QueryDatabase(const std::filesystem::path& shared) : dir_("query") {
    std::filesystem::create_directories(dir_.path());
    // Generated games in one UHP file: popular openings, transpositions, all game types.
    std::vector<notation::ReplayedGame> games;
    GameGenerator generator(20261121);
    for (int i = 0; i < kGenerated; ++i) {
      GeneratedGame g = generator.next();
      games.push_back(notation::gameFromBoard(std::move(g.board), g.tags));
    }
    for (uint64_t seed : {1, 2, 3})
      for (GeneratedGame& g : hardGames(seed)) games.push_back(notation::gameFromBoard(std::move(g.board), g.tags));
    const auto file = dir_.path() / "generated.pgn";
    std::ofstream(file) << notation::writeGames(test::row("uhp"), games);
    db_ = std::make_unique<index::Database>(dir_.path() / "db");
    ingest::ImportOptions options;
    options.batchGames = 500;  // several batches: records merged by RocksDB, lists turned aggregates
    ingest::importSources(*db_, {(shared / "games").string(), file.string()}, options);
    catalogue_ = std::make_unique<index::GameSearch>(*db_);
  }

  ScratchDir dir_;
  std::unique_ptr<index::Database> db_;
  std::unique_ptr<index::GameSearch> catalogue_;
};

// The game replayed from the catalogue: its board after `ply` plies, with history.
inline Board prefixOf(const index::GameRow& game, int ply) {
  const Board whole = *game.replay();
  Board b(whole.type(), whole.rules(), whole.firstMover());
  for (int i = 0; i < ply; ++i) b.play(whole.history()[i]);
  return b;
}

// What the index should hold, counted the slow way: every game replayed, every
// position canonicalised, the counting rule of index/positions/visits.hpp applied directly.
struct Recount {
  struct Visit {
    index::GameId game;
    uint32_t ply;                           // the first ply the game was there
    std::vector<index::PositionHash> next;  // distinct positions right after any visit
  };
  std::map<index::GameId, index::GameRow> games;                       // with tags, for filters
  std::map<index::GameId, std::vector<index::PositionHash>> sequence;  // every ply's position
  std::unordered_map<index::PositionHash, std::vector<Visit>> at;

  explicit Recount(const index::Database& db) {
    for (index::GameId id = 1; id <= db.lastGame(); ++id) {
      auto row = db.game(id);
      REQUIRE(row);
      const auto final = row->replay();
      REQUIRE(final);
      Board b(final->type(), final->rules(), final->firstMover());
      std::vector<index::PositionHash> hashes{index::positionHash(canonicalize(b).key)};
      for (const Move& m : final->history()) {
        b.play(m);
        hashes.push_back(index::positionHash(canonicalize(b).key));
      }
      std::unordered_map<index::PositionHash, std::size_t> visitOf;
      for (std::size_t ply = 0; ply < hashes.size(); ++ply) {
        auto [it, first] = visitOf.try_emplace(hashes[ply], 0);
        auto& list = at[hashes[ply]];
        if (first) {
          it->second = list.size();
          list.push_back({id, uint32_t(ply), {}});
        }
        auto& next = list[it->second].next;
        if (ply + 1 < hashes.size() && std::find(next.begin(), next.end(), hashes[ply + 1]) == next.end())
          next.push_back(hashes[ply + 1]);
      }
      games.emplace(id, std::move(*row));
      sequence.emplace(id, std::move(hashes));
    }
  }

  index::Outcome outcome(index::GameId id) const {
    const auto& g = games.at(id);
    return index::outcomeOf(g.result, g.firstMover);
  }
};

// What a filter means, said directly on a catalogue row: the oracle the catalogue's
// SQL is checked against.
inline bool keeps(const index::GameQuery& f, const index::GameRow& g) {
  const auto lower = [](std::string s) {
    for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
  };
  const auto same = [&](const std::string& a, const std::string& b) { return lower(a) == lower(b); };
  const auto contains = [&](const std::string& text, const std::string& part) {
    return lower(text).find(lower(part)) != std::string::npos;
  };
  if (f.player && !same(g.white, *f.player) && !same(g.black, *f.player)) return false;
  if (f.white && !same(g.white, *f.white)) return false;
  if (f.black && !same(g.black, *f.black)) return false;
  if (f.event && !contains(g.event, *f.event)) return false;
  if (f.site && !contains(g.site, *f.site)) return false;
  if ((f.fromDate || f.toDate) && g.date.empty()) return false;
  if (f.fromDate && g.date < *f.fromDate) return false;
  if (f.toDate && g.date.substr(0, f.toDate->size()) > *f.toDate) return false;
  if (f.result && *f.result != g.result) return false;
  if (f.gameType && *f.gameType != GameType::parse(g.gameType)) return false;
  return true;
}

// Positions from which some game moved to a position that other games reached by
// another route (rare in generated games, so looked for rather than sampled).
inline std::vector<Board> transposingPositions(const Recount& recount) {
  std::vector<Board> out;
  for (const auto& [position, visits] : recount.at) {
    std::map<index::PositionHash, uint64_t> moved;
    for (const auto& v : visits)
      for (index::PositionHash n : v.next) ++moved[n];
    for (const auto& [next, games] : moved)
      if (recount.at.at(next).size() > games) {
        out.push_back(prefixOf(recount.games.at(visits.front().game), int(visits.front().ply)));
        break;
      }
  }
  return out;
}

// Positions to ask about: the start, the transposing positions, and positions of
// random games at random plies, half of them early where games share positions.
inline std::vector<Board> samplePositions(const Recount& recount, int n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Board> out{Board(GameType::all(), Rules{.tournament = false})};
  for (Board& b : transposingPositions(recount)) out.push_back(std::move(b));
  const index::GameId last = recount.games.rbegin()->first;
  while (int(out.size()) < n) {
    const auto& game = recount.games.at(index::GameId(1 + rng() % uint64_t(last)));
    const uint32_t top = out.size() % 2 ? std::min<uint32_t>(game.plies, 10) : game.plies;
    out.push_back(prefixOf(game, int(rng() % (top + 1))));
  }
  return out;
}

}  // namespace apiary::test
