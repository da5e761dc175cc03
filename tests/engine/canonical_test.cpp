// Canonical keys: invariant under the 24 symmetries, distinct for distinct
// positions (checked against a brute-force canonical form), and decodable.
#include <map>

#include "engine/canonical.hpp"
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
