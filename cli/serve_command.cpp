// apiary serve: the explorer page and its JSON API over a database, read-only.
#include <pthread.h>
#include <signal.h>

#include <iostream>
#include <thread>

#include "cli/commands.hpp"
#include "cli/error_text.hpp"
#include "server/server.hpp"

namespace apiary::cli {

namespace {

int runServe(const GlobalOptions& global, server::ServerOptions options) {
  options.db = global.databasePath();
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
    std::thread waiter([&] {
      int signal = 0;
      sigwait(&stopping, &signal);
      http.stop();
    });
    std::cout << "apiary serve: " << options.db.string() << " at http://" << options.host << ":" << port
              << "/ (Ctrl-C stops)" << std::endl;
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
  cmd->add_option("--threads", o->threads, "Worker threads; each open connection holds one")
      ->capture_default_str()
      ->check(CLI::Range(1, 1024));
  cmd->add_flag("--cors", o->cors, "Allow pages of other origins to call the API");
  cmd->callback([&global, o, &exitCode] { exitCode = runServe(global, *o); });
}

}  // namespace apiary::cli
