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
#include "ingest/game.hpp"

namespace apiary::test {

inline ingest::ReplayedGame replayedOf(const GeneratedGame& generated) {
  ingest::ReplayedGame game;
  game.board = generated.board;
  for (const auto& [name, value] : generated.tags) game.tags.push_back({name, value, {}});
  return game;
}

// A position from (q, r, UHP piece name) pairs, stacks listed bottom to top.
inline Board position(Color toMove, const std::vector<std::pair<Axial, const char*>>& pieces) {
  std::vector<PlacedStack> stacks;
  for (const auto& [at, name] : pieces) {
    auto it = std::find_if(stacks.begin(), stacks.end(), [&](const PlacedStack& s) { return s.at == at; });
    if (it == stacks.end()) it = stacks.insert(stacks.end(), PlacedStack{at, {}});
    it->pieces.push_back(*parsePieceName(name));
  }
  return Board::fromPosition(GameType::all(), Rules{.tournament = false}, toMove, stacks);
}

inline PieceId piece(const char* name) { return *parsePieceName(name); }

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

// Writes n generated games, reads each back and checks that the same moves come
// back (up to the symmetries the notation leaves out) and that writing the game
// read gives the same text again.
inline void checkRoundTrips(int n, uint64_t seed, const std::function<std::string(const ingest::ReplayedGame&)>& write,
                            const std::function<std::vector<ingest::ReplayedGame>(std::string_view)>& read) {
  GameGenerator generator(seed);
  int failures = 0;
  for (int i = 0; i < n && failures < 5; ++i) {
    const auto game = replayedOf(generator.next());
    const std::string text = write(game);
    const auto back = read(text);
    const bool ok = back.size() == 1 && back[0].ok() && sameUpToSymmetry(game.board, back[0].board) &&
                    write(back[0]) == text;
    if (!ok) {
      ++failures;
      std::string why = "game " + std::to_string(i) + ":\n" + text;
      if (back.size() == 1 && back[0].error)
        why += "error at line " + std::to_string(back[0].error->line) + ", ply " +
               std::to_string(back[0].error->ply) + ": " + back[0].error->message + "\n";
      if (back.size() == 1 && back[0].ok()) why += "written again:\n" + write(back[0]);
      INFO(why);
      CHECK(ok);
    }
  }
  CHECK(failures == 0);
}

}  // namespace apiary::test
