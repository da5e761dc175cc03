// The answers about positions and the database: health, info, explore, search,
// pattern.
#include <chrono>

#include "index/info.hpp"
#include "query/explore.hpp"
#include "query/json.hpp"
#include "query/pattern.hpp"
#include "query/search.hpp"
#include "server/handlers.hpp"
#include "server/position.hpp"

namespace apiary::server {

namespace {

// Timed as the CLI times its answer: the question, not the reading of its text.
template <typename Answer>
Reply timed(Answer answer) {
  const auto start = std::chrono::steady_clock::now();
  nlohmann::json document = answer();
  document["elapsed_ms"] =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return Reply::json(document);
}

}  // namespace

Reply healthReply() { return Reply::json({{"status", "ok"}}); }

Reply infoReply(query::ReadSession& session) { return Reply::json(nlohmann::json(session.db().info())); }

Reply exploreReply(const Params& params, query::ReadSession& session) {
  const Board position = requestedBoard(params);
  const auto kept = query::keptGames(session, params.filter);
  return timed([&] {
    const query::ExploreOptions options{.notation = params.notation, .filter = kept.get()};
    return query::explorationJson(query::explore(session.db(), session.catalogue(), position, options));
  });
}

Reply searchReply(const Params& params, query::ReadSession& session) {
  const Board position = requestedBoard(params);
  const auto kept = query::keptGames(session, params.filter);
  return timed([&] {
    const query::SearchOptions options{params.offset, params.limit, params.oldestFirst, params.sameOrder, kept.get()};
    return query::searchJson(query::search(session.db(), session.catalogue(), position, options));
  });
}

Reply patternReply(const Params& params, query::ReadSession& session) {
  const query::Pattern pattern(params.pattern, params.where);
  return timed([&] {
    const query::PatternRequest request{params.filter, params.offset, params.limit, 0};
    return query::patternJson(query::findPattern(session.db(), session.catalogue(), pattern, request));
  });
}

}  // namespace apiary::server
