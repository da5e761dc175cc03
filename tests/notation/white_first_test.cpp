// A game Black began (a BoardSpace log may have Black move first), written in the
// notations where White always moves first (UHP files, GameStrings, direction), is
// the same game with the colours swapped: it reads back, every ply reaches the same
// canonical position, and the players, their ratings and the result are swapped
// with the colours, so the winner is the same player. The notations that can
// record Black first (SGF, PGN-like, algebraic) write it as it is.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "engine/canonical.hpp"
#include "engine/generate.hpp"
#include "notation/notations.hpp"
#include "notation/uhp_text.hpp"
#include "notation/white_first.hpp"
#include "notation_row.hpp"
#include "notation_support.hpp"

using namespace apiary;

namespace {

// bob (P0) plays Black and begins; alice answers with White; bob wins.
const char* const kBlackFirstLog = R"((;
GM[27]
SU[hive]
P0[id "bob"]
P1[id "alice"]
P0[ranking 1612]
P1[ranking 1480]
RE[Game won by bob]
; P0[0 Start P0]
; P0[1 Move B bG1 N 13 .]
; P0[2 Done ]
; P1[3 Move W wQ O 13 bG1-]
; P1[4 Done ]
; P0[5 Move B bQ M 13 -bG1]
; P0[6 Done ]
; P1[7 Move W wA1 P 13 wQ-]
; P1[8 Done ]
; P0[9 Move B bS1 L 13 -bQ]
; P0[10 Done ]
; P1[11 Move W wA1 K 13 -bS1]
; P1[12 Done ]
; P0[13 Move B bA1 L 12 bS1\\]
; P0[14 Done ]
; P1[15 Move W wG1 P 14 wQ/]
; P1[16 Done ]
)
)";

std::string tagOr(const notation::ReplayedGame& game, const std::string& name) {
  const std::string* value = game.tag(name);
  return value ? *value : "(none)";
}

// Who won, by name: the colour the result names, looked up in the player tags.
std::string winnerOf(const notation::ReplayedGame& game) {
  const std::string result = tagOr(game, "Result");
  if (result == "WhiteWins") return tagOr(game, "White");
  if (result == "BlackWins") return tagOr(game, "Black");
  return result;
}

notation::ReplayedGame readOne(const notation::Notation& notation, const std::string& text) {
  auto games = notation::readGames(notation, text);
  REQUIRE(games.size() == 1);
  INFO(text << (games[0].error ? notation::describeError("", *games[0].error) : ""));
  REQUIRE(games[0].ok());
  return std::move(games[0]);
}

// `back`, read from what a White-first notation wrote of `original` (Black first):
// White begins, each ply reaches the original's canonical position, and the
// colour tags are the original's swapped.
void checkSwapped(const notation::ReplayedGame& original, const notation::ReplayedGame& back) {
  CHECK(back.board.firstMover() == Color::White);
  CHECK(test::canonicalKeysByPly(back.board) == test::canonicalKeysByPly(original.board));
  CHECK(tagOr(back, "White") == tagOr(original, "Black"));
  CHECK(tagOr(back, "Black") == tagOr(original, "White"));
  CHECK(tagOr(back, "WhiteElo") == tagOr(original, "BlackElo"));
  CHECK(tagOr(back, "BlackElo") == tagOr(original, "WhiteElo"));
  CHECK(winnerOf(back) == winnerOf(original));
}

// Every check of this file on one game Black began.
void checkEveryNotation(const notation::ReplayedGame& game) {
  REQUIRE(game.board.firstMover() == Color::Black);
  for (const char* name : {"uhp", "direction"}) {
    INFO(name);
    checkSwapped(game, readOne(test::row(name), notation::writeGame(test::row(name), game)));
  }
  // A GameString holds the moves alone: its state names the swapped winner.
  const std::string text = notation::gameString(game.board);
  INFO(text);
  const std::size_t firstMove = text.find(';', text.find(';', text.find(';') + 1) + 1);  // after type, state, turn
  REQUIRE(firstMove + 1 < text.size());
  CHECK(text[firstMove + 1] == 'w');
  const auto fromString = readOne(test::row("uhp"), text);
  CHECK(fromString.board.firstMover() == Color::White);
  CHECK(test::canonicalKeysByPly(fromString.board) == test::canonicalKeysByPly(game.board));
  if (game.board.state() == GameState::BlackWins) CHECK(fromString.board.state() == GameState::WhiteWins);
  // The notations that can record Black first keep the game as it is.
  for (const char* name : {"sgf", "pgn-like", "algebraic"}) {
    INFO(name);
    const auto back = readOne(test::row(name), notation::writeGame(test::row(name), game));
    CHECK(back.board.firstMover() == Color::Black);
    CHECK(test::canonicalKeysByPly(back.board) == test::canonicalKeysByPly(game.board));
    if (back.tag("White")) CHECK(tagOr(back, "White") == tagOr(game, "White"));
  }
}

}  // namespace

