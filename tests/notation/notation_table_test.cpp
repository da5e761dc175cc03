// The notation table is the one place a notation is listed: the CLI's help,
// checks and completion, and the name lookups, are made from its rows. A toy row
// added to a copy of the table shows up in every list made from that copy.
#include <catch2/catch.hpp>

#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine/generate.hpp"
#include "notation/move_notation.hpp"
#include "notation/notations.hpp"
#include "notation_support.hpp"
#include "run_apiary.hpp"

using namespace apiary;
using notation::Notation;
using notation::NotationUse;

namespace {

// The words a text is made of, split at anything but letters, digits and '-'.
std::set<std::string> wordsOf(const std::string& text) {
  std::set<std::string> words;
  std::string word;
  for (char c : text + " ") {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '-') {
      word += c;
    } else if (!word.empty()) {
      words.insert(word);
      word.clear();
    }
  }
  return words;
}

// Every name and alias of the table, and those of the rows that serve `use`.
std::set<std::string> allNames(std::span<const Notation> table, std::optional<NotationUse> use = std::nullopt) {
  std::set<std::string> names;
  for (const Notation& n : table) {
    if (use && !serves(n, *use)) continue;
    names.insert(std::string(n.name));
    for (std::string_view a : n.aliases)
      if (!a.empty()) names.insert(std::string(a));
  }
  return names;
}

// The help line of an option of `apiary COMMAND --help`, continuation lines joined.
std::string helpOf(const std::string& command, const std::string& option) {
  const auto run = test::runApiary(command + " --help");
  REQUIRE(run.code == 0);
  const auto at = run.out.find("  " + option + " ");
  REQUIRE(at != std::string::npos);
  std::string line = run.out.substr(at, run.out.find('\n', at) - at);
  return line;
}

// The names of the table a help line names: those of the rows serving `use`, with
// their aliases, and no other.
void checkListsExactly(const std::string& text, NotationUse use) {
  INFO(text);
  std::set<std::string> named;
  for (const std::string& w : wordsOf(text))
    if (allNames(notation::notationTable()).count(w)) named.insert(w);
  CHECK(named == allNames(notation::notationTable(), use));
}

std::string toyWrite(const notation::ReplayedGame&) { return "toy\n"; }
void toyRead(std::string_view, const notation::GameSink&, notation::ReadOptions) {}

}  // namespace

TEST_CASE("every notation option's help lists the table's rows for its use, with aliases, and nothing else") {
  checkListsExactly(helpOf("convert", "--from"), NotationUse::Read);
  checkListsExactly(helpOf("convert", "--to"), NotationUse::Write);
  checkListsExactly(helpOf("ingest", "--notation"), NotationUse::Read);
  checkListsExactly(helpOf("export", "--to"), NotationUse::Write);
  checkListsExactly(helpOf("search", "--to"), NotationUse::Write);
  checkListsExactly(helpOf("explore", "--notation"), NotationUse::WriteMoves);
  checkListsExactly(helpOf("player", "--notation"), NotationUse::WriteMoves);
}

TEST_CASE("the completion script offers the table's names and aliases for each notation option") {
  const auto run = test::runApiary("completion");
  REQUIRE(run.code == 0);
  // The option's line; `nth`: which of its word lists (one a command it depends on).
  auto wordsFor = [&](const std::string& option, int nth = 0) {
    const auto at = run.out.find("    " + option + ") ");
    REQUIRE(at != std::string::npos);
    auto from = run.out.find("-W \"", at) + 4;
    for (int i = 0; i < nth; ++i) from = run.out.find("-W \"", from) + 4;
    REQUIRE(from < run.out.find('\n', at));
    return wordsOf(run.out.substr(from, run.out.find('"', from) - from));
  };
  CHECK(wordsFor("--from") == allNames(notation::notationTable(), NotationUse::Read));
  CHECK(wordsFor("--format") == allNames(notation::notationTable(), NotationUse::Read));  // ingest's old spelling
  CHECK(wordsFor("--to") == allNames(notation::notationTable(), NotationUse::Write));
  // ingest's --notation reads; explore's and player's write moves.
  const auto ingestAt = run.out.find("    --notation) if [[ $command == ingest ]]");
  CHECK(ingestAt != std::string::npos);
  CHECK(wordsFor("--notation", 0) == allNames(notation::notationTable(), NotationUse::Read));
  CHECK(wordsFor("--notation", 1) == allNames(notation::notationTable(), NotationUse::WriteMoves));
  // The old spelling completes its values but is not offered among ingest's options.
  const auto ingestOptions = run.out.find("    ingest) options=\"");
  REQUIRE(ingestOptions != std::string::npos);
  const std::string offered = run.out.substr(ingestOptions, run.out.find('\n', ingestOptions) - ingestOptions);
  CHECK(offered.find(" --notation") != std::string::npos);
  CHECK(offered.find(" --format") == std::string::npos);
}

