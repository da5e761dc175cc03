// Lenient reading (notation/repair.hpp) on records this test writes itself (UHP,
// PGN-like, algebraic, BoardSpace): games from the generator with one move made
// wrong in each of the four ways real files hold (a slide BoardSpace accepted, a
// mistaken move through a gate, a piece letter in the wrong case, a reference's
// colour flipped), as far as each notation can hold them (BoardSpace writes no
// colour letters; algebraic names cells, not reference pieces). Strict reading keeps
// rejecting them at the same ply and names the repair; lenient reading repairs them
// there.
#include <algorithm>
#include <cctype>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>
#include "engine/generate.hpp"
#include "engine/movegen.hpp"
#include "engine/relaxed_movement.hpp"
#include "notation/move_text.hpp"
#include "notation/notations.hpp"
#include "notation/repair.hpp"
#include "notation/uhp_text.hpp"
#include "notation_row.hpp"
#include "notation_support.hpp"

using namespace apiary;
using namespace apiary::notation;

namespace {

// A record in one notation: its text, and the line each ply is on.
struct Record {
  std::string text;
  std::vector<int> lineOfPly;  // [ply - 1]
};

using WriteMove = std::function<std::string(const Board&, const Move&)>;

// A UHP file of `moves` played from the start, with `written` replacing ply
// `wrongPly`'s text (0: none).
Record uhpRecord(GameType type, const std::vector<Move>& moves, int wrongPly, const std::string& written) {
  Record r{"[GameType \"" + type.name() + "\"]\n\n", {}};
  Board board(type, Rules{.tournament = false});
  int line = 3;
  for (std::size_t i = 0; i < moves.size(); ++i, ++line) {
    const bool wrong = int(i) + 1 == wrongPly;
    r.text += std::to_string(i + 1) + ". " + (wrong ? written : moveString(board, moves[i])) + "\n";
    r.lineOfPly.push_back(line);
    board.play(moves[i]);
  }
  return r;
}

// A PGN-like file: one turn a line, both players' plies on it.
Record pgnLikeRecord(const std::vector<Move>& moves, int wrongPly, const std::string& written) {
  Record r{"[ExpansionPieces \"MmLlPp\"]\n\n", {}};
  Board board(GameType::all(), Rules{.tournament = false});
  int line = 3;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (i % 2 == 0) r.text += std::to_string(i / 2 + 1) + ".";
    const bool wrong = int(i) + 1 == wrongPly;
    r.text += " " + (wrong ? written : writePgnLikeMove(board, moves[i]));
    r.lineOfPly.push_back(line);
    board.play(moves[i]);
    if (i % 2 == 1 || i + 1 == moves.size()) r.text += "\n", ++line;
  }
  return r;
}

// An algebraic file (long form, one move a line) of `moves`, in the grid the game
// fixes; `mistake` changes ply `wrongPly`'s text (0: none).
Record algebraicRecord(GameType type, const std::vector<Move>& moves, int wrongPly,
                       const std::function<std::string(std::string)>& mistake) {
  ReplayedGame game;
  game.board = Board(type, Rules{.tournament = false});
  for (const Move& m : moves) game.board.play(m);
  auto longForm = [](const Board& board, const GameFrame& frame, const Move& m) {
    return writeAlgebraicMove(board, frame, m, grammar::algebraic::Form::Long);
  };
  const auto written = describeInOwnFrame<std::string>(game, longForm);
  Record r{"[GameType \"" + type.name() + "\"]\n\n", {}};
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const std::string& text = written.moves[i].move;
    r.text += std::to_string(i + 1) + ". " + (int(i) + 1 == wrongPly ? mistake(text) : text) + "\n";
    r.lineOfPly.push_back(int(i) + 3);
  }
  return r;
}

