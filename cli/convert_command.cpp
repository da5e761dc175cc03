#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>

#include "cli/commands.hpp"
#include "cli/terminal_text.hpp"
#include "ingest/chunks.hpp"
#include "ingest/reader.hpp"
#include "notation/notations.hpp"

namespace apiary::cli {

namespace {

struct ConvertOptions {
  std::string from;
  std::string to;
  std::string outDir;
  std::vector<std::string> inputs;
  bool lenient = false;
};

// Where a source's games go with -o: its path below the directory argument that
// found it, or its own name for a file argument, so that two x.pgn of different
// folders stay apart.
std::filesystem::path outputName(const std::string& argument, const std::string& source, const notation::Notation& to) {
  std::filesystem::path name = std::filesystem::path(source).filename();
  if (source == "-") name = "stdin";
  else if (std::filesystem::is_directory(argument)) name = std::filesystem::path(source).lexically_relative(argument);
  name.replace_extension(std::string(".") + std::string(to.name) + ".txt");
  return name;
}

// One run's output: where each input's games go (stdout, or a file a source under
// -o) and whether anything failed. Each game is written as soon as it is read: a
// file's games are never all held.
class Converter {
 public:
  Converter(const ConvertOptions& o, const notation::Notation& to, std::span<const notation::Notation> table)
      : o_(o), to_(to), table_(table) {}
  bool failed() const { return failed_; }
  // Each input argument opens its sources' files anew (the same file named twice clashes).
  void nextInput() { opened_.clear(), clashed_.clear(); }

  void convert(const std::string& argument, const ingest::SourceChunk& chunk) {
    if (chunk.path == clashed_) return;
    if (chunk.kind == ingest::SourceChunk::Kind::RefusedGame)
      return fail(
          notation::describeError(chunk.path, grammar::rejectionAt(chunk.pos.line, chunk.pos.column, 0, chunk.reason)));
    const auto read = ingest::sourceNotation(chunk, table_);
    if (!read) return fail(chunk.path + ": " + read.error.message);
    if (!o_.outDir.empty() && chunk.path != opened_ && !open(argument, chunk.path)) return;
    std::ostream& out = o_.outDir.empty() ? std::cout : file_;
    notation::readGames(
        **read.value, chunk.text,
        [&](notation::ReplayedGame&& game) {
          ingest::placeInFile(game, chunk);
          if (game.ok() && game.setUp && !to_.positions)
            game.error =
                grammar::rejectionAt(game.pos.line, game.pos.column, 0,
                                     "a position string holds no moves; it converts only to " + positionNames());
          for (const auto& r : game.ok() ? game.repairs : std::vector<notation::RepairNote>{})
            std::cerr << forTerminal(notation::describeError(chunk.path, r.where), STDERR_FILENO) << "\n";
          if (game.ok())
            out << (o_.outDir.empty() ? gameTextForTerminal(notation::writeGame(to_, game))
                                      : notation::writeGame(to_, game));
          else fail(notation::describeError(chunk.path, *game.error));
        },
        notation::ReadOptions{.lenient = o_.lenient});
    if (!o_.outDir.empty() && chunk.lastOfFile && !file_) fail("apiary convert: cannot write " + name_.string());
  }

 private:
  void fail(const std::string& message) {
    std::cerr << forTerminal(message, STDERR_FILENO) << "\n";
    failed_ = true;
  }

  // The output file of a source's first chunk; false (and the source left out) when
  // another input of this run has written it already.
  bool open(const std::string& argument, const std::string& source) {
    opened_ = source;
    file_ = std::ofstream();
    name_ = std::filesystem::path(o_.outDir) / outputName(argument, source, to_);
    if (!written_.insert(name_).second) {
      clashed_ = source;
      fail("apiary convert: " + source + ": " + name_.string() +
           " is written already from another input of that name; convert it in a run of its own");
      return false;
    }
    std::filesystem::create_directories(name_.parent_path());
    file_.open(name_);
    return true;
  }

  // The notations that write set-up positions ("fen").
  std::string positionNames() const {
    std::string names;
    for (const notation::Notation& n : table_)
      if (n.positions && n.writeGame) names += (names.empty() ? "" : ", ") + std::string(n.name);
    return names;
  }

  const ConvertOptions& o_;
  const notation::Notation& to_;
  std::span<const notation::Notation> table_;
  bool failed_ = false;
  std::set<std::filesystem::path> written_;  // no file is written twice in a run
  std::ofstream file_;
  std::filesystem::path name_;
  std::string opened_, clashed_;  // the source whose output file is open; one left out
};

int runConvert(const ConvertOptions& o, std::span<const notation::Notation> table) {
  using notation::NotationUse;
  const notation::Notation* from = nullptr;
  if (!o.from.empty()) {
    from = notation::findNotation(o.from, NotationUse::Read, table);
    if (!from) {
      std::cerr << "apiary convert: unknown input notation '" << o.from << "' ("
                << notation::notationNames(NotationUse::Read, false, table) << ")\n";
      return kExitUsage;
    }
  }
  const notation::Notation* to = notation::findNotation(o.to, NotationUse::Write, table);
  if (!to) {
    std::cerr << "apiary convert: cannot write notation '" << o.to << "' ("
              << notation::notationNames(NotationUse::Write, false, table) << ")\n";
    return kExitUsage;
  }
  Converter converter(o, *to, table);
  ingest::ChunkOptions chunking;
  chunking.notation = from;
  chunking.notations = table;
  for (const std::string& argument : o.inputs) {
    converter.nextInput();
    ingest::forEachChunk({argument}, chunking,
                         [&](ingest::SourceChunk&& chunk) { converter.convert(argument, chunk); });
  }
  return converter.failed() ? kExitFailures : kExitOk;
}

}  // namespace

void addConvertCommand(CLI::App& app, int& exitCode, std::span<const notation::Notation> table) {
  auto options = std::make_shared<ConvertOptions>();
  auto* cmd = app.add_subcommand("convert", "Convert games between notations (no database needed)");
  using notation::NotationUse;
  cmd->add_option(
      "--from", options->from,
      "Input notation: " + notation::notationNames(NotationUse::Read, true, table) + " (default: detected per file)");
  cmd->add_option("--to", options->to, "Output notation: " + notation::notationNames(NotationUse::Write, true, table))
      ->required();
  cmd->add_option("-o,--out", options->outDir, "Write one file per input into this directory");
  cmd->add_flag("--lenient", options->lenient, "Repair moves that fit no legal move; each repair is a warning");
  cmd->add_option("inputs", options->inputs, "Files, directories, .zip archives, or - for stdin")->required();
  cmd->callback([options, &exitCode, table] { exitCode = runConvert(*options, table); });
}

}  // namespace apiary::cli
