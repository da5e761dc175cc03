// Bad input to `apiary ingest`, read through the importer: a damaged game is
// rejected alone with its place and the rest goes on; files that hold no games are
// skipped, not rejected; a corrupt archive entry adds nothing; links are followed
// once and their failures named with the system's reason; a file cut into chunks
// reads as it does whole.
#include <sys/stat.h>
#include <unistd.h>
#include <zip.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "engine/generate.hpp"
#include "ingest/chunks.hpp"
#include "ingest/importer.hpp"
#include "ingest/reader.hpp"
#include "notation/notations.hpp"
#include "notation/uhp_text.hpp"
#include "notation_row.hpp"
#include "support.hpp"

using namespace apiary;
using apiary::test::TempDir;
namespace fs = std::filesystem;

namespace {

std::string generatedGames(int n, uint64_t seed, const notation::Notation& notationRow = test::row("uhp")) {
  GameGenerator generator(seed);
  std::vector<notation::ReplayedGame> games;
  for (int g = 0; g < n; ++g) {
    GeneratedGame game = generator.next();
    games.push_back(notation::gameFromBoard(std::move(game.board), game.tags));
  }
  return notation::writeGames(notationRow, games);
}

// Where the n-th (0-based) game of a UHP file starts.
std::size_t gameStart(const std::string& text, int n) {
  std::size_t at = 0;
  for (int i = 0; i <= n; ++i) at = text.find("[GameType", i ? at + 1 : 0);
  return at;
}

int lineOf(const std::string& text, std::size_t offset) {
  return 1 + int(std::count(text.begin(), text.begin() + std::ptrdiff_t(offset), '\n'));
}

void write(const fs::path& path, const std::string& bytes) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << bytes;
}

ingest::ImportSummary ingestInto(const fs::path& dir, const std::vector<std::string>& paths) {
  index::Database database(dir / "db");
  return ingest::importSources(database, paths, {});
}

}  // namespace

TEST_CASE("a NUL byte inside the second of three games rejects that game alone, at its line and column", "[ingest]") {
  TempDir dir("apiary-hostile-nul");
  std::string text = generatedGames(3, 7);
  const std::size_t move = text.find("\n3. ", gameStart(text, 1)) + 4;
  text[move + 1] = '\0';
  write(dir.path / "three.pgn", text);
  const auto summary = ingestInto(dir.path, {(dir.path / "three.pgn").string()});
  CHECK(summary.totals.added == 2);
  CHECK(summary.totals.rejected == 1);
  REQUIRE(summary.rejected.size() == 1);
  CHECK(summary.rejected[0].line == lineOf(text, move));
  CHECK(summary.rejected[0].column == 5);
  CHECK(summary.rejected[0].message.find("NUL") != std::string::npos);
}

TEST_CASE("a line or a game over its cap is refused alone, quoted nowhere, and the games after it are stored",
          "[ingest]") {
  TempDir dir("apiary-hostile-caps");
  const std::string before = generatedGames(2, 11), after = generatedGames(2, 12);
  const std::string longLine = "[GameType \"Base\"]\n\n1. wS1\n2. " + std::string(3 << 20, 'x') + "\n";
  std::string longGame = "[GameType \"Base\"]\n\n1. wS1\n";
  for (int i = 0; i < 20000; ++i) longGame += "{ a comment line }\n";
  write(dir.path / "line.pgn", before + longLine + after);
  write(dir.path / "game.pgn", before + longGame + after);
  const auto summary = ingestInto(dir.path, {(dir.path / "line.pgn").string(), (dir.path / "game.pgn").string()});
  CHECK(summary.totals.added == 4);
  CHECK(summary.totals.skipped == 4);  // the second file's neighbours are the first's
  REQUIRE(summary.rejected.size() == 2);
  CHECK(summary.rejected[0].line == lineOf(before, before.size()) + 3);
  CHECK(summary.rejected[0].message.find("cap on a line") != std::string::npos);
  CHECK(summary.rejected[1].line == lineOf(before, before.size()));
  CHECK(summary.rejected[1].message.find("cap on a game") != std::string::npos);
  for (const auto& e : summary.rejected) CHECK(e.message.size() < 100);
}