// A BoardSpace record of a Base game: a `Move` and a `Done` node a ply, each piece at
// its absolute column and row (the first piece at N 13, rows counting up north).
Record sgfRecord(const std::vector<Move>& moves) {
  Record r{"(;\nGM[27]\nSU[hive]\n", {}};
  Board board(GameType{}, Rules{.tournament = false});
  int line = 4;
  for (std::size_t i = 0; i < moves.size(); ++i, line += 2) {
    const std::string player = board.toMove() == Color::White ? "P0" : "P1";
    const std::string piece = moveString(board, moves[i]).substr(0, moveString(board, moves[i]).find(' '));
    board.play(moves[i]);
    const Axial at = board.axialOfPiece(moves[i].piece);
    r.text += "; " + player + "[" + std::to_string(2 * i + 1) + " Move " + (player == "P0" ? "W " : "B ") + piece +
              " " + std::string(1, char('N' + at.q)) + " " + std::to_string(13 - at.r) + " .]\n";
    r.text += "; " + player + "[" + std::to_string(2 * i + 2) + " Done ]\n";
    r.lineOfPly.push_back(line);
  }
  r.text += ")\n";
  return r;
}

ReplayedGame readOne(const notation::Notation& notationRow, const std::string& text, bool lenient) {
  auto games = readGames(notationRow, text, ReadOptions{.lenient = lenient});
  REQUIRE(games.size() == 1);
  return std::move(games.front());
}

// A game's moves up to `ply` plies, then `wrong`, then a few legal moves after it.
std::vector<Move> movesAround(const Board& game, int ply, const Move& wrong) {
  std::vector<Move> out(game.history().begin(), game.history().begin() + ply);
  Board board(game.type(), Rules{.tournament = false});
  for (const Move& m : out) board.play(m);
  out.push_back(wrong);
  board.play(wrong);
  for (int i = 0; i < 4 && !board.gameOver(); ++i) {
    MoveList legal;
    legalMoves(board, legal);
    out.push_back(legal[legal.size() / 2]);
    board.play(out.back());
  }
  return out;
}

// The first position of generated games where a bug that `wanted` accepts has a
// movement legal only without the sliding rules: the game's moves up to there and
// that movement.
struct Slide {
  GeneratedGame game;
  int ply = 0;
  Move move;
};
Slide findSlide(const std::function<bool(Bug)>& wanted, std::optional<GameType> type = std::nullopt) {
  GameGenerator generator(14, type);
  for (int g = 0; g < 200; ++g) {
    GeneratedGame game = generator.next();
    Board board(game.board.type(), Rules{.tournament = false});
    for (int ply = 0; ply < int(game.board.history().size()); ++ply) {
      if (ply >= 8)
        for (const Move& m : movementsIgnoringSlideRules(board, kAllPieces))
          if (wanted(bugOf(m.piece)) && !isLegal(board, m)) return {game, ply, m};
      board.play(game.board.history()[ply]);
    }
  }
  throw std::runtime_error("no generated game offers such a slide");
}

void checkRepairedSlide(const notation::Notation& notationRow, const Record& record, int ply,
                        const std::vector<Move>& moves) {
  const ReplayedGame strict = readOne(notationRow, record.text, false);
  REQUIRE(strict.error);
  CHECK(strict.error->ply == ply);
  CHECK(strict.error->line == record.lineOfPly[ply - 1]);
  CHECK(strict.error->message.find("lenient reading would take this as") != std::string::npos);

  const ReplayedGame lenient = readOne(notationRow, record.text, true);
  INFO((lenient.error ? lenient.error->message : std::string()));
  REQUIRE(lenient.ok());
  REQUIRE(lenient.repairs.size() == 1);
  CHECK(lenient.repairs[0].kind == RepairKind::SlideRulesIgnored);
  CHECK(lenient.repairs[0].where.ply == ply);
  CHECK(lenient.repairs[0].where.line == record.lineOfPly[ply - 1]);
  CHECK(lenient.repairs[0].where.message.find("repaired: gate and contact rules ignored -> ") != std::string::npos);
  // Algebraic and PGN-like fix their own orientation: the same game up to symmetry.
  CHECK(test::sameUpToSymmetry(lenient.board, [&] {
    Board expected(lenient.board.type(), Rules{.tournament = false});
    for (const Move& m : moves) expected.play(m);
    return expected;
  }()));
  if (&notationRow == &test::row("uhp") || &notationRow == &test::row("sgf")) CHECK(lenient.board.history() == moves);
}

