#include <iostream>

#include "cli/commands.hpp"
#include "cli/error_text.hpp"
#include "version.hpp"

using apiary::cli::errorText;

int main(int argc, char** argv) {
  CLI::App app{"apiary: a database of Hive games"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("apiary ") + APIARY_VERSION +
                                        (*APIARY_COMMIT ? std::string(" (") + APIARY_COMMIT + ")" : std::string()));
  app.fallthrough();  // --db may also come after the command
  apiary::cli::GlobalOptions global;
  app.add_option("--db", global.db, "Database directory (default: $APIARY_DB, else ./apiary.db)");
  int exitCode = apiary::cli::kExitOk;
  apiary::cli::addPerftCommand(app, exitCode);
  apiary::cli::addGenerateCommand(app, exitCode);
  apiary::cli::addConvertCommand(app, exitCode);
  apiary::cli::addDatabaseCommands(app, global, exitCode);
  apiary::cli::addQueryCommands(app, global, exitCode);
  apiary::cli::addShowCommand(app, global, exitCode);
  apiary::cli::addExportCommand(app, global, exitCode);
  apiary::cli::addDedupCommand(app, global, exitCode);
  apiary::cli::addPlayerCommands(app, global, exitCode);
  apiary::cli::addPatternCommand(app, global, exitCode);
  apiary::cli::addServeCommand(app, global, exitCode);
  apiary::cli::addSyncCommand(app, global, exitCode);
  apiary::cli::addCompletionCommand(app, exitCode);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : apiary::cli::kExitUsage;
  } catch (const std::exception& e) {
    // A filter's value is read with the command line, before its command runs:
    // worded as that command words its errors.
    const auto commands = app.get_subcommands();
    const bool named = dynamic_cast<const apiary::query::QueryError*>(&e) && !commands.empty();
    std::cerr << "apiary" << (named ? " " + commands.front()->get_name() : std::string()) << ": " << errorText(e)
              << "\n";
    return apiary::cli::kExitUsage;
  }
  return exitCode;
}