TEST_CASE("files in a folder that hold no games are skipped, not rejected, and a named one is an error", "[ingest]") {
  TempDir dir("apiary-hostile-skip");
  const fs::path in = dir.path / "in";
  write(in / "games.pgn", generatedGames(2, 3));
  write(in / "readme.txt", "These are my Hive games.\n");
  write(in / "__MACOSX" / "._games.pgn", std::string("\0\5\26\7\0\2\0\0Mac OS X        ", 24));
  write(in / "position.fen", "7a3/6A4/5M=bGlgp=B=mS/4GL1q2s/2gG=B=bP6/1aQA:7/1as8/1g9/A10\n");
  write(in / "empty.pgn", "\n\n");
  // The database lies inside the folder ingested: its files are not read as games.
  index::Database database(in / "db");
  auto summary = ingest::importSources(database, {in.string()}, {});
  CHECK(summary.totals.added == 2);
  CHECK(summary.totals.rejected == 0);
  CHECK(summary.rejected.empty());
  std::map<std::string, std::string> skipped;
  for (const auto& f : summary.skippedFiles) skipped[fs::path(f.file).filename().string()] = f.reason;
  CHECK(skipped.size() == 5);
  CHECK(skipped["db"].find("database") != std::string::npos);
  CHECK(skipped["readme.txt"].find("not a Hive game file") != std::string::npos);
  CHECK(skipped["._games.pgn"].find("binary") != std::string::npos);
  CHECK(skipped["position.fen"].find("position strings") != std::string::npos);
  CHECK(skipped["empty.pgn"].find("empty") != std::string::npos);

  summary = ingest::importSources(database, {(in / "readme.txt").string()}, {});
  CHECK(summary.totals.rejected == 1);
  REQUIRE(summary.rejected.size() == 1);
  CHECK(summary.rejected[0].message.find("not a Hive game file") != std::string::npos);
}

