// What a user installs: apiary --version, the bash completion the command writes
// for itself, and cmake --install putting both in place.
#include <unistd.h>

#include <filesystem>
#include <regex>
#include <set>
#include <string>

#include <catch2/catch.hpp>
#include "run_apiary.hpp"
#include "support.hpp"

using apiary::test::Run;
using apiary::test::runApiary;

namespace {

// The names a --help text lists: subcommands (two-space indented words) or options.
std::set<std::string> namesIn(const std::string& help, const std::regex& pattern) {
  std::set<std::string> names;
  for (std::sregex_iterator it(help.begin(), help.end(), pattern), end; it != end; ++it) names.insert((*it)[1]);
  return names;
}

// What bash completes for the words typed so far (the last one being completed).
std::string completed(const std::string& words) {
  return runApiary(
             "completion > /tmp/apiary-completion-$$.bash && bash -c 'source /tmp/apiary-completion-'$$'.bash;"
             " COMP_WORDS=(" +
             words +
             "); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _apiary;"
             " printf %s \"${COMPREPLY[*]}\"'; rm -f /tmp/apiary-completion-$$.bash")
      .out;
}

}  // namespace

TEST_CASE("apiary --version names the project's version", "[cli][install]") {
  const Run run = runApiary("--version");
  CHECK(run.code == 0);
  CHECK(std::regex_search(run.out, std::regex("^apiary [0-9]+\\.[0-9]+\\.[0-9]+")));
}

TEST_CASE("the bash completion names every subcommand and every option of their --help", "[cli][install]") {
  const Run script = runApiary("completion");
  REQUIRE(script.code == 0);
  const std::string help = runApiary("--help").out;
  const auto section = help.substr(help.find("Subcommands:"));
  const auto commands = namesIn(section, std::regex("\n  ([a-z]+) "));
  REQUIRE(commands.size() >= 12);
  for (const auto& command : commands) {
    INFO(command);
    CHECK(script.out.find(" " + command + ") options=") != std::string::npos);
    const auto options = namesIn(runApiary(command + " --help").out, std::regex("[ ,](--?[a-z][a-z-]*)"));
    REQUIRE(options.count("--help"));
    const auto line = script.out.substr(script.out.find(" " + command + ") options="));
    for (const auto& option : options) {
      INFO(option);
      CHECK(line.substr(0, line.find('\n')).find(" " + option + " ") != std::string::npos);
    }
  }
}

TEST_CASE("bash completes subcommands, options and their values", "[cli][install]") {
  CHECK(completed("apiary ex") == "explore export");
  CHECK(completed("apiary search --same") == "--same-order");
  CHECK(completed("apiary convert --to algebraic-") == "algebraic-long algebraic-compressed");
  CHECK(completed("apiary games --result d") == "draw");
}

TEST_CASE("cmake --install puts apiary and its completion in place", "[cli][install]") {
  const apiary::test::TempDir scratch("apiary-install-test");
  const auto& prefix = scratch.path;
  const std::string build = std::filesystem::path(APIARY_BINARY).parent_path().string();
  REQUIRE(std::system(("cmake --install " + build + " --prefix " + prefix.string() + " > /dev/null").c_str()) == 0);
  CHECK(std::filesystem::exists(prefix / "bin/apiary"));
  CHECK(std::filesystem::exists(prefix / "share/bash-completion/completions/apiary"));
  CHECK(std::filesystem::exists(prefix / "share/apiary/web/index.html"));
  CHECK(std::system((prefix / "bin/apiary").string().append(" --version > /dev/null").c_str()) == 0);
}
