// apiary ingest's engine room: files are read in order and cut into chunks of whole
// games (ingest/chunks.hpp), parsed, replayed and turned into index records on
// worker threads, and written by one thread in batches, in file order, so the same input always gives the same batches
// and game ids (which is what makes re-running an interrupted ingest converge on the same database).
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "index/catalogue/synced_files.hpp"
#include "index/database.hpp"
#include "ingest/path_queue.hpp"
#include "notation/game.hpp"
#include "notation/notation_table.hpp"

namespace apiary::ingest {

struct ImportProgress {
  uint64_t files = 0;
  uint64_t games = 0;  // read so far, stored or not
  uint64_t added = 0;
  uint64_t skipped = 0;
  uint64_t rejected = 0;
  double seconds = 0;
};

// A file read but holding no games (found in a folder or an archive; one the
// user named is an error instead).
struct SkippedFile {
  std::string file;
  std::string reason;
};

// Each rejected game, repaired move and skipped file as ingest comes to it, in input
// order, on the caller's thread. Those unset are kept in ImportSummary; the command
// passes them on at once, so that the report of a million bad games takes no memory.
// A rejection is the record the catalogue then stores; a repair, one of its game's
// record, with the game's file.
struct Findings {
  std::function<void(const grammar::Rejection&)> rejected;                          // a rejected game or unusable file
  std::function<void(const std::string& file, const index::MoveRepair&)> repaired;  // a warning
  std::function<void(SkippedFile&&)> skipped;
};

struct ImportOptions {
  const notation::Notation* notation = nullptr;         // none: detected per file
  unsigned jobs = 0;                                    // worker threads; 0: one per core
  std::size_t batchGames = 20000;                       // games per committed batch, within a file too
  std::function<void(const ImportProgress&)> progress;  // called now and then by the writer
  bool lenient = false;                                 // repair moves that fit nothing (notation/repair.hpp)
  // False: every chunk is read and every batch written on the caller's thread, no
  // thread started (the fuzz target, which imports one small file a call).
  bool threads = true;
  Findings findings;  // each one unset: collected in ImportSummary
  // Called with each path of the input once it is read through: the sync state to
  // commit with the batch holding the path's last game (apiary sync), or none.
  std::function<std::optional<index::SyncedFile>(const std::string& path)> pathState;
};

struct ImportSummary {
  ImportProgress totals;  // files: those read through, skipped ones included
  // What ImportOptions::findings would have been given, for each one unset.
  std::vector<grammar::Rejection> rejected;  // one per rejected game or unusable file
  std::vector<SkippedFile> skippedFiles;
  std::vector<std::pair<std::string, index::MoveRepair>> repairs;  // (file, repair), warnings
  uint64_t repairedGames = 0;
  // Summed over workers. Records are built during the replay, so most of their
  // work is in readSeconds; recordSeconds is finishing them (identity, copies).
  double readSeconds = 0;    // parse and replay (hashes of every ply included)
  double recordSeconds = 0;  // records finished
};

ImportSummary importSources(index::Database& db, const std::vector<std::string>& paths, const ImportOptions& options);
// The same import over paths handed over while it runs (PathQueue): it reads each
// one as soon as it is pushed, and ends once the queue is closed and read through.
// Batches are as the same paths given at once would make them.
ImportSummary importQueue(index::Database& db, PathQueue& paths, const ImportOptions& options);

// The game state a Result tag states, in any of the spellings files use.
std::optional<GameState> parseResultTag(std::string_view text);

// What the index stores of a replayed game (its tags and its repairs' messages are
// moved out): the record
// of game `game.index` of the file at `path`, read in the notation `notationName`. Taken from
// `builder` when it followed the game's replay (which it then forgets), else made
// by walking the game again.
index::GameRecord gameRecord(notation::ReplayedGame& game, const std::string& path, const std::string& notationName,
                             index::RecordBuilder* builder = nullptr);

}  // namespace apiary::ingest
