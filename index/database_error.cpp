#include "index/database_error.hpp"

#include <array>
#include <utility>

namespace apiary::index {

namespace {

bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

}  // namespace

std::optional<DatabaseFault> faultOf(std::string_view message) {
  // Longest-standing wordings of RocksDB 7 (Status::ToString, env_posix) and SQLite 3
  // (sqlite3_errstr); checked in this order, as a full disk may also fail a lock.
  static const std::array<std::pair<std::string_view, DatabaseFault>, 9> kWordings{{
      {"No space left on device", DatabaseFault::DiskFull},
      {"database or disk is full", DatabaseFault::DiskFull},
      {"While lock file", DatabaseFault::Busy},
      {"database is locked", DatabaseFault::Busy},
      {"lock hold by current process", DatabaseFault::Busy},
      {"no such table", DatabaseFault::BeingCreated},
      {"file is not a database", DatabaseFault::Damaged},
      {"database disk image is malformed", DatabaseFault::Damaged},
      {"Corruption:", DatabaseFault::Damaged},
  }};
  for (const auto& [wording, fault] : kWordings)
    if (contains(message, wording)) return fault;
  return std::nullopt;
}

std::string plainMessage(DatabaseFault fault, const std::filesystem::path& dir, std::string_view detail) {
  const std::string where = dir.string();
  switch (fault) {
    case DatabaseFault::Busy:
      return "another apiary is writing this database (" + where + "); try again when it has finished";
    case DatabaseFault::BeingCreated:
      // A reader cannot tell a running first ingest from one killed before its first
      // batch: both leave the same files, and the remedy differs.
      return "the database is being created (" + where +
             "); try again when the first ingest has committed a batch, or, if that ingest stopped, run it again";
    case DatabaseFault::DiskFull: return "disk full: nothing of the last batch was kept (" + where + ")";
    case DatabaseFault::Damaged: break;
  }
  return "the database " + where + " is damaged" + (detail.empty() ? "" : ": " + std::string(detail)) +
         "; apiary check tells more";
}

void rethrowPlain(const std::filesystem::path& dir) {
  try {
    throw;
  } catch (const DatabaseError&) {
    throw;
  } catch (const std::runtime_error& e) {
    const auto fault = faultOf(e.what());
    if (!fault) throw;
    throw DatabaseError(*fault, plainMessage(*fault, dir, e.what()));
  }
}

}  // namespace apiary::index
