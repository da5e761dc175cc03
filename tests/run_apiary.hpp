// Running the apiary executable from a test, as a user's shell would: its exit
// code and standard output. For test executables only (test_paths.hpp gives APIARY_BINARY).
#pragma once
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

#include <catch2/catch.hpp>

namespace apiary::test {

struct Run {
  int code = -1;
  std::string out;
};

// `args` go through bash (so here-strings work): quote what needs quoting.
// Standard error is dropped, or read after standard output with keepErrors.
inline Run runApiary(const std::string& args, bool keepErrors = false) {
  std::string line = std::string(APIARY_BINARY) + " " + args + (keepErrors ? " 2>&1" : " 2>/dev/null"), quoted;
  for (char c : line) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  const std::string command = "bash -c '" + quoted + "'";
  Run run;
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe);
  std::array<char, 4096> buffer;
  while (const std::size_t n = fread(buffer.data(), 1, buffer.size(), pipe)) run.out.append(buffer.data(), n);
  const int status = pclose(pipe);
  run.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

}  // namespace apiary::test
