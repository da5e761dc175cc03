#include <chrono>
#include <cstdio>
#include <iostream>

#include "cli/commands.hpp"
#include "engine/perft.hpp"
#include "grammar/json_text.hpp"
#include "notation/uhp_text.hpp"
#include "query/json.hpp"

namespace apiary::cli {

namespace {

struct PerftOptions {
  std::string gameType = "Base+MLP";
  std::string from;
  bool json = false;
  int depth = 0;
};

int runPerft(const PerftOptions& o) {
  Board board;
  if (!o.from.empty()) {
    auto game = notation::parseGameString(o.from);
    if (!game) {
      std::cerr << "apiary perft: --from: ply " << game.error.ply << ": " << game.error.message << "\n";
      return kExitUsage;
    }
    board = std::move(*game.value);
  } else {
    const auto type = GameType::parse(o.gameType);
    if (!type) {
      std::cerr << "apiary perft: unknown game type '" << o.gameType << "'\n";
      return kExitUsage;
    }
    board = Board(*type);
  }
  std::vector<query::PerftDepth> rows;
  for (int depth = 0; depth <= o.depth; ++depth) {
    const auto start = std::chrono::steady_clock::now();
    const uint64_t nodes = perft(board, depth);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double nps = seconds > 0 ? double(nodes) / seconds : 0;
    if (o.json) {
      rows.push_back({depth, nodes, seconds, nps});
    } else {
      std::printf("depth %2d  nodes %14llu  time %9.3f s  %8.2f M nodes/s\n", depth,
                  static_cast<unsigned long long>(nodes), seconds, nps / 1e6);
      std::fflush(stdout);
    }
  }
  if (o.json) std::cout << grammar::jsonText(query::perftJson(board.type(), rows)) << "\n";
  return kExitOk;
}

}  // namespace

void addPerftCommand(CLI::App& app, int& exitCode) {
  auto options = std::make_shared<PerftOptions>();
  auto* cmd = app.add_subcommand("perft", "Count the leaf nodes of the legal-move tree");
  cmd->add_option("--game-type", options->gameType, "Base, Base+M, ..., Base+MLP")->capture_default_str();
  cmd->add_option("--from", options->from, "Start from this UHP GameString");
  cmd->add_flag("--json", options->json, "Print JSON");
  cmd->add_option("depth", options->depth, "Deepest depth to count")->required()->check(CLI::Range(0, 12));
  cmd->callback([options, &exitCode] { exitCode = runPerft(*options); });
}

}  // namespace apiary::cli
