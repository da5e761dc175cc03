// The catalogue's tables and connection settings, in one place (README describes
// each column).
#pragma once
#include "index/sqlite.hpp"

namespace apiary::index {

inline constexpr int kCatalogueSchemaVersion = 1;

// WAL (readers run beside the writer), synchronous=FULL (a pending batch must be
// on disk before RocksDB commits it), and a larger page cache for the writer.
void configureCatalogue(Connection& db);
// Creates the tables when missing; throws when the file holds another version.
void createCatalogueSchema(Connection& db);

}  // namespace apiary::index
