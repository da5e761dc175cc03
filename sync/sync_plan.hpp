// What a sync does with each listed file, decided from what the catalogue holds of
// it (index/catalogue/synced_files.hpp) and what the mirror holds: nothing at all when the
// listing says it is as it was; else a request, conditional when there is a copy
// to fall back on.
#pragma once
#include <filesystem>
#include <optional>
#include <string>

#include "index/catalogue/synced_files.hpp"
#include "sync/archive_source.hpp"
#include "sync/http_client.hpp"

namespace apiary::sync {

struct FilePlan {
  enum class Action {
    Unchanged,    // the listing's size and date are those stored: not requested
    Conditional,  // requested with validators: a 304 keeps the mirror's copy
    Fetch,        // requested whole
  };
  Action action = Action::Fetch;
  Validators validators;
  // On a 304: the mirror's copy was ingested already (its checksum is the stored
  // one), so only the file's new state is written; else the copy is ingested.
  bool ingestedCopy = false;
};

// `stored`: the catalogue's row of the file, if any; `copy`: where the mirror keeps it.
FilePlan planFile(const RemoteFile& file, const index::SyncedFile* stored, const std::filesystem::path& copy);

// The listed size as the catalogue keeps it.
std::optional<uint64_t> listedSizeOf(const RemoteFile& file);

}  // namespace apiary::sync
