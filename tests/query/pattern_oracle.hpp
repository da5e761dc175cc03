// The brute-force oracle of pattern search's tests: a database of generated games,
// random formations and --where conditions written as text, and every answer
// compared with an oracle that works on true coordinates (a map of stacks), turns
// formations with cube coordinates, finds pinned pieces by removing each and
// flooding the rest, and counts moves by listing them.
#pragma once
#include <catch2/catch.hpp>
#include <fstream>
#include <functional>
#include <map>
#include <random>
#include <set>

#include "engine/generate.hpp"
#include "engine/movegen.hpp"
#include "features/position_features.hpp"
#include "index/index_support.hpp"
#include "ingest/importer.hpp"
#include "notation/notations.hpp"
#include "notation_row.hpp"
#include "query/patterns/pattern.hpp"
#include "support.hpp"

namespace apiary::pattern_oracle {

using Place = std::pair<int, int>;
using Stacks = std::map<Place, std::vector<PieceId>>;  // bottom first

// One position as the oracle sees it.
struct Position {
  Stacks stacks;
  Color toMove;
  int ply;
  uint32_t inGame;
  int queenNeighbours[2], pinned[2], inHand[2], onTop[2], mobility[2];
};

const Place kSteps[6] = {{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}};

inline bool connectedWithout(const Stacks& stacks, Place gone) {
  std::set<Place> seen;
  std::vector<Place> todo;
  for (const auto& [at, pieces] : stacks)
    if (at != gone) {
      todo.push_back(at);
      break;
    }
  while (!todo.empty()) {
    const Place at = todo.back();
    todo.pop_back();
    if (at == gone || !stacks.count(at) || !seen.insert(at).second) continue;
    for (auto [dq, dr] : kSteps) todo.push_back({at.first + dq, at.second + dr});
  }
  return seen.size() + 1 == stacks.size();
}

inline int movesOf(const Board& b) {
  MoveList moves;
  legalMoves(b, moves);
  return int(moves.size());
}

inline Position positionOf(const Board& board) {
  Position p{{}, board.toMove(), board.ply(), board.type().pieces(), {}, {}, {}, {}, {}};
  for (PieceId id = 0; id < kPieces; ++id)
    if (board.onBoard(id) && board.isTop(id)) {
      std::vector<PieceId> down;
      for (PieceId q = id; q != kNoPiece; q = board.under(q)) down.push_back(q);
      p.stacks[{board.axialOfPiece(id).q, board.axialOfPiece(id).r}].assign(down.rbegin(), down.rend());
    }
  std::vector<PlacedStack> placed;
  for (const auto& [at, pieces] : p.stacks) placed.push_back({Axial{at.first, at.second}, pieces});
  const Board turned = Board::fromPosition(board.type(), board.rules(), other(board.toMove()), placed);
  for (Color c : {Color::White, Color::Black}) {
    const int i = int(c);
    p.queenNeighbours[i] = p.pinned[i] = p.inHand[i] = p.onTop[i] = 0;
    for (const auto& [at, pieces] : p.stacks) {
      for (std::size_t h = 0; h < pieces.size(); ++h) {
        if (colorOf(pieces[h]) != c) continue;
        p.onTop[i] += h > 0;
        if (bugOf(pieces[h]) == Bug::Queen)
          for (auto [dq, dr] : kSteps) p.queenNeighbours[i] += p.stacks.count({at.first + dq, at.second + dr});
      }
      if (pieces.size() == 1 && colorOf(pieces[0]) == c && !connectedWithout(p.stacks, at)) ++p.pinned[i];
    }
    for (PieceId id = 0; id < kPieces; ++id) p.inHand[i] += colorOf(id) == c && board.inGame(id) && !board.onBoard(id);
    p.mobility[i] = board.gameOver() ? 0 : c == board.toMove() ? movesOf(board) : movesOf(turned);
  }
  return p;
}

// --- random formations, written as text and kept as the oracle tests them ---
struct PieceTest {
  int side;  // 0 any, 1 mine, 2 theirs, 3 white, 4 black
  int bug;   // -1 any
};
struct CellTest {
  int q, r;
  bool empty;
  bool anywhere;
  std::vector<PieceTest> stack;  // top first
};

const char* kSideWords[] = {"", "mine ", "theirs ", "white ", "black "};
const char* kBugWords[] = {"Q", "spider", "B", "grasshopper", "A", "M", "ladybug", "P"};

inline std::string textOf(const std::vector<CellTest>& cells) {
  std::string out;
  for (const CellTest& c : cells) {
    out += std::to_string(c.q) + "," + std::to_string(c.r) + ": ";
    if (c.empty) out += "empty";
    if (c.anywhere) out += "has ";
    for (std::size_t i = 0; i < c.stack.size(); ++i) {
      const auto& p = c.stack[i];
      out += (i ? " on " : "") + std::string(kSideWords[p.side]) + (p.bug < 0 ? (p.side ? "" : "*") : kBugWords[p.bug]);
    }
    out += "; ";
  }
  return out;
}

// The written pieces from `depth` below the top of the stack down.
inline bool fitsFrom(const Position& pos, const std::vector<PieceId>& stack, std::size_t depth, const CellTest& c) {
  for (std::size_t i = 0; i < c.stack.size(); ++i) {
    const PieceId p = stack[stack.size() - 1 - depth - i];
    const auto& t = c.stack[i];
    if (t.bug >= 0 && int(bugOf(p)) != t.bug) return false;
    const Color mine = pos.toMove;
    const int want = t.side == 1 ? int(mine) : t.side == 2 ? 1 - int(mine) : t.side - 3;
    if (t.side && int(colorOf(p)) != want) return false;
  }
  return true;
}

inline bool fits(const Position& pos, Place at, const CellTest& c) {
  const auto it = pos.stacks.find(at);
  if (c.empty) return it == pos.stacks.end();
  if (it == pos.stacks.end() || it->second.size() < c.stack.size()) return false;
  const std::size_t depths = c.anywhere ? it->second.size() - c.stack.size() + 1 : 1;
  for (std::size_t depth = 0; depth < depths; ++depth)
    if (fitsFrom(pos, it->second, depth, c)) return true;
  return false;
}

// Every rotation and reflection (cube coordinates), every translation.
inline bool formationHolds(const Position& pos, const std::vector<CellTest>& cells) {
  for (int reflect = 0; reflect < 2; ++reflect)
    for (int turn = 0; turn < 6; ++turn) {
      std::vector<std::pair<Place, const CellTest*>> turned;
      for (const CellTest& c : cells) {
        int x = c.q, z = c.r, y = -x - z;
        if (reflect) std::swap(y, z);
        for (int t = 0; t < turn; ++t) std::tie(x, y, z) = std::make_tuple(-z, -x, -y);
        turned.push_back({{x, z}, &c});
      }
      const auto anchor = std::find_if(turned.begin(), turned.end(), [](auto& t) { return !t.second->empty; });
      for (const auto& [at, pieces] : pos.stacks) {
        const int dq = at.first - anchor->first.first, dr = at.second - anchor->first.second;
        if (std::all_of(turned.begin(), turned.end(), [&](auto& t) {
              return fits(pos, {t.first.first + dq, t.first.second + dr}, *t.second);
            }))
          return true;
      }
    }
  return false;
}

// A formation: cells of a real position (so some match), some loosened, or random.
inline std::vector<CellTest> randomFormation(std::mt19937_64& rng, const std::vector<Position>& positions) {
  const auto pick = [&](int n) { return int(rng() % uint64_t(n)); };
  const Position* from = nullptr;
  while (!from || from->stacks.empty()) from = &positions[std::size_t(pick(int(positions.size())))];
  auto it = from->stacks.begin();
  std::advance(it, pick(int(from->stacks.size())));
  const Place anchor = it->first;
  const bool invent = pick(4) == 0;
  std::vector<CellTest> cells;
  std::set<Place> used;
  const int size = 1 + pick(4);
  for (int i = 0; i < size; ++i) {
    Place at = anchor;
    for (int s = 0, steps = i ? 1 + pick(2) : 0; s < steps; ++s) {
      const Place step = kSteps[pick(6)];
      at = {at.first + step.first, at.second + step.second};
    }
    if (!used.insert(at).second) continue;
    CellTest c{at.first - anchor.first, at.second - anchor.second, false, pick(5) == 0, {}};
    const auto stack = from->stacks.find(at);
    if (invent ? (i && pick(4) == 0) : stack == from->stacks.end()) {
      c.empty = true;
      c.anywhere = false;
    } else {
      const int height = invent ? 1 + (pick(6) == 0) : std::min<int>(int(stack->second.size()), 1 + pick(2));
      const std::size_t below = !invent && c.anywhere ? std::size_t(pick(int(stack->second.size()) - height + 1)) : 0;
      for (int h = 0; h < height; ++h) {
        PieceTest t{pick(5), pick(3) ? pick(8) : -1};
        if (!invent) {
          const PieceId p = stack->second[stack->second.size() - 1 - below - std::size_t(h)];
          const int relative = colorOf(p) == from->toMove ? 1 : 2, absolute = 3 + int(colorOf(p));
          t = {std::array{0, relative, absolute}[std::size_t(pick(3))], pick(3) ? int(bugOf(p)) : -1};
        }
        c.stack.push_back(t);
      }
    }
    cells.push_back(c);
  }
  if (cells.front().empty) cells.front().empty = false, cells.front().stack = {{0, -1}};
  return cells;
}

// --- random conditions ---
struct Comparison {
  int feature;  // 0 queen_neighbours, 1 pinned, 2 in_hand, 3 on_top, 4 mobility, 5 ply
  int side;     // 1 mine, 2 theirs, 3 white, 4 black
  int op;       // < <= = >= >
  int value;
};
struct Condition {
  int kind = 0;  // 0 compare, 1 and, 2 or, 3 not
  Comparison cmp{};
  std::vector<Condition> operands;
};

const char* kFeatureWords[] = {"queen_neighbours", "pinned", "in_hand", "on_top", "mobility", "ply"};
const char* kSideSuffix[] = {"", ".mine", ".theirs", ".white", ".black"};
const char* kOps[] = {"<", "<=", "=", ">=", ">"};

inline Condition randomCondition(std::mt19937_64& rng, int depth) {
  const auto pick = [&](int n) { return int(rng() % uint64_t(n)); };
  Condition c;
  c.kind = depth ? pick(4) : 0;
  if (c.kind == 0) {
    const int feature = pick(6);
    const int range[] = {7, 5, 15, 3, 50, 70};
    c.cmp = {feature, 1 + pick(4), pick(5), pick(range[feature])};
  } else if (c.kind == 3) {
    c.operands.push_back(randomCondition(rng, depth - 1));
  } else {
    c.operands.push_back(randomCondition(rng, depth - 1));
    c.operands.push_back(randomCondition(rng, depth - 1));
  }
  return c;
}

inline std::string textOf(const Condition& c) {
  switch (c.kind) {
    case 1: return "(" + textOf(c.operands[0]) + " and " + textOf(c.operands[1]) + ")";
    case 2: return "((" + textOf(c.operands[0]) + ") or (" + textOf(c.operands[1]) + "))";
    case 3: return "not " + textOf(c.operands[0]);
  }
  return std::string(kFeatureWords[c.cmp.feature]) + (c.cmp.feature == 5 ? "" : kSideSuffix[c.cmp.side]) + " " +
         kOps[c.cmp.op] + " " + std::to_string(c.cmp.value);
}

inline bool conditionHolds(const Position& p, const Condition& c) {
  switch (c.kind) {
    case 1: return conditionHolds(p, c.operands[0]) && conditionHolds(p, c.operands[1]);
    case 2: return conditionHolds(p, c.operands[0]) || conditionHolds(p, c.operands[1]);
    case 3: return !conditionHolds(p, c.operands[0]);
  }
  const int mine = int(p.toMove);
  const int color = c.cmp.side == 1 ? mine : c.cmp.side == 2 ? 1 - mine : c.cmp.side - 3;
  const int* values[] = {p.queenNeighbours, p.pinned, p.inHand, p.onTop, p.mobility};
  const int v = c.cmp.feature == 5 ? p.ply : values[c.cmp.feature][color];
  const int w = c.cmp.value;
  const bool results[] = {v<w, v <= w, v == w, v >= w, v> w};
  return results[c.cmp.op];
}

// A database of generated games and every position of them, as the oracle sees it.
struct Games {
  test::ScratchDir dir{"pattern"};
  std::unique_ptr<index::Database> db;
  std::map<index::GameId, std::vector<Position>> positions;
  std::map<index::GameId, index::GameRow> rows;
  std::set<index::GameId> surrounded;  // ended by surrounding a Queen

