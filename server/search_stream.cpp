#include "server/search_stream.hpp"

#include "grammar/json_text.hpp"
#include "query/json.hpp"
#include "query/positions/position_request.hpp"
#include "query/positions/search.hpp"
#include "server/limits.hpp"
#include "server/sessions.hpp"

namespace apiary::server {

SearchStream::SearchStream(SessionPool& sessions, const Params& params)
    : session_(sessions.openSession()),
      kept_(session_->kept(params.filter)),
      position_(query::readPosition(params.position, &session_->catalogue())),
      params_(params) {
  // A position string has no move order: refuse same_order before the first line.
  query::search(session_->db(), session_->catalogue(), position_, {0, 0, params.oldestFirst, params.sameOrder, kept_});
}

std::string SearchStream::nextPage() {
  if (done_) return {};
  const query::SearchOptions page{offset_, limits::kStreamPageGames, params_.oldestFirst, params_.sameOrder, kept_};
  const query::SearchResult result = query::search(session_->db(), session_->catalogue(), position_, page);
  std::string lines;
  for (const auto& hit : result.games) lines += grammar::jsonText(query::searchHitJson(hit)) + "\n";
  offset_ += result.games.size();
  done_ = result.games.size() < limits::kStreamPageGames;
  return lines;
}

}  // namespace apiary::server
