// Each subcommand of the apiary CLI registers itself on the app. Commands parse their
// options and call down the pipeline; they hold no logic of their own.
#pragma once
#include <CLI/CLI.hpp>

namespace apiary::cli {

// Exit codes scripts rely on.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailures = 1;  // some input was rejected
inline constexpr int kExitUsage = 2;     // bad usage or an unusable database

// A command's callback stores its exit code here.
void addPerftCommand(CLI::App& app, int& exitCode);
void addGenerateCommand(CLI::App& app, int& exitCode);
void addConvertCommand(CLI::App& app, int& exitCode);

}  // namespace apiary::cli
