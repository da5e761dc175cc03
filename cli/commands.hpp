// Each subcommand of the apiary CLI registers itself on the app. Commands parse their
// options and call down the pipeline; they hold no logic of their own.
#pragma once
#include <CLI/CLI.hpp>
#include <cstdlib>
#include <span>
#include <string>

#include "notation/notation_table.hpp"

namespace apiary::cli {

// Exit codes scripts rely on.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailures = 1;  // some input was rejected
inline constexpr int kExitUsage = 2;     // bad usage or an unusable database

// Options every command sees.
struct GlobalOptions {
  std::string db;  // --db
  // --db, else $APIARY_DB, else ./apiary.db: a directory created on first use.
  std::string databasePath() const {
    if (!db.empty()) return db;
    if (const char* env = std::getenv("APIARY_DB"); env && *env) return env;
    return "apiary.db";
  }
};

// A command's callback stores its exit code here.
void addPerftCommand(CLI::App& app, int& exitCode);
void addGenerateCommand(CLI::App& app, int& exitCode);
// `table`: the notations convert knows (its options, their help, detection).
void addConvertCommand(CLI::App& app, int& exitCode,
                       std::span<const notation::Notation> table = notation::notationTable());
void addDatabaseCommands(CLI::App& app, const GlobalOptions& global, int& exitCode);
void addQueryCommands(CLI::App& app, const GlobalOptions& global, int& exitCode);  // explore, search, games
void addShowCommand(CLI::App& app, const GlobalOptions& global, int& exitCode);
void addExportCommand(CLI::App& app, const GlobalOptions& global, int& exitCode);
void addDedupCommand(CLI::App& app, const GlobalOptions& global, int& exitCode);
void addPlayerCommands(CLI::App& app, const GlobalOptions& global, int& exitCode);  // player, players, rejected
void addPatternCommand(CLI::App& app, const GlobalOptions& global, int& exitCode);
void addServeCommand(CLI::App& app, const GlobalOptions& global, int& exitCode);
void addSyncCommand(CLI::App& app, const GlobalOptions& global, int& exitCode);
// Registered last: it writes the completion of every command registered before it.
void addCompletionCommand(CLI::App& app, int& exitCode);

}  // namespace apiary::cli