TEST_CASE("a zip entry with a bad CRC is a corrupt archive entry and adds nothing, and a zip bomb is refused",
          "[ingest]") {
  TempDir dir("apiary-hostile-zip");
  const fs::path zipPath = dir.path / "day.zip";
  const std::string good = generatedGames(2, 21), damaged = generatedGames(3, 22);
  const std::string bomb = "(;GM[27]" + std::string(8 << 20, 'C') + ")";
  {
    int error = 0;
    zip_t* archive = zip_open(zipPath.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &error);
    REQUIRE(archive);
    for (const auto& [name, text] : {std::pair{"a.pgn", &good}, {"b.pgn", &damaged}, {"c.sgf", &bomb}}) {
      const zip_int64_t index =
          zip_file_add(archive, name, zip_source_buffer(archive, text->data(), text->size(), 0), 0);
      REQUIRE(index >= 0);
      // b.pgn is stored, so one flipped byte leaves it readable but for its CRC.
      zip_set_file_compression(archive, zip_uint64_t(index),
                               name == std::string("b.pgn") ? ZIP_CM_STORE : ZIP_CM_DEFLATE, 0);
    }
    REQUIRE(zip_close(archive) == 0);
  }
  std::string bytes;
  {
    std::ifstream in(zipPath, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  const std::size_t at = bytes.find(damaged.substr(0, 200));
  REQUIRE(at != std::string::npos);
  bytes[at + damaged.find("\n2. ") + 5] ^= 1;  // a piece letter of game 1
  write(zipPath, bytes);

  const auto summary = ingestInto(dir.path, {zipPath.string()});
  CHECK(summary.totals.added == 2);
  REQUIRE(summary.rejected.size() == 2);
  CHECK(summary.rejected[0].file == zipPath.string() + ":b.pgn");
  CHECK(summary.rejected[0].message.find("corrupt archive entry b.pgn") != std::string::npos);
  CHECK(summary.rejected[1].message.find("inflates more than 100 times") != std::string::npos);
}

TEST_CASE("symlinked folders are read once, loops and broken links are named with the system's reason", "[ingest]") {
  TempDir dir("apiary-hostile-links");
  const fs::path in = dir.path / "in", other = dir.path / "other";
  write(other / "linked.pgn", generatedGames(2, 31));
  write(in / "games.pgn", generatedGames(1, 32));
  fs::create_directory_symlink(other, in / "a-link");
  fs::create_directory_symlink(other, in / "b-link");  // the same folder again: read once
  fs::create_directory_symlink(in, in / "sub-loop");
  fs::create_symlink("itself", in / "itself");
  fs::create_symlink(in / "nowhere.pgn", in / "dangling.pgn");
  write(in / "locked.pgn", generatedGames(1, 33));
  fs::permissions(in / "locked.pgn", fs::perms::none);
  const auto summary = ingestInto(dir.path, {in.string()});
  CHECK(summary.totals.added == 3 + (getuid() == 0));  // root reads what it locked
  std::map<std::string, std::string> errors;
  for (const auto& e : summary.rejected) errors[fs::path(e.file).filename().string()] = e.message;
  CHECK(errors["sub-loop"].find("loop") != std::string::npos);
  CHECK(errors["itself"] == "Too many levels of symbolic links");
  CHECK(errors["dangling.pgn"] == "No such file or directory");
  if (getuid() == 0) WARN("running as root: an unreadable file cannot be made, that case is not checked");
  else CHECK(errors["locked.pgn"] == "Permission denied");
  CHECK(summary.rejected.size() == 3u + (getuid() != 0));
}

TEST_CASE("a file cut into many chunks reads the same games, at the same lines, as whole", "[ingest]") {
  for (const char* written : {"uhp", "pgn-like", "direction", "algebraic"}) {
    const notation::Notation& notationRow = test::row(written);
    TempDir dir("apiary-hostile-chunks");
    const std::string text = generatedGames(60, 41, notationRow);
    write(dir.path / "games.txt", text);
    std::vector<notation::ReplayedGame> whole = notation::readGames(*notation::detectNotation(text), text);
    ingest::ChunkOptions options;
    options.chunkBytes = 3000;
    int chunks = 0;
    std::vector<std::pair<int, std::string>> cut;
    ingest::forEachChunk({(dir.path / "games.txt").string()}, options, [&](ingest::SourceChunk&& chunk) {
      ++chunks;
      const auto read = ingest::sourceNotation(chunk);
      REQUIRE(read);
      notation::readGames(**read.value, chunk.text, [&](notation::ReplayedGame&& game) {
        ingest::placeInFile(game, chunk);
        cut.emplace_back(game.pos.line, game.ok() ? notation::gameString(game.board) : game.error->message);
      });
    });
    INFO(notationRow.name);
    CHECK(chunks > 5);
    REQUIRE(cut.size() == whole.size());
    for (std::size_t i = 0; i < whole.size(); ++i) {
      CHECK(cut[i].first == whole[i].pos.line);
      CHECK(cut[i].second == (whole[i].ok() ? notation::gameString(whole[i].board) : whole[i].error->message));
    }
  }
}

TEST_CASE("a named file of position strings with a NUL byte is rejected as a file, and its refused game apart",
          "[ingest]") {
  // fuzz_ingest's long run found it (as `.fen`): the chunker refuses the game the
  // NUL is in, and the reader finds the rest position strings, not games. Both
  // are said, each once: the file (line 0) and the one game read (its line).
  TempDir dir("apiary-hostile-fen-nul");
  write(dir.path / "x.fen", std::string("S\n[\0", 4));
  const auto summary = ingestInto(dir.path, {(dir.path / "x.fen").string()});
  CHECK(summary.totals.games == 1);
  CHECK(summary.totals.added == 0);
  CHECK(summary.totals.rejected == 2);
  REQUIRE(summary.rejected.size() == 2);
  const auto& file = summary.rejected[0].line == 0 ? summary.rejected[0] : summary.rejected[1];
  const auto& game = summary.rejected[0].line == 0 ? summary.rejected[1] : summary.rejected[0];
  CHECK(file.line == 0);
  CHECK(file.message == "position strings, not games");
  CHECK(game.line == 2);
  CHECK(game.column == 2);
  CHECK(game.message.find("NUL") != std::string::npos);
}

TEST_CASE("a file read as position strings is rejected once, however many chunks a refused game cuts it into",
          "[ingest]") {
  // fuzz_ingest found it (`--notation fen` on games with a NUL byte in the second
  // of three): the text before the refused game and the text after it were each
  // rejected as "position strings, not games". The file is said once, the
  // refused game apart.
  TempDir dir("apiary-hostile-positions-twice");
  write(dir.path / "x.pgn", std::string("[A \"1\"]\n1. wS1\n[B \"") + '\0' + "\"]\n1. wS1\n[C \"3\"]\n1. wS1\n");
  index::Database database(dir.path / "db");
  ingest::ImportOptions options;
  options.notation = &test::row("fen");
  const auto summary = ingest::importSources(database, {(dir.path / "x.pgn").string()}, options);
  CHECK(summary.totals.added == 0);
  CHECK(summary.totals.games == 1);
  CHECK(summary.totals.rejected == 2);
  REQUIRE(summary.rejected.size() == 2);
  CHECK(summary.rejected[0].line == 0);
  CHECK(summary.rejected[0].message == "position strings, not games");
  CHECK(summary.rejected[1].line == 3);
  CHECK(summary.rejected[1].column == 5);
  CHECK(summary.rejected[1].message.find("NUL") != std::string::npos);
}

TEST_CASE("a file no notation reads is rejected once, however many times its text is handed on", "[ingest]") {
  // fuzz_ingest's long run found it: the NUL byte ends a game, the text after it
  // was handed on again and refused a second time ("not a Hive game file").
  TempDir dir("apiary-hostile-twice");
  write(dir.path / "x.pgn", std::string("]\n[\0\n]\n[", 9));
  const auto summary = ingestInto(dir.path, {(dir.path / "x.pgn").string()});
  CHECK(summary.totals.added == 0);
  CHECK(summary.totals.rejected == 1);
  REQUIRE(summary.rejected.size() == 1);
  CHECK(summary.rejected[0].line == 0);
  CHECK(summary.rejected[0].message == "binary data, not a Hive game file");
}
