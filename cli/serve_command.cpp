// apiary serve: the explorer page and its JSON API over a database, read-only.
#include <pthread.h>
#include <signal.h>

#include <chrono>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <thread>

#include "cli/commands.hpp"
#include "cli/error_text.hpp"
#include "index/database.hpp"
#include "server/server.hpp"

namespace apiary::cli {

namespace {

// A server over no games shows an empty page: say at once how to fill it (the
// games an ingest adds while it serves show within a second).
void sayHowToFillWhenEmpty(const std::filesystem::path& db) {
  const index::Database reader(db, {.access = index::Access::ReadOnly});
  if (reader.lastGame() != 0) return;
  std::cerr << "apiary serve: " << db.string() << " holds no games yet; add some with: apiary --db " << db.string()
            << " ingest FILE... (files, folders, .zip archives, - for stdin)" << std::endl;
}

// The warm-up's end, on standard error: how long it took and what it holds.
void sayWhenWarm(server::ServerOptions& options) {
  if (!options.warmUp) return;
  const auto start = std::chrono::steady_clock::now();
  options.warmUpHooks.ended = [start](const index::WarmUp::Progress& p) {
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    std::ostringstream line;
    line << std::fixed << std::setprecision(1) << "apiary serve: warmed up in " << took.count() << " s ("
         << double(p.positionBytes) / 1e6 << " MB of positions, " << double(p.catalogueBytes) / 1e6
         << " MB of catalogue in memory)";
    if (!p.error.empty()) line << "; stopped: " << p.error;
    std::cerr << line.str() << std::endl;
  };
}

int runServe(const GlobalOptions& global, server::ServerOptions options) {
  options.db = global.databasePath();
  sayWhenWarm(options);
  // SIGINT and SIGTERM go to one thread that waits for them and stops the server
  // (stop() is not async-signal-safe, so no handler calls it); blocked before any
  // other thread starts, so every thread inherits the mask.
  sigset_t stopping;
  sigemptyset(&stopping);
  sigaddset(&stopping, SIGINT);
  sigaddset(&stopping, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stopping, nullptr);
  signal(SIGPIPE, SIG_IGN);
  try {
    server::Server http(options);
    const int port = http.bind();
    sayHowToFillWhenEmpty(options.db);
    std::thread waiter([&] {
      int signal = 0;
      sigwait(&stopping, &signal);
      http.stop();
    });
    std::cout << "apiary serve: " << options.db.string() << " at http://" << options.host << ":" << port
              << "/ (Ctrl-C stops)" << std::endl;
    if (options.warmUp)
      std::cerr << "apiary serve: warming up in the background: reading the positions and the catalogue into "
                   "memory while answering (--no-warm-up: not)"
                << std::endl;
    const bool served = http.run();
    pthread_kill(waiter.native_handle(), SIGTERM);  // wakes the waiter when run() ended on its own
    waiter.join();
    return served ? kExitOk : kExitUsage;
  } catch (const std::exception& e) {
    std::cerr << "apiary serve: " << errorText(e) << "\n";
    return kExitUsage;
  }
}

}  // namespace

void addServeCommand(CLI::App& app, const GlobalOptions& global, int& exitCode) {
  auto o = std::make_shared<server::ServerOptions>();
  auto* cmd = app.add_subcommand("serve", "The explorer page and its JSON API over the database, read-only");
  cmd->add_option("--host", o->host, "Address to listen on")->capture_default_str();
  cmd->add_option("--port", o->port, "Port (0: any free port)")->capture_default_str()->check(CLI::Range(0, 65535));
  cmd->add_option("--threads", o->threads, "Threads answering from the database (0: two a core)")
      ->capture_default_str()
      ->check(CLI::Range(0, 256));
  cmd->add_option_function<double>(
         "--pattern-budget",
         [o](double seconds) {
           o->patternBudget =
               std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
         },
         "Seconds a pattern query may take before it is stopped with 503 (0: no limit; default " +
             std::to_string(server::limits::kDefaultPatternBudget.count()) + ")")
      ->check(CLI::Range(0.0, 86400.0));
  cmd->add_flag("--cors", o->cors, "Allow pages of other origins to call the API");
  cmd->add_flag_function(
      "--no-warm-up", [o](std::int64_t) { o->warmUp = false; },
      "Do not read the positions and the catalogue into memory at start (the first requests then read from disk)");
  cmd->callback([&global, o, &exitCode] { exitCode = runServe(global, *o); });
}

}  // namespace apiary::cli
