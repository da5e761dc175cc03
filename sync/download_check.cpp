#include "sync/download_check.hpp"

#include <xxhash.h>

#include <algorithm>
#include <fstream>
#include <memory>
#include <vector>

#include "ingest/sources.hpp"

namespace apiary::sync {

namespace {

bool endsWith(std::string name, const std::string& suffix) {
  std::transform(name.begin(), name.end(), name.begin(), ::tolower);
  return name.size() >= suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

FileScan scanFile(const std::filesystem::path& file) {
  FileScan out;
  std::ifstream in(file, std::ios::binary);
  if (!in) return out;
  std::unique_ptr<XXH3_state_t, decltype(&XXH3_freeState)> state(XXH3_createState(), &XXH3_freeState);
  XXH3_64bits_reset(state.get());
  std::vector<char> buffer(64 * 1024);
  while (in) {
    in.read(buffer.data(), std::streamsize(buffer.size()));
    const auto got = std::size_t(in.gcount());
    XXH3_64bits_update(state.get(), buffer.data(), got);
    out.nul = out.nul || std::find(buffer.begin(), buffer.begin() + std::ptrdiff_t(got), '\0') !=
                             buffer.begin() + std::ptrdiff_t(got);
    out.size += got;
  }
  out.readable = !in.bad();
  out.checksum = XXH3_64bits_digest(state.get());
  return out;
}

DownloadCheck checkDownload(const std::filesystem::path& file, const std::string& name) {
  const FileScan scan = scanFile(file);
  if (!scan.readable) return {"cannot read the download " + file.string(), 0};
  DownloadCheck out{{}, scan.checksum};
  if (endsWith(name, ".zip")) out.error = ingest::zipArchiveError(file.string());
  else if (scan.size == 0) out.error = "empty file";
  else if (scan.nul) out.error = "not text: holds a NUL byte";
  return out;
}

}  // namespace apiary::sync
