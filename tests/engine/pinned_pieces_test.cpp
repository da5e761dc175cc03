// pinnedPieces answers most positions from each piece's neighbour mask (a hive
// without holes is pinned exactly where a piece's neighbours are not one arc) and
// the rest by the gaps next to lone-cell holes or by articulation points;
// PinnedTrack keeps the same move by move. Both against the plain definition, each
// piece lifted and the hive flooded without it, at every position of generated and
// real games.
#include <bit>
#include <filesystem>
#include <random>

#include "engine/generate.hpp"
#include "engine/pinned.hpp"
#include "engine_support.hpp"
#include "notation/notations.hpp"
#include "support.hpp"

using namespace apiary;

namespace {

// Pieces alone in their cell whose removal leaves the other occupied cells apart.
uint32_t pinnedByDefinition(const Board& board) {
  CellSet occupied{};
  std::vector<Cell> cells;
  for (PieceId p = 0; p < kPieces; ++p)
    if (board.isTop(p)) occupied.add(board.cellOf(p)), cells.push_back(board.cellOf(p));
  uint32_t pinned = 0;
  for (const Cell lifted : cells) {
    if (board.height(lifted) != 1 || cells.size() < 3) continue;
    CellSet reached{};
    std::vector<Cell> stack{lifted == cells[0] ? cells[1] : cells[0]};
    reached.add(stack.back());
    std::size_t count = 1;
    while (!stack.empty()) {
      const Cell c = stack.back();
      stack.pop_back();
      for (int d = 0; d < kDirs; ++d) {
        const Cell n = neighbor(c, d);
        if (n == lifted || !occupied.has(n) || reached.has(n)) continue;
        reached.add(n), stack.push_back(n), ++count;
      }
    }
    if (count != cells.size() - 1) pinned |= pieceBit(board.top(lifted));
  }
  return pinned;
}

// Pieces whose neighbours are not one arc: pinned unless the hive closes a ring.
uint32_t severalArcs(const Board& board) {
  uint32_t out = 0;
  for (PieceId p = 0; p < kPieces; ++p) {
    if (!board.isTop(p) || board.height(board.cellOf(p)) != 1) continue;
    const unsigned around = board.occupiedAround(board.cellOf(p));
    int starts = 0;
    for (int d = 0; d < kDirs; ++d) starts += (around >> d & 1) && !(around >> clockwise(d, 5) & 1);
    if (starts > 1) out |= pieceBit(p);
  }
  return out;
}

struct Tally {
  long positions = 0, ringed = 0;  // ringed: a piece with several arcs is not pinned
};

// pinnedPieces of each position, and a PinnedTrack following the game.
void compareAlong(const Board& final, Tally& tally) {
  Board board(final.type(), final.rules(), final.firstMover());
  PinnedTrack track;
  for (const Move& m : final.history()) {
    board.play(m);
    const uint32_t expected = pinnedByDefinition(board), tracked = track.played(board, m);
    if (pinnedPieces(board) != expected || tracked != expected)
      FAIL_CHECK(gameString(board) << ": pinnedPieces " << pinnedPieces(board) << ", tracked " << tracked
                                   << ", by definition " << expected);
    ++tally.positions;
    tally.ringed += (severalArcs(board) & ~expected) != 0;
  }
}

}  // namespace

TEST_CASE("pinned pieces are those whose lifting splits the hive, at every position of generated games") {
  GameGenerator generator(2718);
  Tally tally;
  for (int g = 0; g < 400; ++g) compareAlong(generator.next().board, tally);
  CHECK(tally.positions > 30000);
  CHECK(tally.ringed > 1000);  // hives with holes, answered by articulation points
}

TEST_CASE("pinned pieces are those whose lifting splits the hive, at every position of the shared games") {
  const auto dir = test::requireShared();
  if (dir.empty()) return;
  Tally tally;
  int games = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir / "games")) {
    if (!entry.is_regular_file()) continue;
    const std::string text = test::readFile(entry.path());
    const notation::Notation* notation = notation::detectNotation(text, entry.path().string());
    if (!notation) continue;
    for (const auto& game : notation::readGames(*notation, text)) {
      INFO(entry.path().string() << " game " << game.index);
      compareAlong(game.board, tally);
      ++games;
    }
  }
  CHECK(games > 40);
  CHECK(tally.positions > 2000);
  CHECK(tally.ringed > 0);
}

TEST_CASE("a ring of pieces pins none of them, and pins the one a tail hangs on") {
  // Six pieces around an empty cell, then a seventh outside the eastern one.
  const std::array<Axial, kDirs> ring = {{{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}}};
  std::vector<PlacedStack> stacks;
  for (int i = 0; i < kDirs; ++i)
    stacks.push_back({ring[i], {pieceId(i % 2 ? Color::Black : Color::White, Bug::Ant, i / 2 + 1)}});
  Board closed = Board::fromPosition(GameType::all(), {}, Color::White, stacks);
  CHECK(pinnedPieces(closed) == 0);
  stacks.push_back({{2, 0}, {pieceId(Color::White, Bug::Queen)}});
  Board tailed = Board::fromPosition(GameType::all(), {}, Color::White, stacks);
  CHECK(pinnedPieces(tailed) == pieceBit(pieceId(Color::White, Bug::Ant, 1)));
  CHECK(pinnedByDefinition(tailed) == pinnedPieces(tailed));
}

TEST_CASE("pieceCount counts the pieces of a mask as std::popcount does") {
  std::mt19937 random(5);
  for (uint32_t mask = 0; mask < (1u << kSlots); ++mask) {
    REQUIRE(pieceCount(mask) == std::popcount(mask));
    REQUIRE(pieceCount(mask << kSlots) == std::popcount(mask));
    const uint32_t any = random() & kAllPieces;
    REQUIRE(pieceCount(any) == std::popcount(any));
  }
}
