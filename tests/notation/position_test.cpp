// Position strings through ingest: the spec's example, and every position of
// generated games written and read back to the same canonical position.
#include <catch2/catch.hpp>

#include "engine/canonical.hpp"
#include "engine/generate.hpp"
#include "notation/notations.hpp"

using namespace apiary;

TEST_CASE("the example position string reads and writes back", "[ingest][fen]") {
  const std::string example = "7a3/6A4/5M=bGlgp=B=mS/4GL1q2s/2gG=B=bP6/1aQA:7/1as8/1g9/A10";
  const auto position = notation::readPosition(example);
  REQUIRE(position.value);
  const Board& b = *position.value;
  CHECK(std::popcount(b.piecesOnBoard()) == 27);
  REQUIRE(b.lastMoved() != kNoPiece);
  CHECK(bugOf(b.lastMoved()) == Bug::Ant);
  CHECK(colorOf(b.lastMoved()) == Color::White);
  CHECK(notation::writePosition(b) == example + " w");
  // With the side given, it is kept.
  CHECK(notation::writePosition(*notation::readPosition(example + " b").value) == example + " b");
}

TEST_CASE("every position of generated games survives a position string", "[ingest][fen]") {
  GameGenerator generator(77);
  int positions = 0;
  for (int g = 0; g < 100; ++g) {
    Board game = generator.next().board;
    Board replay(game.type(), game.rules());
    for (const Move& m : game.history()) {
      replay.play(m);
      const std::string text = notation::writePosition(replay);
      const auto back = notation::readPosition(text);
      INFO(text);
      REQUIRE(back.value);
      CHECK(canonicalize(*back.value).key == canonicalize(replay).key);
      CHECK(back.value->toMove() == replay.toMove());
      CHECK(notation::writePosition(*back.value) == text);
      ++positions;
    }
  }
  CHECK(positions > 5000);
}

TEST_CASE("bad position strings give an error, never a crash", "[ingest][fen]") {
  for (const char* bad : {"", "3/", "Q=q=Q=q=Q/2", "AAAA", "x9", "1Q/2q/3Z"}) {
    INFO(bad);
    const auto position = notation::readPosition(bad);
    CHECK_FALSE(position.value.has_value());
    CHECK_FALSE(position.error.message.empty());
  }
  // Pieces apart, on one row or on rows far apart (which a 32-wide board would
  // otherwise fold onto each other): not a position any game reaches.
  for (const char* apart : {"Q1q", "Q31q", "Q/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/q"}) {
    INFO(apart);
    const auto position = notation::readPosition(apart);
    CHECK_FALSE(position.value.has_value());
    CHECK(position.error.message == "the pieces do not form one hive");
  }
  CHECK(notation::readPosition("Qq").value.has_value());
}
