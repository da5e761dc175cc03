// What ingest and sync do once their games are in.
#pragma once
#include "index/database.hpp"
#include "ingest/freed_memory.hpp"

namespace apiary::cli {

// A fresh ingest leaves RocksDB in several levels, and every read of a popular
// position would merge them: compact once, so explore is fast from the start.
// The compaction's memory comes on top of what the process still holds, so the
// writer's buffers and what keepFreedMemory kept go back to the kernel first.
inline void compactAfterIngest(index::Database& db) {
  db.releaseWriteMemory();
  ingest::giveBackFreedMemory();
  db.compact();
}

}  // namespace apiary::cli