TEST_CASE("a BoardSpace log Black began is written with colours swapped where White moves first", "[white_first]") {
  const auto game = readOne(test::row("sgf"), kBlackFirstLog);
  CHECK(tagOr(game, "Black") == "bob");
  CHECK(tagOr(game, "Result") == "BlackWins");
  CHECK(tagOr(game, "BlackElo") == "1612");
  checkEveryNotation(game);

  const std::string uhp = notation::writeGame(test::row("uhp"), game);
  INFO(uhp);
  CHECK(uhp.find("\n1. wG1\n2. bQ wG1-\n") != std::string::npos);
  const auto back = readOne(test::row("uhp"), uhp);
  CHECK(tagOr(back, "White") == "bob");
  CHECK(tagOr(back, "Result") == "WhiteWins");
  CHECK(tagOr(back, "WhiteElo") == "1612");
  CHECK(uhp.find("\nWhiteWins\n") != std::string::npos);
  // The writer's copy is swapped, not the game it was given.
  CHECK(game.board.firstMover() == Color::Black);
  CHECK(tagOr(game, "White") == "alice");
}

TEST_CASE("generated games with the colours swapped, through SGF, read back from every notation", "[white_first]") {
  GameGenerator generator(20261129);
  for (int i = 0; i < 30; ++i) {
    GeneratedGame generated = generator.next();
    INFO("game " << i);
    const auto swapped = transformedGame(generated.board, Symmetry{}, true);
    REQUIRE(swapped);
    generated.board = *swapped;  // its tags unchanged: only that the writers swap them back counts
    generated.tags.emplace_back("WhiteElo", "1500");
    generated.tags.emplace_back("BlackElo", "1720");
    // Through apiary's SGF writer and reader, as a BoardSpace log Black began.
    const std::string log = notation::writeGame(test::row("sgf"), test::replayedOf(generated));
    checkEveryNotation(readOne(test::row("sgf"), log));
  }
}

TEST_CASE("colour tags swap in place: others, and results naming no colour, stay", "[white_first]") {
  std::vector<grammar::Tag> tags = {{"Event", "Club", {}}, {"White", "ann", {}},         {"Black", "bob", {}},
                                    {"Result", "1-0", {}}, {"WhiteElo", "1500", {}},     {"BlackTitle", "GM", {}},
                                    {"P0", "ann", {}},     {"RE", "Game won by ann", {}}};
  notation::swapColourTags(tags);
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"Event", "Club"},    {"White", "bob"},     {"Black", "ann"}, {"Result", "0-1"},
      {"BlackElo", "1500"}, {"WhiteTitle", "GM"}, {"P0", "ann"},    {"RE", "Game won by ann"}};
  REQUIRE(tags.size() == expected.size());
  for (std::size_t i = 0; i < tags.size(); ++i) {
    CHECK(tags[i].name == expected[i].first);
    CHECK(tags[i].value == expected[i].second);
  }
  for (const auto& [result, swapped] : std::vector<std::pair<std::string, std::string>>{
           {"WhiteWins", "BlackWins"}, {"BlackWins", "WhiteWins"}, {"0-1", "1-0"}, {"Draw", "Draw"}, {"*", "*"}}) {
    std::vector<grammar::Tag> one = {{"Result", result, {}}};
    notation::swapColourTags(one);
    CHECK(one[0].value == swapped);
  }
}

TEST_CASE("a game White began is written as it stands", "[white_first]") {
  GameGenerator generator(7);
  const auto game = test::replayedOf(generator.next());
  CHECK_FALSE(notation::whiteFirst(game));
  CHECK_FALSE(notation::whiteFirst(game.board));
  const auto back = readOne(test::row("uhp"), notation::writeGame(test::row("uhp"), game));
  CHECK(back.board.history() == game.board.history());
  CHECK(tagOr(back, "White") == tagOr(game, "White"));
}
