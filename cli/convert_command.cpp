#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli/commands.hpp"
#include "ingest/notations.hpp"
#include "ingest/reader.hpp"

namespace apiary::cli {

namespace {

struct ConvertOptions {
  std::string from;
  std::string to;
  std::string outDir;
  std::vector<std::string> inputs;
};

int runConvert(const ConvertOptions& o) {
  std::optional<grammar::Format> from;
  if (!o.from.empty() && !(from = grammar::parseFormatName(o.from))) {
    std::cerr << "apiary convert: unknown input format '" << o.from << "'\n";
    return kExitUsage;
  }
  const auto to = ingest::parseWriteFormat(o.to);
  if (!to) {
    std::cerr << "apiary convert: cannot write format '" << o.to
              << "' (uhp, pgn-like, direction, algebraic, algebraic-long, algebraic-compressed, fen)\n";
    return kExitUsage;
  }
  bool failed = false;
  ingest::readSources(o.inputs, from, [&](ingest::SourceGames&& source) {
    if (!source.error.empty()) {
      std::cerr << source.path << ": " << source.error << "\n";
      failed = true;
      return;
    }
    std::vector<ingest::ReplayedGame> good;
    for (auto& game : source.games) {
      if (game.ok() && game.setUp && *to != ingest::WriteFormat::PositionString)
        game.error = ingest::GameError{game.pos.line, game.pos.column, 0,
                                       "a position string holds no moves; it converts only to fen"};
      if (game.ok()) good.push_back(std::move(game));
      else std::cerr << ingest::describeError(source.path, *game.error) << "\n", failed = true;
    }
    const std::string text = ingest::writeGames(*to, good);
    if (o.outDir.empty()) {
      std::cout << text;
      return;
    }
    std::filesystem::path name = std::filesystem::path(source.path).filename();
    if (source.path == "-") name = "stdin";
    name.replace_extension(std::string(".") + std::string(ingest::writeFormatName(*to)) + ".txt");
    std::filesystem::create_directories(o.outDir);
    std::ofstream file(std::filesystem::path(o.outDir) / name);
    file << text;
    if (!file) std::cerr << "apiary convert: cannot write " << (o.outDir / name) << "\n", failed = true;
  });
  return failed ? kExitFailures : kExitOk;
}

}  // namespace

void addConvertCommand(CLI::App& app, int& exitCode) {
  auto options = std::make_shared<ConvertOptions>();
  auto* cmd = app.add_subcommand("convert", "Convert games between notations (no database needed)");
  cmd->add_option("--from", options->from, "Input notation (default: detected per file)");
  cmd->add_option("--to", options->to, "Output notation")->required();
  cmd->add_option("-o,--out", options->outDir, "Write one file per input into this directory");
  cmd->add_option("inputs", options->inputs, "Files, directories, .zip archives, or - for stdin")
      ->required();
  cmd->callback([options, &exitCode] { exitCode = runConvert(*options); });
}

}  // namespace apiary::cli
