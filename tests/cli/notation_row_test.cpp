// Issue 14: a new notation is its files and one row. A toy notation (a UHP
// GameString a line, after `toy> `) added as one row to a copy of the table is
// detected from its content, read by `convert --from toy` and written by
// `convert --to toy`, through the convert command built from that table, and its
// help lists it. Nothing else is told about the toy.
#include <catch2/catch.hpp>

#include <fstream>
#include <iostream>
#include <sstream>
#include <vector>

#include "cli/commands.hpp"
#include "engine/generate.hpp"
#include "notation/notations.hpp"
#include "notation/uhp_text.hpp"
#include "support.hpp"

using namespace apiary;
using notation::Notation;

namespace {

constexpr std::string_view kToyMark = "toy> ";

bool toyText(std::string_view text) { return text.substr(0, kToyMark.size()) == kToyMark; }
const grammar::Sniffer kToySniffer{toyText, nullptr, nullptr, nullptr, {"toy"}};

void toyRead(std::string_view text, const notation::GameSink& sink, notation::ReadOptions options) {
  for (std::size_t start = 0; start < text.size();) {
    const auto end = std::min(text.find('\n', start), text.size());
    const std::string_view line = text.substr(start, end - start);
    start = end + 1;
    if (toyText(line)) notation::readUhp(line.substr(kToyMark.size()), sink, options);
  }
}
std::string toyWrite(const notation::ReplayedGame& game) {
  return std::string(kToyMark) + notation::gameString(game.board) + "\n";
}

// The shipped rows and the toy's, as a new notation would be added.
std::vector<Notation> tableWithToy() {
  std::vector<Notation> table(notation::notationTable().begin(), notation::notationTable().end());
  table.push_back(Notation{"toy", {"toy-alias"}, &kToySniffer, toyRead, toyWrite, nullptr, {}});
  return table;
}

struct Converted {
  int code = -1;
  std::string out, err;
};

// `apiary convert ARGS` as the command runs it, built from `table`.
Converted convert(std::span<const Notation> table, const std::string& args) {
  CLI::App app{"apiary"};
  int exitCode = cli::kExitOk;
  cli::addConvertCommand(app, exitCode, table);
  std::ostringstream out, err;
  auto* oldOut = std::cout.rdbuf(out.rdbuf());
  auto* oldErr = std::cerr.rdbuf(err.rdbuf());
  try {
    app.parse("convert " + args, false);
  } catch (const CLI::ParseError& e) {
    exitCode = app.exit(e) == 0 ? cli::kExitOk : cli::kExitUsage;
  }
  std::cout.rdbuf(oldOut);
  std::cerr.rdbuf(oldErr);
  return {exitCode, out.str(), err.str()};
}

}  // namespace

TEST_CASE("a toy notation added as one row is detected, read with --from, written with --to and listed in help") {
  const std::vector<Notation> table = tableWithToy();
  const Notation& toy = table.back();
  const notation::ReplayedGame game = notation::gameFromBoard(GameGenerator(5).next().board, {});
  const std::string toyGames = toyWrite(game), uhpGames = notation::writeUhp(game);
  test::TempDir dir("apiary-notation-row");
  // A neutral extension: the content alone says which notation a file is in.
  std::ofstream(dir.path / "toy.txt") << toyGames;
  std::ofstream(dir.path / "uhp.txt") << uhpGames;
  const std::string toyFile = (dir.path / "toy.txt").string(), uhpFile = (dir.path / "uhp.txt").string();

  CHECK(notation::detectNotation(toyGames, "", table) == &toy);
  CHECK(notation::detectNotation(uhpGames, "", table) == &table.front());

  // The toy's game, as the toy row reads it, written as UHP (a GameString carries
  // its own tags).
  const auto toyRead = notation::readGames(toy, toyGames);
  REQUIRE(toyRead.size() == 1);
  REQUIRE(toyRead[0].ok());
  const Converted detected = convert(table, "--to uhp " + toyFile);
  INFO(detected.err);
  CHECK(detected.code == cli::kExitOk);
  CHECK(detected.out == notation::writeUhp(toyRead[0]));

  const Converted through = convert(table, "--from toy --to toy-alias " + toyFile);
  CHECK(through.code == cli::kExitOk);
  CHECK(through.out == toyGames);

  const Converted written = convert(table, "--to toy " + uhpFile);
  CHECK(written.code == cli::kExitOk);
  CHECK(written.out == toyGames);

  CLI::App app{"apiary"};
  int exitCode = 0;
  cli::addConvertCommand(app, exitCode, table);
  const std::string help = app.get_subcommand("convert")->help();
  for (const char* option : {"--from", "--to"}) {
    const auto at = help.find(std::string("  ") + option + " ");
    REQUIRE(at != std::string::npos);
    CHECK(help.substr(at, help.find('\n', at) - at).find("toy (toy-alias)") != std::string::npos);
  }
}

TEST_CASE("the shipped table knows no toy: convert refuses it and does not detect a toy file") {
  test::TempDir dir("apiary-notation-row-shipped");
  std::ofstream(dir.path / "toy.txt") << toyWrite(notation::gameFromBoard(GameGenerator(5).next().board, {}));
  const std::string toyFile = (dir.path / "toy.txt").string();
  CHECK(convert(notation::notationTable(), "--to toy " + toyFile).code == cli::kExitUsage);
  CHECK(convert(notation::notationTable(), "--from toy --to uhp " + toyFile).code == cli::kExitUsage);
  const Converted undetected = convert(notation::notationTable(), "--to uhp " + toyFile);
  CHECK(undetected.code == cli::kExitFailures);
  CHECK(undetected.out.empty());
  CHECK(undetected.err.find("not a Hive game file in any notation apiary reads") != std::string::npos);
}
