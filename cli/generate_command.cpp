#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli/commands.hpp"
#include "engine/generate.hpp"
#include "notation/notations.hpp"

namespace apiary::cli {

namespace {

struct GenerateOptions {
  std::size_t games = 1;
  uint64_t seed = 1;
  std::string gameType;
  std::string outDir;
};

int runGenerate(const GenerateOptions& o) {
  std::optional<GameType> type;
  if (!o.gameType.empty()) {
    type = GameType::parse(o.gameType);
    if (!type) {
      std::cerr << "apiary generate: unknown game type '" << o.gameType << "'\n";
      return kExitUsage;
    }
  }
  if (!o.outDir.empty()) std::filesystem::create_directories(o.outDir);
  GameGenerator generator(o.seed, type);
  for (std::size_t i = 1; i <= o.games; ++i) {
    GeneratedGame generated = generator.next();
    const std::string text = notation::writeUhp(notation::gameFromBoard(std::move(generated.board), generated.tags));
    if (o.outDir.empty()) {
      std::cout << text;
      continue;
    }
    char name[32];
    std::snprintf(name, sizeof name, "game-%07zu.pgn", i);
    std::ofstream file(std::filesystem::path(o.outDir) / name);
    file << text;
    if (!file) {
      std::cerr << "apiary generate: cannot write " << name << " in " << o.outDir << "\n";
      return kExitFailures;
    }
  }
  return kExitOk;
}

}  // namespace

void addGenerateCommand(CLI::App& app, int& exitCode) {
  auto options = std::make_shared<GenerateOptions>();
  auto* cmd = app.add_subcommand("generate", "Write legal, realistic games as UHP PGN");
  cmd->add_option("--games", options->games, "How many games")->capture_default_str();
  cmd->add_option("--seed", options->seed, "Random seed (same seed, same games)")->capture_default_str();
  cmd->add_option("--game-type", options->gameType, "Only this game type (default: a realistic mix)");
  cmd->add_option("-o,--out", options->outDir, "Write one file per game into this directory");
  cmd->callback([options, &exitCode] { exitCode = runGenerate(*options); });
}

}  // namespace apiary::cli
