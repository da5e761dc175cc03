// What a downloaded file must be before it replaces the mirror's copy and reaches
// ingest: a zip opens and every entry's CRC checks out, a game file is text and not
// empty. A partial or damaged download stays under its temporary name.
#pragma once
#include <cstdint>
#include <filesystem>
#include <string>

namespace apiary::sync {

struct DownloadCheck {
  std::string error;      // empty: the file is sound
  uint64_t checksum = 0;  // XXH3 of its bytes
};

// One pass over a file's bytes.
struct FileScan {
  bool readable = false;
  uint64_t checksum = 0;  // XXH3
  uint64_t size = 0;
  bool nul = false;  // holds a NUL byte: not text
};
FileScan scanFile(const std::filesystem::path& file);

// `name`: the file's name in the archive (its extension says what it must be).
DownloadCheck checkDownload(const std::filesystem::path& file, const std::string& name);

}  // namespace apiary::sync