// Generated games written in PGN-like with, at each ply from the third on, the case
// of the letter `letterAt` finds flipped: how many such texts strict reading refuses
// at that ply, and how many of those lenient reading repairs with `kind`, each
// checked (its ply and line, the strict message naming it, the game it gives).
std::pair<int, int> readWithLetterFlipped(uint64_t seed, const std::function<std::size_t(const std::string&)>& letterAt,
                                          RepairKind kind) {
  GameGenerator generator(seed, GameType::all());
  int repaired = 0, failedStrictly = 0;
  for (int g = 0; g < 6; ++g) {
    const GeneratedGame game = generator.next();
    const auto& history = game.board.history();
    Board board(GameType::all(), Rules{.tournament = false});
    for (int i = 0; i < int(history.size()) && i <= 40; board.play(history[i]), ++i) {
      const int ply = i + 1;
      std::string text = writePgnLikeMove(board, history[i]);
      const std::size_t letter = letterAt(text);
      if (ply < 3 || history[i].isPass() || letter == std::string::npos) continue;
      const auto c = static_cast<unsigned char>(text[letter]);
      text[letter] = char(std::isupper(c) ? std::tolower(c) : std::toupper(c));
      const std::vector<Move> moves(history.begin(), history.begin() + std::min<int>(ply + 2, history.size()));
      const Record record = pgnLikeRecord(moves, ply, text);
      const ReplayedGame strict = readOne(test::row("pgn-like"), record.text, false);
      if (!strict.error || strict.error->ply != ply) continue;
      ++failedStrictly;
      const ReplayedGame lenient = readOne(test::row("pgn-like"), record.text, true);
      if (!lenient.ok() || lenient.repairs.at(0).kind != kind) continue;
      ++repaired;
      REQUIRE(lenient.repairs.size() == 1);
      CHECK(lenient.repairs[0].where.ply == ply);
      CHECK(lenient.repairs[0].where.line == record.lineOfPly[ply - 1]);
      CHECK(strict.error->message.find("lenient reading would take this as") != std::string::npos);
      // PGN-like puts the second piece east of the first: the same game up to symmetry.
      Board expected(GameType::all(), Rules{.tournament = false});
      for (const Move& m : moves) expected.play(m);
      CHECK(test::sameUpToSymmetry(lenient.board, expected));
    }
  }
  return {failedStrictly, repaired};
}

// The slide written as UHP at its ply in an otherwise legal record: repaired there.
void checkRepairedUhpSlide(const Slide& slide) {
  const auto moves = movesAround(slide.game.board, slide.ply, slide.move);
  Board before(slide.game.board.type(), Rules{.tournament = false});
  for (int i = 0; i < slide.ply; ++i) before.play(moves[i]);
  const int ply = slide.ply + 1;
  checkRepairedSlide(test::row("uhp"), uhpRecord(slide.game.board.type(), moves, ply, moveString(before, slide.move)),
                     ply, moves);
}

}  // namespace

TEST_CASE("a Beetle that loses contact on its way is repaired at its ply in UHP", "[notation][lenient]") {
  checkRepairedUhpSlide(findSlide([](Bug b) { return b == Bug::Beetle; }));
}

TEST_CASE("a Beetle losing contact and a mistaken move through a gate are repaired at their ply in PGN-like",
          "[notation][lenient]") {
  for (const auto& wanted : std::vector<std::function<bool(Bug)>>{
           [](Bug b) { return b == Bug::Beetle; },
           [](Bug b) { return b == Bug::Ant || b == Bug::Spider || b == Bug::Queen; }}) {
    const Slide slide = findSlide(wanted);
    const auto moves = movesAround(slide.game.board, slide.ply, slide.move);
    Board before(GameType::all(), Rules{.tournament = false});
    for (int i = 0; i < slide.ply; ++i) before.play(moves[i]);
    const int ply = slide.ply + 1;
    checkRepairedSlide(test::row("pgn-like"), pgnLikeRecord(moves, ply, writePgnLikeMove(before, slide.move)), ply,
                       moves);
  }
}

TEST_CASE("a Beetle that loses contact on its way is repaired at its ply in algebraic and BoardSpace files",
          "[notation][lenient]") {
  const Slide slide = findSlide([](Bug b) { return b == Bug::Beetle; }, GameType{});
  const auto moves = movesAround(slide.game.board, slide.ply, slide.move);
  const int ply = slide.ply + 1;
  checkRepairedSlide(test::row("algebraic"), algebraicRecord(GameType{}, moves, 0, [](std::string t) { return t; }),
                     ply, moves);
  checkRepairedSlide(test::row("sgf"), sgfRecord(moves), ply, moves);
}

