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
  if (db_.lastGame() != catalogue_->visible()) catalogue_ = std::make_unique<index::GameSearch>(db_);
}

std::unique_ptr<KeptGames> keptGames(const ReadSession& session, const GameFilter& filter) {
  if (filter.empty()) return nullptr;
  return std::make_unique<KeptGames>(session.catalogue(), filter);
}

}  // namespace apiary::query
