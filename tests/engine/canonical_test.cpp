// Canonical keys: invariant under the 24 symmetries, distinct for distinct
// positions (checked against a brute-force canonical form), and decodable.
#include <map>

#include "engine/canonical.hpp"
#include "engine/canonical_board.hpp"
#include "engine/generate.hpp"
#include "engine_support.hpp"

using namespace apiary;

namespace {

// Brute force: every symmetry's sorted list of (r, q, stack), translated so that the
// smallest cell is at the origin, with pieces named mover's/opponent's; the least.
using Form = std::vector<std::tuple<int, int, std::vector<int>>>;
Form bruteForceForm(const Board& board) {
  Form best;
  for (uint8_t i = 0; i < kSymmetries; ++i) {
    Form form;
    for (PieceId p = 0; p < kPieces; ++p) {
      if (!board.onBoard(p) || board.under(p) != kNoPiece) continue;
      std::vector<int> stack;
      for (PieceId q = board.top(board.cellOf(p)); q != kNoPiece; q = board.under(q))
        stack.insert(stack.begin(), (colorOf(q) != board.toMove()) * 8 + int(bugOf(q)));
      const Axial a = Symmetry{i}.apply(board.axialOfPiece(p));
      form.emplace_back(a.r, a.q, stack);
    }
    std::sort(form.begin(), form.end());
    if (!form.empty()) {
      const auto [r0, q0, s0] = form.front();
      for (auto& [r, q, s] : form) r -= r0, q -= q0;
    }
    if (i == 0 || form < best) best = form;
  }
  return best;
}

std::vector<GeneratedGame> sampleGames(int n) {
  GameGenerator generator(20261121);
  std::vector<GeneratedGame> games;
  for (int i = 0; i < n; ++i) games.push_back(generator.next());
  return games;
}

}  // namespace

TEST_CASE("all 24 transforms of a position give the same key", "[canonical]") {
  int positions = 0;
  for (const auto& game : sampleGames(60)) {
    std::vector<Board> variants;
    for (uint8_t s = 0; s < kSymmetries; ++s)
      for (bool swap : {false, true}) {
        auto t = transformedGame(game.board, Symmetry{s}, swap);
        INFO("symmetry " << int(s) << " swap " << swap << "\n" << gameString(game.board));
        REQUIRE(t.has_value());
        variants.push_back(std::move(*t));
      }
    // Walk all 24 games back ply by ply, comparing keys at every position.
    for (int ply = game.board.ply(); ply >= 0; --ply) {
      const PositionKey key = canonicalize(variants[0]).key;
      for (auto& v : variants) {
        CHECK(canonicalize(v).key == key);
        if (ply > 0) v.undo();
      }
      ++positions;
    }
  }
  CHECK(positions > 3000);
}

TEST_CASE("keys are equal exactly when the brute-force canonical forms are", "[canonical]") {
  std::map<std::string, Form> formOfKey;
  std::map<Form, std::string> keyOfForm;
  for (const auto& game : sampleGames(150)) {
    Board replay(game.board.type(), game.board.rules());
    for (const Move& m : game.board.history()) {
      replay.play(m);
      const std::string key(canonicalize(replay).key.bytes());
      const Form form = bruteForceForm(replay);
      const auto [k, newKey] = formOfKey.emplace(key, form);
      const auto [f, newForm] = keyOfForm.emplace(form, key);
      CHECK(k->second == form);
      CHECK(f->second == key);
    }
  }
  CHECK(formOfKey.size() > 5000);
  CHECK(formOfKey.size() == keyOfForm.size());
}

TEST_CASE("a key decodes to its position, and the frame maps cells onto it", "[canonical]") {
  int checked = 0;
  for (const auto& game : sampleGames(40)) {
    Board replay(game.board.type(), game.board.rules());
    for (const Move& m : game.board.history()) {
      replay.play(m);
      const CanonicalPosition canon = canonicalize(replay);
      const auto decoded = decodeKey(canon.key);
      REQUIRE(decoded.has_value());
      CHECK(canonicalize(*decoded).key == canon.key);
      CHECK(PositionKey::fromBytes(canon.key.bytes()) == canon.key);
      // Every piece of the position lands, through the frame, on a cell of the
      // decoded position holding the same bug of the same side, at the same height.
      for (PieceId p = 0; p < kPieces; ++p) {
        if (!replay.onBoard(p)) continue;
        const Axial at = canon.frame.toCanonical(replay.axialOfPiece(p));
        CHECK(canon.frame.fromCanonical(at) == replay.axialOfPiece(p));
        const Cell cell = cellAt(at);
        REQUIRE(decoded->occupied(cell));
        CHECK(decoded->height(cell) == replay.height(replay.cellOf(p)));
        const PieceId top = decoded->top(cell), ours = replay.top(replay.cellOf(p));
        CHECK(bugOf(top) == bugOf(ours));
        CHECK((colorOf(top) == Color::White) == (colorOf(ours) == replay.toMove()));
      }
      ++checked;
    }
  }
  CHECK(checked > 1000);
}

TEST_CASE("the key is compact and the empty board has the empty key", "[canonical]") {
  CHECK(canonicalize(Board()).key.size() == 0);
  for (const auto& game : sampleGames(30)) {
    const PositionKey key = canonicalize(game.board).key;
    const int pieces = std::popcount(game.board.piecesOnBoard());
    CHECK(key.size() <= 2 * std::size_t(pieces));
    CHECK(key.size() <= PositionKey::kMaxSize);
  }
}

