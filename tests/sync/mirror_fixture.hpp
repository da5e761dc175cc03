// A mirror of boardspace's archive built in a folder for the sync tests: real
// games from ../shared/games/boardspace-sgf spread over yearly folders of daily
// zips (libzip), a loose sweep folder repeating a zip, a loose sweep folder not
// zipped yet, a loose game at the root, and the folders that hold no games
// (rankings/, test/, tutorials/, xGames/), each with a file named like a game.
#pragma once
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace apiary::test {

struct MirrorLayout {
  std::vector<std::string> zips;             // mirror paths, in sweep order
  std::vector<std::string> looseGames;       // loose .sgf a walk fetches: a folder not zipped, then the root
  std::vector<std::string> repeatedGames;    // loose copies of a zip's games (their folder is not fetched)
  std::vector<std::string> notGames;         // files under rankings/, test/, tutorials/, xGames/
  std::vector<std::filesystem::path> games;  // the shared files used, each once in what a walk fetches
  std::size_t extraGames = 0;                // the extra games, each once in a zip
};

// Builds the mirror under `root` from the files of `gamesDir` (at least 3 .sgf)
// and `extraGames` (file name, boardspace SGF text: generated games), the extra
// ones spread over the zips after the shared ones.
MirrorLayout buildMirror(const std::filesystem::path& root, const std::filesystem::path& gamesDir,
                         const std::vector<std::pair<std::string, std::string>>& extraGames = {});

// A zip of `entries` (name, text) at `path`, its folders made, its date set to
// `listedDate` ("2019-07-07 03:00", UTC) so that listings show it.
void writeZip(const std::filesystem::path& path, const std::vector<std::pair<std::string, std::string>>& entries,
              const std::string& listedDate);
void writeFile(const std::filesystem::path& path, const std::string& text, const std::string& listedDate);

}  // namespace apiary::test