TEST_CASE("convert writes every row that writes, by name or alias, and refuses a name the table lacks") {
  const auto game = test::runApiary("generate --games 1 --seed 3");
  REQUIRE(game.code == 0);
  for (const Notation& n : notation::notationTable()) {
    if (!serves(n, NotationUse::Write)) continue;
    for (std::string_view word : {n.name, n.aliases[0]}) {
      if (word.empty()) continue;
      INFO(word);
      const auto run = test::runApiary("convert --to " + std::string(word) + " - <<< '" + game.out + "'");
      CHECK(run.code == 0);
      CHECK(run.out == notation::writeGames(n, notation::readGames(notation::uhpNotation(), game.out)));
    }
  }
  const auto refused = test::runApiary("convert --to klingon - <<< '" + game.out + "'", true);
  CHECK(refused.code == 2);
  CHECK(refused.out.find(notation::notationNames(NotationUse::Write)) != std::string::npos);
}

TEST_CASE("a game written by each row that reads and writes is detected as that row and reads back") {
  GameGenerator generator(11);
  const auto generated = generator.next();
  const notation::ReplayedGame game = test::replayedOf(generated);
  for (const Notation& n : notation::notationTable()) {
    if (!serves(n, NotationUse::Read) || !serves(n, NotationUse::Write) || n.positions) continue;
    INFO(n.name);
    const std::string text = n.writeGame(game);
    CHECK(notation::detectNotation(text) == &n);
    const auto back = notation::readGames(n, text);
    REQUIRE(back.size() == 1);
    CHECK(back[0].ok());
    CHECK(back[0].board.ply() == game.board.ply());
  }
}

TEST_CASE("every row that writes is found again by its name, and the words name only rows that serve") {
  for (const Notation& n : notation::notationTable()) {
    if (!serves(n, NotationUse::Write)) continue;
    CHECK(notation::findNotation(n.name, NotationUse::Write) == &n);
    CHECK(notation::findNotation(std::string(" ") + std::string(n.name) + " ", NotationUse::Write) == &n);
  }
  CHECK(notation::findNotation("STANDARD", NotationUse::Write) == &notation::uhpNotation());
  CHECK(notation::uhpNotation().name == "uhp");
  CHECK(notation::findNotation("boardspace", NotationUse::Write) == notation::findNotation("sgf", NotationUse::Read));
  CHECK_FALSE(notation::findNotation("sgf", NotationUse::WriteMoves));  // games only
  CHECK_FALSE(notation::findNotation("fen", NotationUse::WriteMoves));  // a position string writes no single moves
  CHECK_FALSE(notation::findNotation("", NotationUse::Read));
}

TEST_CASE("a toy row added to the table is named, found by name and alias, and listed for what it does") {
  std::vector<Notation> table(notation::notationTable().begin(), notation::notationTable().end());
  table.push_back(Notation{"toy", {"toy-alias"}, nullptr, toyRead, toyWrite, nullptr, {}});
  CHECK(notation::findNotation("toy", NotationUse::Read, table) == &table.back());
  CHECK(notation::findNotation("Toy-Alias", NotationUse::Write, table) == &table.back());
  CHECK_FALSE(notation::findNotation("toy", NotationUse::WriteMoves, table));
  CHECK_FALSE(notation::findNotation("toy", NotationUse::Read));  // the built-in table has no such row
  CHECK(wordsOf(notation::notationNames(NotationUse::Read, true, table)).count("toy-alias"));
  CHECK(wordsOf(notation::notationWords(NotationUse::Write, table)) == allNames(table, NotationUse::Write));
  CHECK_FALSE(wordsOf(notation::notationWords(NotationUse::WriteMoves, table)).count("toy"));
}
