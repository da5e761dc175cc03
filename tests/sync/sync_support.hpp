// What the sync command tests share: a mirror of ../shared's boardspace games
// served on 127.0.0.1, `apiary sync` and `apiary ingest` run as a user would, and
// what two databases are compared on.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "mirror_fixture.hpp"
#include "mirror_server.hpp"
#include "run_apiary.hpp"
#include "support.hpp"

namespace apiary::test {

struct SyncMirror {
  TempDir tmp;
  std::filesystem::path root;
  MirrorLayout layout;
  std::unique_ptr<MirrorServer> server;

  explicit SyncMirror(const std::string& name) : tmp(name), root(tmp.path / "archive") {}
  // False (the test then returns) when ../shared is absent.
  bool build() {
    const auto shared = requireShared();
    if (shared.empty()) return false;
    layout = buildMirror(root, shared / "games" / "boardspace-sgf");
    server = std::make_unique<MirrorServer>(root);
    return true;
  }
  std::string db(const std::string& name) const { return (tmp.path / name).string(); }
  // The files a sync fetches, as paths in the archive folder (to ingest by hand).
  std::vector<std::string> fetchedFiles() const {
    std::vector<std::string> files;
    for (const auto& z : layout.zips) files.push_back((root / z).string());
    for (const auto& g : layout.looseGames) files.push_back((root / g).string());
    return files;
  }
  std::string syncArgs(const std::string& db) const {
    return "--db " + db + " sync --url " + server->url() + " --delay 0";
  }
};

inline nlohmann::json runJson(const std::string& args, int expectedCode = 0) {
  const Run run = runApiary(args);
  INFO(args << "\n" << run.out);
  REQUIRE(run.code == expectedCode);
  return nlohmann::json::parse(run.out);
}

inline std::string join(const std::vector<std::string>& paths) {
  std::string out;
  for (const auto& p : paths) out += " '" + p + "'";
  return out;
}

// What "the same database" means here: the counts info gives, and the opening tree
// at the start (explore, its timing left out: every first move's games, results,
// lengths and the position it leads to).
inline nlohmann::json databaseView(const std::string& db) {
  nlohmann::json info = runJson("--db " + db + " info --json");
  nlohmann::json view = {{"games", info["games"]},
                         {"positions", info["positions"]},
                         {"postings", info["postings"]},
                         {"rejected", info["rejected"]},
                         {"games_by_type", info["games_by_type"]}};
  nlohmann::json start = runJson("--db " + db + " explore --json");
  start.erase("elapsed_ms");
  view["start"] = start;
  return view;
}

// The requests of game files (not listing pages, not robots.txt).
inline std::vector<std::string> fileRequests(const MirrorServer& server) {
  std::vector<std::string> paths;
  for (const auto& r : server.log())
    if (r.path.size() > 4 && (r.path.ends_with(".zip") || r.path.ends_with(".sgf"))) paths.push_back(r.path);
  return paths;
}

}  // namespace apiary::test
