// The position hash: CanonicalBoard's incremental hash is PositionKey::hash() of the
// canonical key in every position (games, their 24 transforms, stacked set-ups, a
// hive that drifts far from where it began), distinct keys hash apart, and the top
// 16 bits (the store's buckets) are uniform.
#include <algorithm>
#include <cmath>
#include <random>
#include <sstream>
#include <unordered_map>

#include "engine/canonical.hpp"
#include "engine/canonical_board.hpp"
#include "engine/generate.hpp"
#include "engine/position_hash.hpp"
#include "engine_support.hpp"

using namespace apiary;

namespace {

std::vector<GeneratedGame> sampleGames(uint64_t seed, int n) {
  GameGenerator generator(seed);
  std::vector<GeneratedGame> games;
  for (int i = 0; i < n; ++i) games.push_back(generator.next());
  return games;
}

// Compares a walk's hash and frame with canonicalize's key and frame; counts the
// positions that differ and describes the first (millions of CHECKs would be slow).
struct Comparison {
  int positions = 0, wrong = 0;
  std::string first;

  uint64_t compare(const CanonicalBoard& walk) {
    const HashedPosition hashed = walk.hashed();
    const CanonicalPosition fresh = canonicalize(walk.board());
    ++positions;
    if (hashed.hash != fresh.key.hash() || hashed.frame.symmetry.index != fresh.frame.symmetry.index ||
        hashed.frame.offset != fresh.frame.offset || hashed.frame.moverIsBlack != fresh.frame.moverIsBlack) {
      if (wrong++ == 0) {
        std::ostringstream out;
        out << "ply " << walk.board().ply() << ", key " << fresh.key.hex() << ": hash " << hashed.hash << " vs "
            << fresh.key.hash() << ", symmetry " << int(hashed.frame.symmetry.index) << " vs "
            << int(fresh.frame.symmetry.index) << ", offset (" << hashed.frame.offset.q << ", " << hashed.frame.offset.r
            << ") vs (" << fresh.frame.offset.q << ", " << fresh.frame.offset.r << ")";
        first = out.str();
      }
    }
    return hashed.hash;
  }
  void require() const {
    INFO(first);
    CHECK(wrong == 0);
  }
};

// The stacks of a position, bottom to top, moved by s and with colours swapped.
std::vector<PlacedStack> stacksOf(const Board& board, Symmetry s = {}, bool swap = false) {
  std::vector<PlacedStack> stacks;
  for (PieceId p = 0; p < kPieces; ++p) {
    if (!board.onBoard(p) || board.under(p) != kNoPiece) continue;
    PlacedStack stack{s.apply(board.axialOfPiece(p)), {}};
    for (PieceId q = board.top(board.cellOf(p)); q != kNoPiece; q = board.under(q))
      stack.pieces.insert(stack.pieces.begin(), swap ? PieceId((q + kSlots) % kPieces) : q);
    stacks.push_back(std::move(stack));
  }
  return stacks;
}

// A connected hive of random pieces around `at`, about a third of them stacked (at
// most 7 high, as in play), the others left in hand.
Board randomSetUp(std::mt19937_64& rng, Axial at) {
  std::vector<PieceId> pieces(kPieces);
  for (int i = 0; i < kPieces; ++i) pieces[i] = PieceId(i);
  std::shuffle(pieces.begin(), pieces.end(), rng);
  pieces.resize(3 + rng() % (kPieces - 2));
  std::vector<PlacedStack> stacks{{at, {pieces[0]}}};
  for (std::size_t i = 1; i < pieces.size(); ++i) {
    PlacedStack& base = stacks[rng() % stacks.size()];
    const Axial next = step(base.at, int(rng() % kDirs));
    const bool climbs =
        rng() % 3 == 0 || std::any_of(stacks.begin(), stacks.end(), [&](const PlacedStack& s) { return s.at == next; });
    if (!climbs) stacks.push_back({next, {pieces[i]}});
    else if (base.pieces.size() < 7) base.pieces.push_back(pieces[i]);
  }
  return Board::fromPosition(GameType::all(), Rules{}, rng() % 2 ? Color::Black : Color::White, stacks);
}

}  // namespace

