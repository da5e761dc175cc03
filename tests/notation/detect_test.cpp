// Notation detection by content, walking the table's rows, with the extension
// only as a tie-break.
#include <catch2/catch.hpp>
#include <filesystem>

#include "notation/notations.hpp"
#include "support.hpp"

using namespace apiary;
using notation::Notation;
using notation::NotationUse;
namespace fs = std::filesystem;

namespace {

std::string name(const Notation* notation) { return notation ? std::string(notation->name) : "unknown"; }

// The name of the row the shipped table detects, "unknown" for none.
std::string detected(std::string_view text, std::string_view hint = {}) {
  return name(notation::detectNotation(text, hint));
}

}  // namespace

TEST_CASE("detect: samples of every notation, from the seeds and notations.md") {
  struct Case {
    std::string text;
    std::string notation;
  };
  const std::vector<Case> cases = {
      // standard / UHP
      {"[GameType \"Base+MLP\"]\n[White \"x\"]\n\n1. wS1\n2. bG1 -wS1\n", "uhp"},
      {"1. wS1\n2. bG1 -wS1\n3. wQ \\wS1\n", "uhp"},
      {"1. wS1\n2. bG1 -wS1\n3. pass\n4. pass\n5. pass\n*\n", "uhp"},  // neither pass nor * votes
      {"Base+MLP;InProgress;White[3];wS1;bG1 -wS1;wQ /wS1", "uhp"},
      {"BaseMLP;InProgress;Black[1];wS1;\nBase;NotStarted;White[1]\n", "uhp"},
      // BoardSpace
      {"(;\nGM[27]VV[1]\nSU[hive]\n; P0[0 Start P0]\n)", "sgf"},
      {"  \n(;GM[27]; P0[1 dropb wQ N 13 .])", "sgf"},
      // PGN-like (seed: pgn-like-notation.txt)
      {"1. +G +s 2. +SGs2 +ssG3 3. +QGS1 +ass2 4. Ss +qsG2 5. +SGQ1 +gqs2", "pgn-like"},
      {"[ExpansionPieces \"MmLlPp\"]\n1. +M +m\n", "pgn-like"},
      {"[Event \"Hive Society round-robin final\"]\n1. +G +s ; opening\n2. gab(S)2 ABs1-ga3#\n", "pgn-like"},
      // direction-based (seed: direction-based-notation.txt, game 1)
      {"1. L P\n2. M+Lm A+Pn\n3. Q+Ls Q+Pa\n4. P+Qa\n4. AxMm\n", "direction"},
      {"13. Ba G\xE2\x9C\xB3\xEF\xB8\x8EQm\n14. A+Lr \xE2\x80\x94\n22. \xC3\x97Mr\n", "direction"},
      {"13. Ba G*Qm\n14. A+Lr --\n22. xMr\n", "direction"},
      // algebraic (seed: algebraic-notation.txt)
      {"1. wG m0\n2. bG n0\n3. wA m-1 n2\n", "algebraic"},
      {"wA m n2\nwAmn2\nwA @m-1\nwG 3 k1 (wP k2)\n", "algebraic"},
      // position strings (notations.md section 5)
      {"7a3/6A4/5M=bGlgp=B=mS/4GL1q2s/2gG=B=bP6/1aQA:7/1as8/1g9/A10", "fen"},
      {"Q1/1q b\n", "fen"},
      // nothing
      {"", "unknown"},
      {" \n\t\n", "unknown"},
      {"hello there, general", "unknown"},
      {std::string("\x00\xff\xfe\x01 junk", 9), "unknown"},
  };
  for (const auto& c : cases) {
    INFO(c.text);
    CHECK(detected(c.text) == c.notation);
  }
}

TEST_CASE("detect: the extension breaks ties but never overrules the content") {
  CHECK(detected("1. Q", ".hive") == "pgn-like");
  CHECK(detected("1. Q", "games/x.pgn") == "uhp");
  CHECK(detected("1. Q", "direction") == "direction");
  CHECK(detected("1. Q") == "unknown");
  CHECK(detected("1. Q", ".doc") == "unknown");
  CHECK(detected("1. wS1\n2. bG1 -wS1\n", "x.sgf") == "uhp");
  CHECK(detected("(;GM[27])", ".pgn") == "sgf");
  CHECK(detected("", ".sgf") == "unknown");  // nothing to read in any notation
}

TEST_CASE("detect: a notation's names and aliases find its row, and only the reading rows") {
  for (const Notation& n : notation::notationTable())
    if (serves(n, NotationUse::Read)) CHECK(notation::findNotation(n.name, NotationUse::Read) == &n);
  CHECK(name(notation::findNotation("FEN", NotationUse::Read)) == "fen");
  CHECK(name(notation::findNotation(" Standard ", NotationUse::Read)) == "uhp");
  CHECK(name(notation::findNotation("boardspace", NotationUse::Read)) == "sgf");
  CHECK_FALSE(notation::findNotation("unknown", NotationUse::Read));
  CHECK_FALSE(notation::findNotation("pgn", NotationUse::Read));  // ambiguous: UHP exports and PGN-like both say PGN
  CHECK_FALSE(notation::findNotation("", NotationUse::Read));
  CHECK_FALSE(notation::findNotation("algebraic-long", NotationUse::Read));  // a written form only
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
      CHECK(detected(text) == "uhp");
      CHECK(detected(text, ".sgf") == "uhp");
      ++pgn;
    } else if (entry.path().extension() == ".sgf") {
      CHECK(detected(text) == "sgf");
      CHECK(detected(text, ".txt") == "sgf");
      ++sgf;
    }
  }
  CHECK(pgn == 48);
  CHECK(sgf == 11);
  // The seeds are prose with games in them; their games decide.
  auto seed = [&](const char* name) { return detected(apiary::test::readFile(dir / "seeds" / name)); };
  CHECK(seed("pgn-like-notation.txt") == "pgn-like");
  CHECK(seed("direction-based-notation.txt") == "direction");
  CHECK(seed("algebraic-notation.txt") == "algebraic");
}

TEST_CASE("a GameType tag does not make algebraic moves UHP", "[detect]") {
  const std::string algebraic = "[GameType \"Base\"]\n[White \"a\"]\n\n1. wB @m0\n2. bA @n0\n3. wA @l1\n4. bS @o0\n";
  CHECK(detected(algebraic) == "algebraic");
  const std::string uhp = "[GameType \"Base\"]\n\n1. wS1\n2. bS1 wS1-\n3. wQ -wS1\n";
  CHECK(detected(uhp) == "uhp");
}
