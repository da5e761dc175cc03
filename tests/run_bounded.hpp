// Running the apiary executable from a test with a time limit, and what it took:
// its exit code, peak resident memory and standard error. For test executables
// only (test_paths.hpp gives APIARY_BINARY).
#pragma once
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "support.hpp"

namespace apiary::test {

struct Finished {
  int code = -1;       // -1: killed by the watchdog
  long peakKiB = 0;    // peak resident memory
  std::string errors;  // standard error
};

// Runs apiary with the arguments and stdin from `input`, killed after `limit`.
inline Finished runBounded(const std::vector<std::string>& args, const std::filesystem::path& dir,
                           const std::string& input = "/dev/null",
                           std::chrono::seconds limit = std::chrono::seconds(60)) {
  const std::filesystem::path errors = dir / "stderr.txt";
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    const int in = open(input.c_str(), O_RDONLY), out = open("/dev/null", O_WRONLY),
              err = open(errors.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(in, 0), dup2(out, 1), dup2(err, 2);
    std::vector<char*> argv{const_cast<char*>(APIARY_BINARY)};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(APIARY_BINARY, argv.data());
    _exit(127);
  }
  Finished done;
  int status = 0;
  rusage usage{};
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (wait4(child, &status, WNOHANG, &usage) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      kill(child, SIGKILL);
      wait4(child, &status, 0, &usage);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  done.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  done.peakKiB = usage.ru_maxrss;
  done.errors = apiary::test::readFile(errors);
  return done;
}

}  // namespace apiary::test
