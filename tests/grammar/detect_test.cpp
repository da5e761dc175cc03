// Format detection by content, with the extension only as a tie-break.
#include <catch2/catch.hpp>
#include <filesystem>

#include "grammar/detect.hpp"
#include "support.hpp"

using namespace apiary::grammar;
namespace fs = std::filesystem;

TEST_CASE("detect: samples of every notation, from the seeds and notations.md") {
  struct Case { std::string text; Format format; };
  const std::vector<Case> cases = {
      // standard / UHP
      {"[GameType \"Base+MLP\"]\n[White \"x\"]\n\n1. wS1\n2. bG1 -wS1\n", Format::Uhp},
      {"1. wS1\n2. bG1 -wS1\n3. wQ \\wS1\n", Format::Uhp},
      {"1. wS1\n2. bG1 -wS1\n3. pass\n4. pass\n5. pass\n*\n", Format::Uhp},  // neither pass nor * votes
      {"Base+MLP;InProgress;White[3];wS1;bG1 -wS1;wQ /wS1", Format::Uhp},
      {"BaseMLP;InProgress;Black[1];wS1;\nBase;NotStarted;White[1]\n", Format::Uhp},
      // BoardSpace
      {"(;\nGM[27]VV[1]\nSU[hive]\n; P0[0 Start P0]\n)", Format::Sgf},
      {"  \n(;GM[27]; P0[1 dropb wQ N 13 .])", Format::Sgf},
      // PGN-like (seed: pgn-like-notation.txt)
      {"1. +G +s 2. +SGs2 +ssG3 3. +QGS1 +ass2 4. Ss +qsG2 5. +SGQ1 +gqs2", Format::PgnLike},
      {"[ExpansionPieces \"MmLlPp\"]\n1. +M +m\n", Format::PgnLike},
      {"[Event \"Hive Society round-robin final\"]\n1. +G +s ; opening\n2. gab(S)2 ABs1-ga3#\n", Format::PgnLike},
      // direction-based (seed: direction-based-notation.txt, game 1)
      {"1. L P\n2. M+Lm A+Pn\n3. Q+Ls Q+Pa\n4. P+Qa\n4. AxMm\n", Format::Direction},
      {"13. Ba G\xE2\x9C\xB3\xEF\xB8\x8EQm\n14. A+Lr \xE2\x80\x94\n22. \xC3\x97Mr\n", Format::Direction},
      {"13. Ba G*Qm\n14. A+Lr --\n22. xMr\n", Format::Direction},
      // algebraic (seed: algebraic-notation.txt)
      {"1. wG m0\n2. bG n0\n3. wA m-1 n2\n", Format::Algebraic},
      {"wA m n2\nwAmn2\nwA @m-1\nwG 3 k1 (wP k2)\n", Format::Algebraic},
      // position strings (notations.md section 5)
      {"7a3/6A4/5M=bGlgp=B=mS/4GL1q2s/2gG=B=bP6/1aQA:7/1as8/1g9/A10", Format::PositionString},
      {"Q1/1q b\n", Format::PositionString},
      // nothing
      {"", Format::Unknown},
      {" \n\t\n", Format::Unknown},
      {"hello there, general", Format::Unknown},
      {std::string("\x00\xff\xfe\x01 junk", 9), Format::Unknown},
  };
  for (const auto& c : cases) {
    INFO(c.text);
    CHECK(formatName(detectFormat(c.text)) == formatName(c.format));
  }
}

TEST_CASE("detect: the extension breaks ties but never overrules the content") {
  CHECK(detectFormat("1. Q", ".hive") == Format::PgnLike);
  CHECK(detectFormat("1. Q", "games/x.pgn") == Format::Uhp);
  CHECK(detectFormat("1. Q", "direction") == Format::Direction);
  CHECK(detectFormat("1. Q") == Format::Unknown);
  CHECK(detectFormat("1. Q", ".doc") == Format::Unknown);
  CHECK(detectFormat("1. wS1\n2. bG1 -wS1\n", "x.sgf") == Format::Uhp);
  CHECK(detectFormat("(;GM[27])", ".pgn") == Format::Sgf);
  CHECK(detectFormat("", ".sgf") == Format::Unknown);  // nothing to read in any format
}

TEST_CASE("detect: format names and parsing them back") {
  for (auto f : {Format::Uhp, Format::Sgf, Format::PgnLike, Format::Direction, Format::Algebraic,
                 Format::PositionString})
    CHECK(parseFormatName(formatName(f)) == f);
  CHECK(formatName(Format::PgnLike) == "pgn-like");
  CHECK(formatName(Format::PositionString) == "fen");
  CHECK(formatName(Format::Unknown) == "unknown");
  CHECK(parseFormatName("FEN") == Format::PositionString);
  CHECK(parseFormatName(" Standard ") == Format::Uhp);
  CHECK(parseFormatName("boardspace") == Format::Sgf);
  CHECK_FALSE(parseFormatName("unknown"));
  CHECK_FALSE(parseFormatName("pgn"));  // ambiguous: UHP exports and PGN-like both say PGN
  CHECK_FALSE(parseFormatName(""));
}

TEST_CASE("detect: the real files and the seeds", "[shared]") {
  auto dir = apiary::test::requireShared();
  if (dir.empty()) return;
  int pgn = 0, sgf = 0;
  for (const auto& entry : fs::recursive_directory_iterator(dir / "games")) {
    if (!entry.is_regular_file()) continue;
    const auto text = apiary::test::readFile(entry.path());
    INFO(entry.path());
    if (entry.path().extension() == ".pgn") {
      CHECK(detectFormat(text) == Format::Uhp);
      CHECK(detectFormat(text, ".sgf") == Format::Uhp);
      ++pgn;
    } else if (entry.path().extension() == ".sgf") {
      CHECK(detectFormat(text) == Format::Sgf);
      CHECK(detectFormat(text, ".txt") == Format::Sgf);
      ++sgf;
    }
  }
  CHECK(pgn == 48);
  CHECK(sgf == 11);
  // The seeds are prose with games in them; their games decide.
  auto seed = [&](const char* name) { return detectFormat(apiary::test::readFile(dir / "seeds" / name)); };
  CHECK(seed("pgn-like-notation.txt") == Format::PgnLike);
  CHECK(seed("direction-based-notation.txt") == Format::Direction);
  CHECK(seed("algebraic-notation.txt") == Format::Algebraic);
}

TEST_CASE("a GameType tag does not make algebraic moves UHP", "[detect]") {
  const std::string algebraic = "[GameType \"Base\"]\n[White \"a\"]\n\n1. wB @m0\n2. bA @n0\n3. wA @l1\n4. bS @o0\n";
  CHECK(apiary::grammar::detectFormat(algebraic) == apiary::grammar::Format::Algebraic);
  const std::string uhp = "[GameType \"Base\"]\n\n1. wS1\n2. bS1 wS1-\n3. wQ -wS1\n";
  CHECK(apiary::grammar::detectFormat(uhp) == apiary::grammar::Format::Uhp);
}
