// Where game text comes from: files, directories (recursively, symlinked folders
// followed once), .zip archives as BoardSpace publishes them (one zip of .sgf files
// per day), and stdin ("-"). Each is opened as a stream of bytes, never read whole.
#pragma once
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace apiary::ingest {

// An open source's bytes, read a block at a time.
class ByteStream {
 public:
  virtual ~ByteStream() = default;
  // Up to `size` bytes; 0 at the end, -1 on an error (then error() says why).
  virtual std::ptrdiff_t read(char* into, std::size_t size) = 0;
  const std::string& error() const { return error_; }

 protected:
  std::string error_;
};

struct Source {
  std::string path;                    // file path, "archive.zip:member.sgf", or "-"
  bool named = false;                  // given by the user, not found in a directory or archive
  std::unique_ptr<ByteStream> stream;  // null when the source cannot be read
  std::string error;                   // why it cannot be read (the system's reason)
  std::string skipReason;              // why it is not read at all: not something that holds games
};

struct SourceOptions {
  // Directories never read (the database being written, when it lies in the input).
  std::vector<std::string> skipDirectories;
};

// Empty when the zip archive at `path` opens and every entry inflates whole, its
// CRC right and within the caps; else why not (one sentence). The check ingest
// makes of each entry before reading it, made of a whole download before it is kept.
std::string zipArchiveError(const std::string& path);

// The paths to read, one at a time: nullopt when there are no more.
using NextPath = std::function<std::optional<std::string>()>;

// Calls visit once per file found, in a stable (sorted) order; a zip archive's
// entries are visited while it is open.
void forEachSource(const std::vector<std::string>& paths, const SourceOptions& options,
                   const std::function<void(Source&&)>& visit);
// The same over paths handed over one at a time; pathDone (when set) is called with
// each path once all its sources have been visited.
void forEachSource(const NextPath& next, const SourceOptions& options, const std::function<void(Source&&)>& visit,
                   const std::function<void(const std::string&)>& pathDone);

}  // namespace apiary::ingest
