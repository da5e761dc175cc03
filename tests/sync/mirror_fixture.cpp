#include "mirror_fixture.hpp"

#include <zip.h>

#include <algorithm>
#include <array>
#include <ctime>
#include <fstream>
#include <stdexcept>

#include "support.hpp"

namespace apiary::test {

namespace fs = std::filesystem;

namespace {

void setListedDate(const fs::path& path, const std::string& listedDate) {
  std::tm parts{};
  if (!strptime(listedDate.c_str(), "%Y-%m-%d %H:%M", &parts)) throw std::runtime_error("bad date " + listedDate);
  const auto when = std::chrono::system_clock::from_time_t(timegm(&parts));
  fs::last_write_time(path, std::chrono::file_clock::from_sys(when));
}

// The sweeps the fixture's zips stand for: a yearly folder, a sweep, its date.
struct Sweep {
  const char* folder;
  const char* name;
  const char* date;
};
constexpr std::array<Sweep, 7> kSweeps{{
    {"archive-2013", "games-Apr-20-2013", "2013-04-20 06:00"},
    {"archive-2016", "games-Apr-2-2016", "2016-04-02 06:00"},
    {"archive-2018", "games-Oct-10-2018", "2018-10-10 06:00"},
    {"archive-2018", "games-Oct-31-2018", "2018-10-31 06:00"},
    {"archive-2018", "games-Oct-31a-2018", "2018-10-31 18:00"},
    {"archive-2019", "games-Jun-22-2019", "2019-06-22 06:00"},
    // A December game swept in January: the zip's year is the sweep's.
    {"archive-2021", "games-Jan-2-2021", "2021-01-02 06:00"},
}};
constexpr const char* kRepeatedSweep = "games-Jan-2-2021";
constexpr const char* kLooseSweep = "games-Nov-3-2026";

}  // namespace

void writeFile(const fs::path& path, const std::string& text, const std::string& listedDate) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
  setListedDate(path, listedDate);
}

void writeZip(const fs::path& path, const std::vector<std::pair<std::string, std::string>>& entries,
              const std::string& listedDate) {
  fs::create_directories(path.parent_path());
  int error = 0;
  zip_t* archive = zip_open(path.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &error);
  if (!archive) throw std::runtime_error("cannot create " + path.string());
  for (const auto& [name, text] : entries) {
    zip_source_t* source = zip_source_buffer(archive, text.data(), text.size(), 0);
    if (!source || zip_file_add(archive, name.c_str(), source, ZIP_FL_ENC_UTF_8) < 0) {
      zip_source_free(source);
      zip_discard(archive);
      throw std::runtime_error("cannot add " + name + " to " + path.string());
    }
  }
  if (zip_close(archive) != 0) throw std::runtime_error("cannot write " + path.string());
  setListedDate(path, listedDate);
}

MirrorLayout buildMirror(const fs::path& root, const fs::path& gamesDir,
                         const std::vector<std::pair<std::string, std::string>>& extraGames) {
  std::vector<fs::path> games;
  for (const auto& entry : fs::directory_iterator(gamesDir))
    if (entry.path().extension() == ".sgf") games.push_back(entry.path());
  std::sort(games.begin(), games.end());
  if (games.size() < 3) throw std::runtime_error("fewer than 3 games in " + gamesDir.string());
  MirrorLayout layout;
  layout.games = games;
  // All but the last two games go round the sweeps' zips; the last two are loose.
  std::vector<std::vector<std::pair<std::string, std::string>>> zipped(kSweeps.size());
  for (std::size_t i = 0; i + 2 < games.size(); ++i)
    zipped[i % kSweeps.size()].emplace_back(games[i].filename().string(), readFile(games[i]));
  for (std::size_t i = 0; i < extraGames.size(); ++i) zipped[i % kSweeps.size()].push_back(extraGames[i]);
  layout.extraGames = extraGames.size();
  for (std::size_t i = 0; i < kSweeps.size(); ++i) {
    const Sweep& sweep = kSweeps[i];
    const std::string path = std::string(sweep.folder) + "/" + sweep.name + ".zip";
    writeZip(root / path, zipped[i], sweep.date);
    layout.zips.push_back(path);
    if (std::string(sweep.name) != kRepeatedSweep) continue;
    for (const auto& [name, text] : zipped[i]) {
      writeFile(root / kRepeatedSweep / name, text, sweep.date);
      layout.repeatedGames.push_back(std::string(kRepeatedSweep) + "/" + name);
    }
  }
  const auto& unswept = games[games.size() - 2];
  const std::string loosePath = std::string(kLooseSweep) + "/" + unswept.filename().string();
  writeFile(root / loosePath, readFile(unswept), "2026-11-03 05:00");
  const auto& atRoot = games.back();
  writeFile(root / atRoot.filename(), readFile(atRoot), "2026-11-28 23:30");
  layout.looseGames = {loosePath, atRoot.filename().string()};
  writeFile(root / "archive-2018" / "notes.txt", "Sweeps of 2018.\n", "2018-12-31 23:00");
  for (const char* folder : {"rankings", "test", "tutorials", "xGames"}) {
    const std::string path = std::string(folder) + "/HV-not-a-game-2019-01-01-0000.sgf";
    writeFile(root / path, "This file is not a game.\n", "2019-01-01 00:00");
    layout.notGames.push_back(path);
  }
  writeFile(root / "rankings" / "index.html", "<html><body>Rankings</body></html>\n", "2019-01-01 00:00");
  return layout;
}

}  // namespace apiary::test