TEST_CASE("a move made by mistake through a gate is repaired at its ply in algebraic and BoardSpace files",
          "[notation][lenient]") {
  const Slide slide = findSlide([](Bug b) { return b == Bug::Ant || b == Bug::Spider || b == Bug::Queen; }, GameType{});
  const auto moves = movesAround(slide.game.board, slide.ply, slide.move);
  const int ply = slide.ply + 1;
  checkRepairedSlide(test::row("algebraic"), algebraicRecord(GameType{}, moves, 0, [](std::string t) { return t; }),
                     ply, moves);
  checkRepairedSlide(test::row("sgf"), sgfRecord(moves), ply, moves);
}

TEST_CASE("an algebraic piece written in the other colour is repaired to the move it meant", "[notation][lenient]") {
  GameGenerator generator(11, GameType{});
  int repaired = 0, failedStrictly = 0;
  for (int g = 0; g < 4; ++g) {
    const GeneratedGame game = generator.next();
    const auto& history = game.board.history();
    for (int ply = 3; ply < int(history.size()) && ply <= 30; ply += 3) {
      if (history[ply - 1].isPass()) continue;
      const std::vector<Move> moves(history.begin(), history.begin() + std::min<int>(ply + 2, history.size()));
      const Record record = algebraicRecord(GameType{}, moves, ply, [](std::string t) {
        t[0] = t[0] == 'w' ? 'b' : 'w';
        return t;
      });
      const ReplayedGame strict = readOne(test::row("algebraic"), record.text, false);
      REQUIRE(strict.error);  // the other side's piece: never its move
      CHECK(strict.error->ply == ply);
      CHECK(strict.error->line == record.lineOfPly[ply - 1]);
      ++failedStrictly;
      const ReplayedGame lenient = readOne(test::row("algebraic"), record.text, true);
      INFO((lenient.error ? lenient.error->message : std::string()));
      if (!lenient.ok()) continue;
      ++repaired;
      REQUIRE(lenient.repairs.size() == 1);
      CHECK(lenient.repairs[0].kind == RepairKind::PieceColour);
      CHECK(lenient.repairs[0].where.ply == ply);
      CHECK(lenient.repairs[0].where.line == record.lineOfPly[ply - 1]);
      CHECK(strict.error->message.find("lenient reading would take this as") != std::string::npos);
      Board expected(GameType{}, Rules{.tournament = false});
      for (const Move& m : moves) expected.play(m);
      CHECK(test::sameUpToSymmetry(lenient.board, expected));
    }
  }
  CHECK(failedStrictly > 20);
  CHECK(repaired == failedStrictly);
}

TEST_CASE("a move made by mistake through a gate is repaired at its ply", "[notation][lenient]") {
  checkRepairedUhpSlide(findSlide([](Bug b) { return b == Bug::Ant || b == Bug::Spider || b == Bug::Queen; }));
}

TEST_CASE("a UHP reference with its colour flipped is repaired to the move it meant", "[notation][lenient]") {
  GameGenerator generator(9);
  int repaired = 0, failedStrictly = 0;
  for (int g = 0; g < 6; ++g) {
    const GeneratedGame game = generator.next();
    const auto& history = game.board.history();
    Board board(game.board.type(), Rules{.tournament = false});
    for (int i = 0; i < int(history.size()) && i < 40; ++i) {
      const int ply = i + 1;
      std::string text = moveString(board, history[i]);
      const std::size_t blank = text.find(' ');
      const std::size_t colour = blank == std::string::npos ? blank : text.find_first_of("wb", blank);
      if (colour != std::string::npos) {
        text[colour] = text[colour] == 'w' ? 'b' : 'w';
        const std::vector<Move> moves(history.begin(), history.begin() + std::min<int>(ply + 2, history.size()));
        const Record record = uhpRecord(game.board.type(), moves, ply, text);
        const ReplayedGame strict = readOne(test::row("uhp"), record.text, false);
        if (strict.error && strict.error->ply == ply) {
          ++failedStrictly;
          const ReplayedGame lenient = readOne(test::row("uhp"), record.text, true);
          // Dropping the sliding rules is tried first: the piece may reach the
          // cell the flipped reference names that way, and that repair wins.
          if (lenient.ok() && lenient.repairs.at(0).kind == RepairKind::ReferenceColour) {
            ++repaired;
            REQUIRE(lenient.repairs.size() == 1);
            CHECK(lenient.repairs[0].where.ply == ply);
            CHECK(lenient.board.history() == moves);
          }
        }
      }
      board.play(history[i]);
    }
  }
  CHECK(failedStrictly > 20);
  CHECK(repaired > failedStrictly / 4);
}

