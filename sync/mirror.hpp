// The mirror: a source's files kept on disk in the archive's own layout, by default
// in <db>/mirror/<source>/ (or a folder databases share), so that a
// re-ingest or a second database never downloads a file again. A download goes to
// `<file>.part`, gets the server's Last-Modified as its mtime, and is renamed over
// the file only once it is whole and checked.
#pragma once
#include <filesystem>
#include <string>

namespace apiary::sync {

// `given` when set, else <dbDir>/mirror/<source>.
std::filesystem::path mirrorRoot(const std::filesystem::path& dbDir, const std::string& source,
                                 const std::filesystem::path& given);

std::filesystem::path partPath(const std::filesystem::path& file);

// Sets the file's mtime to an HTTP date ("Sun, 07 Jul 2019 10:00:00 GMT"); false
// when the date does not parse or the file cannot be touched.
bool setModifiedTime(const std::filesystem::path& file, const std::string& httpDate);

// The file's mtime as an HTTP date, for If-Modified-Since; empty when unreadable.
std::string modifiedTimeOf(const std::filesystem::path& file);

}  // namespace apiary::sync
