// What can go wrong with a database as a user is told it. RocksDB's and SQLite's
// messages ("While lock file: ... Resource temporarily unavailable", "no such
// table", "file is not a database", "No space left on device") are turned into
// plain sentences here, in one place, with a kind the front ends can act on.
#pragma once
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace apiary::index {

enum class DatabaseFault {
  Damaged,       // a file is missing, cut short or not what it should be
  Busy,          // another apiary is writing it
  BeingCreated,  // the first ingest has not yet written the catalogue's tables
  DiskFull,      // a write failed for lack of space
};

class DatabaseError : public std::runtime_error {
 public:
  DatabaseError(DatabaseFault fault, const std::string& message) : std::runtime_error(message), fault_(fault) {}
  DatabaseFault fault() const { return fault_; }

 private:
  DatabaseFault fault_;
};

// The fault a library's message tells of, if it is one of those above.
std::optional<DatabaseFault> faultOf(std::string_view libraryMessage);

// The plain sentence for a fault of the database in dir; `detail` (a file name or
// the library's words) is added where it helps.
std::string plainMessage(DatabaseFault fault, const std::filesystem::path& dir, std::string_view detail = {});

// For a catch block: rethrows the exception being handled as a DatabaseError when
// its message tells of a known fault, else unchanged.
[[noreturn]] void rethrowPlain(const std::filesystem::path& dir);

}  // namespace apiary::index
