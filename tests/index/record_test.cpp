// Records built from replayed games: packed UHP moves, canonical moves, position
// hashes, results relative to the first mover, identity, and date normalisation.
#include <catch2/catch.hpp>

#include <algorithm>
#include <tuple>
#include <vector>

#include "index/catalogue/iso_date.hpp"
#include "index/positions/visits.hpp"
#include "index_support.hpp"

using namespace apiary;
using namespace apiary::index;

namespace {

const std::vector<GeneratedGame>& sample() {
  static const std::vector<GeneratedGame> games = test::generateGames(4242, 150);
  return games;
}

GameMeta plainMeta(const GeneratedGame& g) { return test::metaOf(g, "a.pgn", 0); }

}  // namespace

TEST_CASE("packed moves name the reference moveString names, and unpack to the move") {
  std::size_t moves = 0;
  for (const auto& g : sample()) {
    Board board(g.board.type(), Rules{.tournament = false}, g.board.firstMover());
    for (const Move& m : g.board.history()) {
      const PackedMove packed = packMove(board, m);
      INFO("ply " << board.ply() + 1 << " " << notation::moveString(board, m));
      // The reference (bits 5-9) is the one UHP writes: the catalogue's moves are
      // `wA1 -bQ` in two bytes.
      const auto written = notation::uhpMoveOf(board, m);
      if (written.reference) CHECK(notation::pieceOf(written.reference->piece) == PieceId((packed >> 5) & 31));
      const auto back = unpackMove(board, packed);
      REQUIRE(back.has_value());
      CHECK(*back == m);
      board.play(m);
      ++moves;
    }
  }
  CHECK(moves > 5000);
  const Board start(GameType{}, Rules{});
  CHECK(unpackMove(start, kPackedPass) == Move::pass());
  CHECK_FALSE(unpackMove(start, PackedMove(0x1FFF)));  // piece 31 is no piece
}

TEST_CASE("a record holds every ply's canonical hash and its moves in the canonical frame") {
  for (const auto& g : sample()) {
    const GameRecord r = makeRecord(g.board, plainMeta(g));
    REQUIRE(r.plies == g.board.history().size());
    REQUIRE(r.positions.size() == r.plies + 1);
    REQUIRE(r.moves.size() == r.plies);
    CHECK(r.finalKey == canonicalize(g.board).key);
    // Hashes are kept move by move, never from a key: each must be its key's hash.
    CHECK(r.positions.back() == r.finalKey.hash());
    Board board(g.board.type(), g.board.rules(), g.board.firstMover());
    for (std::size_t ply = 0; ply < r.plies; ++ply) {
      const CanonicalPosition here = canonicalize(board);
      CHECK(r.positions[ply] == here.key.hash());
      const Move& m = g.board.history()[ply];
      const CanonicalMove& c = r.moves[ply];
      REQUIRE(c.pass == m.isPass());
      if (!m.isPass()) {
        // Back from the canonical frame, the move lands where it was played.
        CHECK(c.bug == bugOf(m.piece));
        CHECK(c.opponents == (colorOf(m.piece) != board.toMove()));
        CHECK(c.from.has_value() == !m.isPlacement());
        if (c.from) CHECK(here.frame.fromCanonical(*c.from) == board.axialOfPiece(m.piece));
        if (board.piecesOnBoard()) CHECK(here.frame.fromCanonical(c.to) == *board.axialOf(m.to));
      }
      board.play(m);
    }
  }
}

TEST_CASE("mirrored and colour-swapped copies have the same positions and outcome, another identity") {
  int swapped = 0;
  for (std::size_t i = 0; i < 40; ++i) {
    const auto& g = sample()[i];
    const bool swap = i % 2;
    const auto copy = transformedGame(g.board, Symmetry{uint8_t(i % kSymmetries)}, swap);
    REQUIRE(copy.has_value());
    GameMeta meta = plainMeta(g);
    if (swap && meta.result)
      meta.result = *meta.result == GameState::WhiteWins   ? GameState::BlackWins
                    : *meta.result == GameState::BlackWins ? GameState::WhiteWins
                                                           : *meta.result;
    const GameRecord a = makeRecord(g.board, plainMeta(g));
    const GameRecord b = makeRecord(*copy, meta);
    CHECK(a.positions == b.positions);
    CHECK(a.outcome == b.outcome);
    // Another orientation is another record, even with the same tags: its positions'
    // statistics add up, and dedup (not ingest) reports the two as one game.
    if (i % kSymmetries == 0 && !swap) CHECK(a.fingerprint == b.fingerprint);
    else CHECK(a.fingerprint != b.fingerprint);
    CHECK(b.firstMover == (swap ? other(a.firstMover) : a.firstMover));
    swapped += swap && a.outcome != Outcome::Unknown && a.result() != b.result();
  }
  CHECK(swapped > 5);  // colour swaps really swapped White's and Black's results
}