TEST_CASE("the incremental hash is the key's hash at every ply, the same in all 24 transforms", "[canonical][hash]") {
  Comparison walked;
  int differ = 0;
  for (const auto& game : sampleGames(20261121, 1000)) {
    std::vector<uint64_t> hashes;  // of the game as played, per ply
    for (uint8_t s = 0; s < kSymmetries; ++s)
      for (bool swap : {false, true}) {
        const auto t = transformedGame(game.board, Symmetry{s}, swap);
        REQUIRE(t.has_value());
        CanonicalBoard walk(Board(t->type(), t->rules(), t->firstMover()));
        std::size_t ply = 0;
        const auto check = [&] {
          const uint64_t h = walked.compare(walk);
          if (s == 0 && !swap) hashes.push_back(h);
          else differ += h != hashes[ply];
          ++ply;
        };
        check();
        for (const Move& m : t->history()) {
          walk.play(m);
          check();
        }
      }
  }
  walked.require();
  CHECK(differ == 0);
  CHECK(walked.positions > 1'500'000);
}

TEST_CASE("the incremental hash follows stacked set-ups far from the origin, and their transforms",
          "[canonical][hash]") {
  std::mt19937_64 rng(5);
  Comparison walked;
  int differ = 0, stacked = 0;
  MoveList moves;
  for (int i = 0; i < 3000; ++i) {
    // Some hives begin beyond the tables of powers (|v| < 128).
    const int far = i % 3 == 0 ? 400 : 40;
    const Board setUp = randomSetUp(rng, Axial{int(rng() % (2 * far)) - far, int(rng() % (2 * far)) - far});
    for (PieceId p = 0; p < kPieces; ++p) stacked += setUp.onBoard(p) && setUp.under(p) != kNoPiece;
    const uint64_t h = CanonicalBoard(setUp).hashed().hash;
    for (uint8_t s = 0; s < kSymmetries; ++s)
      for (bool swap : {false, true}) {
        const Color mover = swap ? other(setUp.toMove()) : setUp.toMove();
        const Board t = Board::fromPosition(GameType::all(), Rules{}, mover, stacksOf(setUp, Symmetry{s}, swap));
        differ += CanonicalBoard(t).hashed().hash != h;
        differ += canonicalize(t).key.hash() != h;
      }
    // Then legal moves from it, climbing on and off the stacks.
    CanonicalBoard walk(setUp);
    walked.compare(walk);
    for (int ply = 0; ply < 30 && !walk.board().gameOver(); ++ply) {
      legalMoves(walk.board(), moves);
      if (moves.empty()) break;
      walk.play(moves[rng() % moves.size()]);
      walked.compare(walk);
    }
  }
  walked.require();
  CHECK(differ == 0);
  CHECK(stacked > 10000);
  CHECK(walked.positions > 50000);
}

TEST_CASE("the incremental hash follows a hive that drifts hundreds of cells", "[canonical][hash]") {
  // Five pieces, one a Beetle on a stack: the top piece of the last cell jumps ahead
  // of the first, again and again, heading off in one direction after another.
  const std::vector<Axial> cells = {{0, 0}, {1, 0}, {2, 0}, {3, 0}};
  std::vector<PlacedStack> stacks;
  for (int i = 0; i < 4; ++i) stacks.push_back({cells[i], {PieceId(i * 5)}});
  stacks[1].pieces.push_back(pieceId(Color::Black, Bug::Beetle));
  CanonicalBoard walk(Board::fromPosition(GameType::all(), Rules{}, Color::White, stacks));
  std::vector<Axial> line = cells;  // from the tail to the head
  Comparison walked;
  walked.compare(walk);
  const std::vector<std::pair<Axial, int>> legs = {
      {{1, 0}, 200}, {{0, 1}, 200}, {{-1, 1}, 200}, {{-1, 0}, 300}, {{0, -1}, 500}};
  int32_t farthest = 0;
  for (const auto& [dir, jumps] : legs)
    for (int j = 0; j < jumps; ++j) {
      const Axial from = line.front(), to = line.back() + dir;
      walk.play(Move{walk.board().top(cellAt(from)), cellAt(from), cellAt(to)});
      if (!walk.board().occupied(cellAt(from))) line.erase(line.begin());
      line.push_back(to);
      farthest = std::max({farthest, std::abs(to.q), std::abs(to.r), std::abs(to.q + to.r)});
      walked.compare(walk);
    }
  walked.require();
  CHECK(farthest > 300);
}