  Games() {
    std::vector<notation::ReplayedGame> games;
    GameGenerator generator(20261126);
    for (int i = 0; i < 120; ++i) {
      GeneratedGame g = generator.next();
      games.push_back(notation::gameFromBoard(std::move(g.board), g.tags));
    }
    std::filesystem::create_directories(dir.path());
    const auto file = dir.path() / "games.pgn";
    std::ofstream(file) << notation::writeGames(test::row("uhp"), games);
    db = std::make_unique<index::Database>(dir.path() / "db");
    ingest::ImportOptions options;
    options.batchGames = 50;  // the stored features come one value per batch: several
    ingest::importSources(*db, {file.string()}, options);
    for (index::GameId id = 1; id <= db->lastGame(); ++id) {
      const auto row = db->game(id);
      REQUIRE(row);
      const auto final = row->replay();
      REQUIRE(final);
      if (final->gameOver()) surrounded.insert(id);
      Board b(final->type(), final->rules(), final->firstMover());
      positions[id].push_back(positionOf(b));
      for (const Move& m : final->history()) {
        b.play(m);
        positions[id].push_back(positionOf(b));
      }
      rows[id] = *row;
    }
  }

  static const Games& get() {
    static Games* games = nullptr;
    if (!games) {
      games = new Games;
      // Closed before RocksDB's own statics go (they were made while opening it).
      std::atexit([] { delete games; });
    }
    return *games;
  }
};

struct Expected {
  std::vector<std::pair<index::GameId, uint32_t>> games;  // newest first, with the first ply
  uint64_t positions = 0;
};

inline Expected expected(
    const Games& g, const std::function<bool(const Position&)>& holds,
    const std::function<bool(index::GameId)>& kept = [](index::GameId) { return true; }) {
  Expected out;
  for (auto it = g.positions.rbegin(); it != g.positions.rend(); ++it) {
    if (!kept(it->first)) continue;
    std::optional<uint32_t> first;
    for (std::size_t ply = 0; ply < it->second.size(); ++ply)
      if (holds(it->second[ply])) {
        ++out.positions;
        if (!first) first = uint32_t(ply);
      }
    if (first) out.games.push_back({it->first, *first});
  }
  return out;
}

inline query::PatternResult compareWith(const Games& g, const query::Pattern& pattern, const Expected& want,
                                        const std::string& text, const index::GameQuery& filter = {}) {
  const index::GameSearch catalogue(*g.db);
  const auto got = query::findPattern(*g.db, catalogue, pattern, {.filter = filter, .limit = UINT64_MAX});
  INFO(text);
  REQUIRE(got.total == want.games.size());
  REQUIRE(got.positions == want.positions);
  REQUIRE(got.games.size() == want.games.size());
  for (std::size_t i = 0; i < want.games.size(); ++i) {
    REQUIRE(got.games[i].game.id == want.games[i].first);
    REQUIRE(got.games[i].ply == want.games[i].second);
  }
  return got;
}

}  // namespace apiary::pattern_oracle
