// Helpers for the ingest tests: generated games as ingest hands them on, and
// comparing games up to the symmetries a notation does not record.
#pragma once
#include <algorithm>
#include <catch2/catch.hpp>
#include <functional>
#include <string>
#include <vector>

#include "engine/canonical.hpp"
#include "engine/generate.hpp"
#include "ingest/reader.hpp"
#include "notation/game.hpp"
#include "notation/notations.hpp"
#include "notation_row.hpp"
#include "support.hpp"

namespace apiary::test {

inline notation::ReplayedGame replayedOf(const GeneratedGame& generated) {
  notation::ReplayedGame game;
  game.board = generated.board;
  for (const auto& [name, value] : generated.tags) game.tags.push_back({name, value, {}});
  return game;
}

// A position from (q, r, UHP piece name) pairs, stacks listed bottom to top.
inline Board position(Color toMove, const std::vector<std::pair<Axial, const char*>>& pieces) {
  std::vector<PlacedStack> stacks;
  for (const auto& [at, name] : pieces) {
    auto it = std::find_if(stacks.begin(), stacks.end(), [&at = at](const PlacedStack& s) { return s.at == at; });
    if (it == stacks.end()) it = stacks.insert(stacks.end(), PlacedStack{at, {}});
    it->pieces.push_back(*parsePieceName(name));
  }
  return Board::fromPosition(GameType::all(), Rules{.tournament = false}, toMove, stacks);
}

inline PieceId piece(const char* name) { return *parsePieceName(name); }

// The canonical key of every position of a game, its start included: equal for two
// games that are one up to symmetry, ply by ply.
inline std::vector<std::string> canonicalKeysByPly(const Board& game) {
  Board replay(game.type(), game.rules(), game.firstMover());
  std::vector<std::string> keys{std::string(canonicalize(replay).key.bytes())};
  for (const Move& m : game.history()) {
    replay.play(m);
    keys.emplace_back(canonicalize(replay).key.bytes());
  }
  return keys;
}

// A cell moved by a symmetry of the grid. The symmetries are linear maps that keep
// the 32-periodic lattice of the torus, so any preimage of the cell will do.
inline Cell mapCell(Cell c, Symmetry s) {
  const int q = (c & 31) >= 16 ? (c & 31) - 32 : (c & 31);
  const int row = ((c - q) & (kCells - 1)) >> 5;
  const int r = row >= 16 ? row - 32 : row;
  return cellAt(s.apply(Axial{q, r}));
}

// Whether b's moves are a's moved by one symmetry and, maybe, the colour swap.
inline bool sameUpToSymmetry(const Board& a, const Board& b) {
  const auto& x = a.history();
  const auto& y = b.history();
  if (x.size() != y.size()) return false;
  for (bool swap : {false, true}) {
    if ((a.firstMover() != b.firstMover()) != swap) continue;
    for (uint8_t i = 0; i < kSymmetries; ++i) {
      const Symmetry s{i};
      bool same = true;
      for (std::size_t k = 0; same && k < x.size(); ++k) {
        Move t = x[k];
        if (!t.isPass()) {
          if (swap) t.piece = PieceId((t.piece + kSlots) % kPieces);
          if (!t.isPlacement()) t.from = mapCell(t.from, s);
          t.to = mapCell(t.to, s);
        }
        same = t == y[k];
      }
      if (same) return true;
    }
  }
  return false;
}

using WriteGame = std::function<std::string(const notation::ReplayedGame&)>;

// Writes the game, reads it back and checks that the same moves come back (up to
// the symmetries the notation leaves out) and that writing the game read gives the
// same text again. `label` names the game when it fails.
inline bool checkRoundTrip(const std::string& label, const notation::ReplayedGame& game, const WriteGame& write,
                           const notation::Notation& read) {
  const std::string text = write(game);
  const auto back = notation::readGames(read, text);
  const bool ok =
      back.size() == 1 && back[0].ok() && sameUpToSymmetry(game.board, back[0].board) && write(back[0]) == text;
  if (!ok) {
    std::string why = label + ":\n" + text;
    if (back.size() == 1 && back[0].error)
      why += "error at line " + std::to_string(back[0].error->line) + ", ply " + std::to_string(back[0].error->ply) +
             ": " + back[0].error->message + "\n";
    if (back.size() == 1 && back[0].ok()) why += "written again:\n" + write(back[0]);
    INFO(why);
    CHECK(ok);
  }
  return ok;
}

// checkRoundTrip for n generated games (stopping after 5 failures).
inline void checkRoundTrips(int n, uint64_t seed, const WriteGame& write, const notation::Notation& read) {
  GameGenerator generator(seed);
  int failures = 0;
  for (int i = 0; i < n && failures < 5; ++i)
    failures += !checkRoundTrip("game " + std::to_string(i), replayedOf(generator.next()), write, read);
  CHECK(failures == 0);
}

// checkRoundTrip for every game in ../shared/games that apiary reads, in whatever
// notation each file is in: real games have the shapes generated ones rarely do
// (hivegame's shuriken: three arms that only the far end of one tells apart).
inline void checkSharedRoundTrips(const WriteGame& write, const notation::Notation& read) {
  const auto dir = requireShared();
  if (dir.empty()) return;
  int games = 0;
  ingest::readSources({(dir / "games").string()}, nullptr, [&](ingest::SourceGames&& source) {
    INFO(source.path << ": " << (source.error ? source.error->message : ""));
    CHECK(!source.error);
    for (const auto& game : source.games) {
      if (!game.ok()) continue;  // the fixtures of illegal games
      ++games;
      checkRoundTrip(source.path + " #" + std::to_string(game.index + 1), game, write, read);
    }
  });
  // 8 UHP exports, 11 BoardSpace archives, 13 valid and 17 hash fixtures of
  // hivegame, and print/comb.pgn: every one the UHP and SGF tests replay.
  CHECK(games == 8 + 11 + 13 + 17 + 1);
}

}  // namespace apiary::test
