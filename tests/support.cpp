#include "support.hpp"

#include <unistd.h>
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

namespace apiary::test {

std::filesystem::path sharedDir() {
  std::filesystem::path dir = APIARY_SHARED_DIR;
  return std::filesystem::is_directory(dir) ? dir : std::filesystem::path{};
}

std::filesystem::path requireShared() {
  auto dir = sharedDir();
  if (dir.empty()) WARN("SKIPPED: ../shared is absent, this test needs its reference data");
  return dir;
}

std::string readFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in.good());
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

std::vector<std::string> readLines(const std::filesystem::path& path) {
  std::istringstream in(readFile(path));
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(line);
  }
  return lines;
}

TempDir::TempDir(const std::string& name)
    : path(std::filesystem::temp_directory_path() / (name + "-" + std::to_string(getpid()))) {
  std::filesystem::remove_all(path);
  std::filesystem::create_directories(path);
}

TempDir::~TempDir() {
  std::error_code ec;
  for (auto it = std::filesystem::recursive_directory_iterator(path, ec);
       !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec))
    if (!it->is_symlink(ec))
      std::filesystem::permissions(it->path(), std::filesystem::perms::owner_all, std::filesystem::perm_options::add,
                                   ec);
  std::filesystem::remove_all(path, ec);
}

}  // namespace apiary::test