TEST_CASE("the empty board hashes as the empty key") {
  CHECK(CanonicalBoard(Board()).hashed().hash == PositionKey().hash());
  CHECK(canonicalize(Board()).key.hash() == PositionKey().hash());
}

TEST_CASE("changing a piece's bug, side or level, or a cell's place, changes the hash", "[hash]") {
  // Keys that differ in one detail: a hash that ignored it would give them one value.
  int changes = 0, same = 0;
  for (const auto& game : sampleGames(77, 40)) {
    Board replay(game.board.type(), game.board.rules());
    for (const Move& m : game.board.history()) {
      replay.play(m);
      const PositionKey key = canonicalize(replay).key;
      const std::string bytes(key.bytes());
      const auto differs = [&](const std::string& other) {
        ++changes;
        same += PositionKey::fromBytes(other).hash() == key.hash();
      };
      // Byte 0 and every byte after a piece without "more above" start a piece run;
      // the byte after a cell's last piece is the next cell's step.
      bool stepNext = false;
      for (std::size_t i = 0; i < bytes.size(); ++i) {
        std::string other = bytes;
        if (stepNext) {
          other[i] = char(uint8_t(other[i]) + 1);  // one column further
          differs(other);
          stepNext = false;
          continue;
        }
        other[i] = char(uint8_t(other[i]) ^ 8);  // the other side's
        differs(other);
        other = bytes;
        other[i] = char((uint8_t(other[i]) & ~7) | ((uint8_t(other[i]) + 1) & 7));  // another bug
        differs(other);
        const bool above = uint8_t(bytes[i]) & 0x80;
        if (above && ((bytes[i] ^ bytes[i + 1]) & 15)) {  // two different pieces swap levels
          other = bytes;
          other[i] = char((bytes[i] & 0x80) | (bytes[i + 1] & 15));
          other[i + 1] = char((bytes[i + 1] & 0x80) | (bytes[i] & 15));
          differs(other);
        }
        stepNext = !above;
      }
    }
  }
  CHECK(changes > 10000);
  CHECK(same == 0);
}

TEST_CASE("distinct keys have distinct hashes, spread evenly over the store's buckets", "[hash]") {
  // ~250,000 distinct positions: a hash that ignored stacks, colours or places
  // would collide here, and one with uneven top bits would crowd some buckets.
  std::unordered_map<std::string, uint64_t> hashOfKey;
  std::unordered_map<uint64_t, std::string> keyOfHash;
  int collisions = 0;
  for (const auto& game : sampleGames(3, 3000)) {
    Board replay(game.board.type(), game.board.rules());
    for (const Move& m : game.board.history()) {
      replay.play(m);
      const PositionKey key = canonicalize(replay).key;
      const auto [k, newKey] = hashOfKey.emplace(key.bytes(), key.hash());
      if (!newKey) continue;
      const auto [h, newHash] = keyOfHash.emplace(key.hash(), key.bytes());
      collisions += !newHash;
    }
  }
  const std::size_t n = hashOfKey.size();
  CHECK(n > 200'000);
  CHECK(collisions == 0);

  // Chi-square of the top 16 bits over 2^16 buckets, and of the top 8 over 2^8:
  // within 6 standard deviations (sqrt(2 dof)) of its expectation (dof).
  for (const int bits : {16, 8}) {
    std::vector<double> buckets(std::size_t(1) << bits);
    for (const auto& [key, hash] : hashOfKey) ++buckets[hash >> (64 - bits)];
    const double expected = double(n) / double(buckets.size());
    double chi2 = 0;
    for (const double b : buckets) chi2 += (b - expected) * (b - expected) / expected;
    const double dof = double(buckets.size() - 1);
    INFO(bits << " bits: chi-square " << chi2 << " for " << dof << " degrees of freedom");
    CHECK(std::abs(chi2 - dof) < 6 * std::sqrt(2 * dof));
    // 2^8 buckets hold ~900 each: every one within 5 standard deviations.
    const auto [low, high] = std::minmax_element(buckets.begin(), buckets.end());
    if (bits == 8) CHECK(std::max(*high - expected, expected - *low) < 5 * std::sqrt(expected));
  }
}