TEST_CASE("identity changes with the tags and the notation, not with the source") {
  const auto& g = sample()[0];
  const GameRecord base = makeRecord(g.board, plainMeta(g));
  GameMeta moved = plainMeta(g);
  moved.source = "elsewhere/b.pgn";
  moved.sourceIndex = 17;
  CHECK(makeRecord(g.board, moved).fingerprint == base.fingerprint);
  GameMeta retagged = plainMeta(g);
  retagged.tags.emplace_back("Annotator", "someone");
  CHECK(makeRecord(g.board, retagged).fingerprint != base.fingerprint);
  CHECK(makeRecord(g.board, retagged).sequence == base.sequence);
  GameMeta sgf = plainMeta(g);
  sgf.notation = "boardspace-sgf";
  CHECK(makeRecord(g.board, sgf).fingerprint != base.fingerprint);
}

TEST_CASE("results are relative to the first mover, and the file's result wins over the board's") {
  CHECK(outcomeOf(GameState::WhiteWins, Color::White) == Outcome::FirstWins);
  CHECK(outcomeOf(GameState::WhiteWins, Color::Black) == Outcome::SecondWins);
  CHECK(outcomeOf(GameState::Draw, Color::Black) == Outcome::Draw);
  CHECK(outcomeOf(GameState::InProgress, Color::White) == Outcome::Unknown);
  CHECK(stateOf(Outcome::SecondWins, Color::Black) == GameState::WhiteWins);
  // At ply 1 the second player moves: a first-player win is the mover's loss.
  const Counts c = countsOf(Outcome::FirstWins, 1, 40);
  CHECK(c.games == 1);
  CHECK(c.lengthSum == 40);
  CHECK(c.moverLosses == 1);
  CHECK(c.firstWins == 1);
  CHECK(c.moverWins + c.draws + c.secondWins == 0);

  const auto& g = sample()[3];
  GameMeta resigned = plainMeta(g);
  resigned.result = GameState::BlackWins;
  CHECK(makeRecord(g.board, resigned).result() == GameState::BlackWins);
  resigned.result.reset();
  CHECK(makeRecord(g.board, resigned).result() == (g.board.gameOver() ? g.board.state() : GameState::InProgress));
}

TEST_CASE("a game counts once per position, at its first ply, with each distinct next position") {
  // Positions 7 9 7 9 7 5: 7 is first reached at ply 0 and left to 9 (twice) and 5.
  const std::vector<PositionHash> positions = {7, 9, 7, 9, 7, 5};
  VisitList v;
  collectVisits(positions, v);
  REQUIRE(v.visits.size() == 3);
  CHECK(v.visits[0].position == 5);
  CHECK(v.visits[0].labelCount == 0);
  CHECK(v.visits[1].position == 7);
  CHECK(v.visits[1].ply == 0);
  CHECK(std::vector<uint32_t>(v.labelsOf(v.visits[1]).begin(), v.labelsOf(v.visits[1]).end()) ==
        std::vector<uint32_t>{9, 5});
  CHECK(v.visits[2].position == 9);
  CHECK(v.visits[2].ply == 1);
  CHECK(v.visits[2].labelCount == 1);
}

TEST_CASE("the batch file's unordered visits are the sorted ones, with or without a repeated position") {
  // Each visit with its labels, in hash order.
  const auto flattened = [](std::span<const PositionHash> positions, bool unordered) {
    VisitList v;
    if (unordered) collectVisitsUnordered(positions, v);
    else collectVisits(positions, v);
    std::vector<std::tuple<PositionHash, uint32_t, std::vector<uint32_t>>> out;
    for (const Visit& visit : v.visits)
      out.emplace_back(visit.position, visit.ply,
                       std::vector<uint32_t>(v.labelsOf(visit).begin(), v.labelsOf(visit).end()));
    std::sort(out.begin(), out.end());
    return out;
  };
  // Hashes sharing their low bits collide in the table of hashes seen.
  std::vector<PositionHash> distinct;
  for (uint64_t i = 0; i < 90; ++i) distinct.push_back((i * 0x9E3779B97F4A7C15ULL) << 12);
  std::vector<PositionHash> repeated = distinct;
  repeated[60] = repeated[40];
  repeated[61] = repeated[41];
  for (const auto& positions : {distinct, repeated, std::vector<PositionHash>{7}, std::vector<PositionHash>{}}) {
    const auto unordered = flattened(positions, true);
    CHECK(unordered == flattened(positions, false));
    CHECK(unordered.size() == (positions == repeated ? 88u : positions.size()));
  }
}

TEST_CASE("dates are normalised to ISO where they can be read") {
  CHECK(isoDate("2013.04.19") == "2013-04-19");
  CHECK(isoDate("2013-04-19") == "2013-04-19");
  CHECK(isoDate("2013.04.??") == "2013-04");
  CHECK(isoDate("2013.??.??") == "2013");
  CHECK(isoDate("28 October 2018") == "2018-10-28");
  CHECK(isoDate("Fri Apr 19 19:54:39 CDT 2013") == "2013-04-19");
  CHECK(isoDate("30-Jan-2024_16:10:56") == "2024-01-30");
  CHECK(isoDate("21.05.2013") == "2013-05-21");
  CHECK(isoDate("05/21/2013") == "2013-05-21");
  CHECK(isoDate("2013.02.30") == "2013-02");  // no such day
  CHECK(isoDate("yesterday").empty());
  CHECK(isoDate("").empty());
}
