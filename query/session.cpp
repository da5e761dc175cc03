#include "query/session.hpp"

namespace apiary::query {

ReadSession::ReadSession(const std::filesystem::path& dir)
    : db_(dir, {.access = index::Access::ReadOnly, .mapFiles = true}),
      catalogue_(std::make_unique<index::GameSearch>(db_)) {}

ReadSession::ReadSession(const std::filesystem::path& dir, const ReadSession& sharing)
    : db_(dir, {.access = index::Access::ReadOnly, .mapFiles = true, .sharedPositions = sharing.db_.positions()}),
      catalogue_(std::make_unique<index::GameSearch>(db_)) {}

void ReadSession::refresh() {
  db_.refresh();
  // A GameSearch sees the games visible when it was made.
  if (db_.lastGame() == catalogue_->visible()) return;
  filters_.clear();
  catalogue_ = std::make_unique<index::GameSearch>(db_);
}

KeptGames* ReadSession::kept(const index::GameQuery& filter) {
  if (filter.empty()) return nullptr;
  return &filters_.kept(*catalogue_, filter);
}

}  // namespace apiary::query
