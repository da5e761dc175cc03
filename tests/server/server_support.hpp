// For the server's tests: a database of generated games plus ../shared/games (built
// once per test process), and `apiary serve --port 0` on it as a child process,
// stopped with SIGTERM when the test is done.
#pragma once
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "run_apiary.hpp"
#include "support.hpp"

namespace apiary::test {

// Generated games (seed 5) plus ../shared/games when it is there, removed when the
// test process ends.
inline const std::filesystem::path& servedDatabase() {
  static const TempDir scratch("apiary-test-server");
  static const std::filesystem::path db = [] {
    const auto dir = scratch.path / "db";
    const auto made = runApiary("generate --games 300 --seed 5 | " + std::string(APIARY_BINARY) + " --db " +
                                dir.string() + " ingest -");
    REQUIRE(made.code == 0);
    if (const auto shared = sharedDir(); !shared.empty())
      runApiary("--db " + dir.string() + " ingest " + (shared / "games").string());
    else WARN("../shared is absent: the server is tested on generated games only");
    return dir;
  }();
  return db;
}

// The apiary that serves: this build's, or $APIARY_SERVE_BINARY (another build, e.g.
// an older one, to see which of these tests it fails).
inline const char* serveBinary() {
  const char* other = std::getenv("APIARY_SERVE_BINARY");
  return other && *other ? other : APIARY_BINARY;
}

class ServerProcess {
 public:
  // `apiary --db DB serve --port 0 EXTRA...`, its standard error to `errors` when named.
  explicit ServerProcess(const std::filesystem::path& db, const std::vector<std::string>& extra = {},
                         const std::filesystem::path& errors = {}) {
    int out[2];
    REQUIRE(pipe(out) == 0);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    posix_spawn_file_actions_addclose(&actions, out[0]);
    if (!errors.empty())
      posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, errors.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const std::string dbText = db.string();
    std::vector<const char*> argv{serveBinary(), "--db", dbText.c_str(), "serve", "--port", "0"};
    for (const auto& arg : extra) argv.push_back(arg.c_str());
    argv.push_back(nullptr);
    REQUIRE(posix_spawn(&pid_, serveBinary(), &actions, nullptr, const_cast<char**>(argv.data()), environ) == 0);
    posix_spawn_file_actions_destroy(&actions);
    close(out[1]);
    // "apiary serve: DB at http://127.0.0.1:PORT/ ..."
    std::string line;
    char c;
    while (read(out[0], &c, 1) == 1 && c != '\n') line += c;
    close(out[0]);
    const auto at = line.find("127.0.0.1:");
    INFO("apiary serve printed: " << line);
    REQUIRE(at != std::string::npos);
    port_ = std::stoi(line.substr(at + 10));
  }
  ~ServerProcess() { stop(); }
  ServerProcess(const ServerProcess&) = delete;

  int port() const { return port_; }
  pid_t pid() const { return pid_; }
  bool alive() const { return pid_ > 0 && waitpid(pid_, nullptr, WNOHANG) == 0; }
  // Resident memory now, in KiB, from /proc.
  long residentKiB() const { return statusKiB("VmRSS:"); }
  // Address space now, in KiB.
  long addressSpaceKiB() const { return statusKiB("VmSize:"); }
  // SIGTERM, and the exit status (-1 when it did not exit within `within`).
  int stop(std::chrono::seconds within = std::chrono::seconds(10)) {
    if (pid_ <= 0) return exitCode_;
    kill(pid_, SIGTERM);
    const auto deadline = std::chrono::steady_clock::now() + within;
    int status = 0;
    while (waitpid(pid_, &status, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() > deadline) {
        kill(pid_, SIGKILL);
        waitpid(pid_, &status, 0);
        pid_ = -1;
        return exitCode_ = -1;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    pid_ = -1;
    return exitCode_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

 private:
  long statusKiB(const std::string& field) const {
    std::ifstream status("/proc/" + std::to_string(pid_) + "/status");
    for (std::string line; std::getline(status, line);)
      if (line.rfind(field, 0) == 0) return std::stol(line.substr(field.size()));
    return -1;
  }
  pid_t pid_ = -1;
  int port_ = 0;
  int exitCode_ = -1;
};

}  // namespace apiary::test
