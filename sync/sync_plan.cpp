#include "sync/sync_plan.hpp"

#include "sync/download_check.hpp"
#include "sync/mirror.hpp"

namespace apiary::sync {

FilePlan planFile(const RemoteFile& file, const index::SyncedFile* stored, const std::filesystem::path& copy) {
  using Action = FilePlan::Action;
  // A listing without a date says nothing of a change: asked each time, conditionally.
  if (stored && !file.listedDate.empty() && stored->listedDate == file.listedDate &&
      stored->listedSize == listedSizeOf(file))
    return {Action::Unchanged, {}, true};
  std::error_code ec;
  if (!std::filesystem::is_regular_file(copy, ec)) return {Action::Fetch, {}, false};
  // The stored validators speak of the bytes ingested: good only while the copy holds them.
  if (const FileScan scan = scanFile(copy); stored && scan.readable && scan.checksum == stored->checksum)
    return {Action::Conditional, {stored->etag, stored->lastModified}, true};
  // A copy without a state (another database's, or one killed before its batch):
  // its mtime is the server's Last-Modified of the bytes it holds.
  return {Action::Conditional, {"", modifiedTimeOf(copy)}, false};
}

std::optional<uint64_t> listedSizeOf(const RemoteFile& file) {
  if (!file.listedSize || *file.listedSize < 0) return std::nullopt;
  return uint64_t(*file.listedSize);
}

}  // namespace apiary::sync
