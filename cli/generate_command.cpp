#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli/commands.hpp"
#include "engine/generate.hpp"
#include "engine/uhp.hpp"

namespace apiary::cli {

namespace {

struct GenerateOptions {
  std::size_t games = 1;
  uint64_t seed = 1;
  std::string gameType;
  std::string outDir;
};

void writePgn(std::ostream& out, const GeneratedGame& game) {
  for (const auto& [name, value] : game.tags) out << "[" << name << " \"" << value << "\"]\n";
  out << "\n";
  Board replay(game.board.type(), game.board.rules(), game.board.firstMover());
  int ply = 0;
  for (const Move& m : game.board.history()) {
    out << ++ply << ". " << moveString(replay, m) << "\n";
    replay.play(m);
  }
  out << "\n";
}

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
    const GeneratedGame game = generator.next();
    if (o.outDir.empty()) {
      writePgn(std::cout, game);
      continue;
    }
    char name[32];
    std::snprintf(name, sizeof name, "game-%07zu.pgn", i);
    std::ofstream file(std::filesystem::path(o.outDir) / name);
    writePgn(file, game);
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
