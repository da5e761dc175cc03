// The RocksDB half of one ingest batch, as a single SST file: the batch's marker;
// for each position more than kListMax games of the batch reached, their postings
// under the position's own key; and for each bucket, the PositionRecords (of just
// the batch's games) of the positions the batch reached there. All but the marker
// are merge operands: ingesting the file is one atomic step that adds the batch to
// every position it touches without reading any of them.
//
// The batch is aggregated in memory first (its visits sorted by position), so a
// position reached by many games of the batch is written once.
#pragma once
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>

#include "index/positions/position_store.hpp"
#include "index/record.hpp"

namespace apiary::index {

// The arrays writeBatchFile sorts a batch in, kept from one batch to the next: they
// are tens of megabytes, above what malloc keeps for reuse, so fresh ones were mapped
// and faulted in page by page (zeroed by the kernel) for every batch.
class BatchFileBuffers {
 public:
  BatchFileBuffers();
  ~BatchFileBuffers();
  struct Arrays;
  Arrays& arrays() { return *arrays_; }

 private:
  std::unique_ptr<Arrays> arrays_;
};

// games[i] has the id marker.firstGame + i. Returns the marker as written (with the
// number of positions filled in).
BatchMarker writeBatchFile(const std::filesystem::path& file, BatchMarker marker,
                           std::span<const GameRecord* const> games, BatchFileBuffers& buffers);
BatchMarker writeBatchFile(const std::filesystem::path& file, BatchMarker marker,
                           std::span<const GameRecord* const> games);

}  // namespace apiary::index