namespace {

void requireSameCanonical(const CanonicalPosition& walked, const Board& board) {
  const CanonicalPosition fresh = canonicalize(board);
  INFO("ply " << board.ply() << ", key " << fresh.key.hex() << ", walked " << walked.key.hex());
  REQUIRE(walked.key == fresh.key);
  CHECK(walked.frame.symmetry.index == fresh.frame.symmetry.index);
  CHECK(walked.frame.offset == fresh.frame.offset);
  CHECK(walked.frame.moverIsBlack == fresh.frame.moverIsBlack);
}

// A set-up position: the pieces at the given cells, one a stack.
Board setUp(const std::vector<std::pair<Axial, PieceId>>& pieces, Color toMove) {
  std::vector<PlacedStack> stacks;
  for (const auto& [at, p] : pieces) stacks.push_back({at, {p}});
  return Board::fromPosition(GameType::all(), Rules{}, toMove, stacks);
}

}  // namespace

TEST_CASE("CanonicalBoard gives canonicalize's key and frame at every ply", "[canonical]") {
  int positions = 0;
  for (const auto& game : sampleGames(80)) {
    for (uint8_t s = 0; s < kSymmetries; s += 5)
      for (bool swap : {false, true}) {
        const auto t = transformedGame(game.board, Symmetry{s}, swap);
        REQUIRE(t.has_value());
        CanonicalBoard walk(Board(t->type(), t->rules(), t->firstMover()));
        requireSameCanonical(walk.canonical(), walk.board());
        for (const Move& m : t->history()) {
          walk.play(m);
          requireSameCanonical(walk.canonical(), walk.board());
          ++positions;
        }
      }
  }
  CHECK(positions > 10000);
}

TEST_CASE("CanonicalBoard follows set-up positions spread over 32 rows and back", "[canonical]") {
  // Two groups 40 columns apart: no window of 32 holds them, so the walk falls back
  // to canonicalize until a piece crosses over.
  const Board wide = setUp({{{0, 0}, pieceId(Color::White, Bug::Queen)},
                            {{1, 0}, pieceId(Color::White, Bug::Ant)},
                            {{40, 0}, pieceId(Color::Black, Bug::Queen)},
                            {{41, 0}, pieceId(Color::Black, Bug::Ant)}},
                           Color::White);
  CanonicalBoard walk(wide);
  requireSameCanonical(walk.canonical(), walk.board());
  const auto cell = [](int q, int r) { return cellAt(Axial{q, r}); };
  // White's Ant walks over to Black's group (Board::play trusts its move).
  walk.play(Move{pieceId(Color::White, Bug::Ant), cell(1, 0), cell(42, 0)});
  requireSameCanonical(walk.canonical(), walk.board());
  walk.play(Move{pieceId(Color::Black, Bug::Ant), cell(41, 0), cell(43, 0)});
  requireSameCanonical(walk.canonical(), walk.board());
  // The Queen joins them: the hive spans three cells again.
  walk.play(Move{pieceId(Color::White, Bug::Queen), cell(0, 0), cell(39, 0)});
  requireSameCanonical(walk.canonical(), walk.board());
  // Then the leftmost piece keeps jumping to the right end: the line drifts far past
  // where it started, and the window with it.
  walk.play(Move{pieceId(Color::White, Bug::Spider), kNoCell, cell(44, 0)});
  requireSameCanonical(walk.canonical(), walk.board());
  std::vector<int> occupied = {39, 40, 42, 43, 44};
  for (int jump = 0; jump < 40; ++jump) {
    const int from = occupied.front(), to = occupied.back() + 1;
    walk.play(Move{walk.board().top(cell(from, 0)), cell(from, 0), cell(to, 0)});
    occupied.erase(occupied.begin());
    occupied.push_back(to);
    requireSameCanonical(walk.canonical(), walk.board());
  }
}

TEST_CASE("a hive in a line has the same key in all 24 transforms", "[canonical]") {
  // Straight lines put cells 20 steps from the first one, past the grid's window of
  // [-16, 15] (keys are then written by sorting): both ways must agree.
  std::vector<std::pair<Axial, PieceId>> line;
  for (int i = 0; i < 22; ++i) line.push_back({Axial{i - 10, 0}, PieceId((i * 5) % kPieces)});
  std::optional<PositionKey> key;
  for (uint8_t s = 0; s < kSymmetries; ++s)
    for (bool swap : {false, true}) {
      std::vector<std::pair<Axial, PieceId>> moved;
      for (const auto& [at, p] : line)
        moved.push_back({Symmetry{s}.apply(at), swap ? PieceId((p + kSlots) % kPieces) : p});
      const Board board = setUp(moved, swap ? Color::Black : Color::White);
      const CanonicalPosition canon = canonicalize(board);
      if (!key) key = canon.key;
      CHECK(canon.key == *key);
      CHECK(CanonicalBoard(board).canonical().key == *key);
      for (const auto& [at, p] : moved) CHECK(canon.frame.fromCanonical(canon.frame.toCanonical(at)) == at);
      const auto decoded = decodeKey(canon.key);
      REQUIRE(decoded.has_value());
      CHECK(canonicalize(*decoded).key == *key);
    }
}