TEST_CASE("a PGN-like piece letter in the wrong case is repaired to the move it meant", "[notation][lenient]") {
  const auto [failedStrictly, repaired] = readWithLetterFlipped(
      7, [](const std::string& text) { return text.find_first_of("QSBGAMLPqsbgamlp"); }, RepairKind::PieceColour);
  CHECK(failedStrictly > 20);
  CHECK(repaired > failedStrictly / 2);
}

TEST_CASE("a PGN-like reference piece in the wrong case is repaired to the move it meant", "[notation][lenient]") {
  // The location's piece: the letter after the moved piece (and after `x` and the piece climbed on).
  auto reference = [](const std::string& text) {
    std::size_t at = text.find_first_of("QSBGAMLPqsbgamlp");
    if (at != std::string::npos && ++at < text.size() && text[at] == 'x') at += 2;
    return at < text.size() && std::isalpha(static_cast<unsigned char>(text[at])) ? at : std::string::npos;
  };
  const auto [failedStrictly, repaired] = readWithLetterFlipped(5, reference, RepairKind::ReferenceColour);
  CHECK(failedStrictly > 20);
  CHECK(repaired > failedStrictly / 4);
}

TEST_CASE("a game takes at most three repairs and strict reading repairs none", "[notation][lenient]") {
  GameGenerator generator(3);
  const GeneratedGame game = generator.next();
  const auto& history = game.board.history();
  REQUIRE(history.size() > 30);
  std::string strictText = "[GameType \"" + game.board.type().name() + "\"]\n\n";
  std::string text = strictText;
  Board board(game.board.type(), Rules{.tournament = false});
  std::vector<int> flipped;
  for (int i = 0; i < 30; ++i) {
    std::string move = moveString(board, history[i]);
    strictText += std::to_string(i + 1) + ". " + move + "\n";
    // The moved piece's colour letter flipped on four of the mover's moves: the
    // side to move fixes the colour, so each is one flip.
    if (i >= 10 && flipped.size() < 4 && !history[i].isPass()) {
      move[0] = move[0] == 'w' ? 'b' : 'w';
      flipped.push_back(i + 1);
    }
    text += std::to_string(i + 1) + ". " + move + "\n";
    board.play(history[i]);
  }
  REQUIRE(readOne(test::row("uhp"), strictText, false).ok());
  const ReplayedGame lenient = readOne(test::row("uhp"), text, true);
  REQUIRE(lenient.error);
  CHECK(lenient.repairs.size() == 3);
  CHECK(lenient.error->ply == flipped[3]);
  CHECK(lenient.error->message.find("at most 3") != std::string::npos);
  const ReplayedGame strict = readOne(test::row("uhp"), text, false);
  REQUIRE(strict.error);
  CHECK(strict.repairs.empty());
  CHECK(strict.error->ply == flipped[0]);
}

TEST_CASE("colour flips list every text with that many letters flipped, fewest first", "[notation][lenient]") {
  CHECK(colourLetterCount("wA1 -bQ", ColourLetters::Prefix) == 2);
  CHECK(colourLetterCount("AqM1", ColourLetters::Case) == 3);
  CHECK(colourLetterCount("pass", ColourLetters::Case) == 0);
  const auto one = colourFlips("wA1 -bQ", ColourLetters::Prefix, 1);
  REQUIRE(one.size() == 2);
  CHECK(one[0].text == "bA1 -bQ");
  CHECK(one[1].text == "wA1 -wQ");
  const auto two = colourFlips("Aq", ColourLetters::Case, 2);
  REQUIRE(two.size() == 1);
  CHECK(two[0].text == "aQ");
}
