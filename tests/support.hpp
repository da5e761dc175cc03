// Helpers shared by the test suites: where ../shared is, and reading files.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace apiary::test {

// ../shared from the project root, or an empty path when it is absent.
std::filesystem::path sharedDir();

// Skips the current test with a clear message when ../shared is absent.
// Use: const auto dir = requireShared(); if (dir.empty()) return;
std::filesystem::path requireShared();

std::string readFile(const std::filesystem::path& path);

// A fresh directory in the system's temporary one, named after the test and the
// process, removed (whatever permissions the test left in it) at the end.
struct TempDir {
  std::filesystem::path path;
  explicit TempDir(const std::string& name);
  ~TempDir();
};
std::vector<std::string> readLines(const std::filesystem::path& path);

}  // namespace apiary::test
