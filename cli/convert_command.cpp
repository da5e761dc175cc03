#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>

#include "cli/commands.hpp"
#include "notation/notations.hpp"
#include "ingest/reader.hpp"
#include "ingest/chunks.hpp"

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
std::filesystem::path outputName(const std::string& argument, const std::string& source,
                                 notation::WriteFormat to) {
  std::filesystem::path name = std::filesystem::path(source).filename();
  if (source == "-") name = "stdin";
  else if (std::filesystem::is_directory(argument)) name = std::filesystem::path(source).lexically_relative(argument);
  name.replace_extension(std::string(".") + std::string(notation::writeFormatName(to)) + ".txt");
  return name;
}

int runConvert(const ConvertOptions& o) {
  std::optional<grammar::Format> from;
  if (!o.from.empty() && !(from = grammar::parseFormatName(o.from))) {
    std::cerr << "apiary convert: unknown input format '" << o.from << "'\n";
    return kExitUsage;
  }
  const auto to = notation::parseWriteFormat(o.to);
  if (!to) {
    std::cerr << "apiary convert: cannot write format '" << o.to
              << "' (uhp, pgn-like, direction, algebraic, algebraic-long, algebraic-compressed, fen)\n";
    return kExitUsage;
  }
  bool failed = false;
  std::set<std::filesystem::path> written;  // no file is written twice in a run
  // Each game is written as soon as it is read: a file's games are never all held.
  ingest::ChunkOptions chunking;
  chunking.format = from;
  for (const std::string& argument : o.inputs) {
    std::ofstream file;
    std::filesystem::path name;
    std::string opened, clashed;  // the input whose output file is open; one left out
    ingest::forEachChunk({argument}, chunking, [&](ingest::SourceChunk&& chunk) {
      if (chunk.path == clashed) return;
      if (chunk.kind == ingest::SourceChunk::Kind::RefusedGame) {
        std::cerr << notation::describeError(chunk.path, {chunk.pos.line, chunk.pos.column, 0, chunk.reason}) << "\n";
        failed = true;
        return;
      }
      const ingest::SourceFormat read = ingest::sourceFormat(chunk);
      if (!read.error.empty()) {
        std::cerr << chunk.path << ": " << read.error << "\n";
        failed = true;
        return;
      }
      if (!o.outDir.empty() && chunk.path != opened) {
        opened = chunk.path;
        file = std::ofstream();
        name = std::filesystem::path(o.outDir) / outputName(argument, chunk.path, *to);
        if (!written.insert(name).second) {
          std::cerr << "apiary convert: " << chunk.path << ": " << name.string()
                    << " is written already from another input of that name; convert it in a run of its own\n";
          clashed = chunk.path;
          failed = true;
          return;
        }
        std::filesystem::create_directories(name.parent_path());
        file.open(name);
      }
      std::ostream& out = o.outDir.empty() ? std::cout : file;
      notation::readGames(read.format, chunk.text, [&](notation::ReplayedGame&& game) {
        ingest::placeInFile(game, chunk);
        if (game.ok() && game.setUp && *to != notation::WriteFormat::PositionString)
          game.error = notation::GameError{game.pos.line, game.pos.column, 0,
                                         "a position string holds no moves; it converts only to fen"};
        for (const auto& r : game.ok() ? game.repairs : std::vector<notation::RepairNote>{})
          std::cerr << notation::describeError(chunk.path, r.where) << "\n";
        if (game.ok()) out << notation::writeGame(*to, game);
        else std::cerr << notation::describeError(chunk.path, *game.error) << "\n", failed = true;
      }, notation::ReadOptions{.lenient = o.lenient});
      if (!o.outDir.empty() && chunk.lastOfFile && !file) {
        std::cerr << "apiary convert: cannot write " << name << "\n";
        failed = true;
      }
    });
  }
  return failed ? kExitFailures : kExitOk;
}

}  // namespace

void addConvertCommand(CLI::App& app, int& exitCode) {
  auto options = std::make_shared<ConvertOptions>();
  auto* cmd = app.add_subcommand("convert", "Convert games between notations (no database needed)");
  cmd->add_option("--from", options->from, "Input notation (default: detected per file)");
  cmd->add_option("--to", options->to, "Output notation")->required();
  cmd->add_option("-o,--out", options->outDir, "Write one file per input into this directory");
  cmd->add_flag("--lenient", options->lenient, "Repair moves that fit no legal move; each repair is a warning");
  cmd->add_option("inputs", options->inputs, "Files, directories, .zip archives, or - for stdin")
      ->required();
  cmd->callback([options, &exitCode] { exitCode = runConvert(*options); });
}

}  // namespace apiary::cli
