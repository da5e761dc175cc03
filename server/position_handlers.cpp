// The answers about positions and the database: health, info, explore, search,
// pattern.
#include <chrono>

#include "index/info.hpp"
#include "query/error.hpp"
#include "query/json.hpp"
#include "query/patterns/pattern.hpp"
#include "query/positions/explore.hpp"
#include "query/positions/position_request.hpp"
#include "query/positions/search.hpp"
#include "server/handlers.hpp"

namespace apiary::server {

namespace {

// Timed as the CLI times its answer: the question, not the reading of its text.
template <typename Answer>
Reply timed(Answer answer) {
  const query::AnswerClock clock;
  nlohmann::json document = answer();
  clock.stamp(document);
  return Reply::json(document);
}

}  // namespace

Reply healthReply() { return Reply::json({{"status", "ok"}}); }

Reply infoReply(query::ReadSession& session) { return Reply::json(query::infoJson(session.db().info())); }

Reply exploreReply(const Params& params, query::ReadSession& session) {
  const Board position = query::readPosition(params.position, &session.catalogue());
  query::KeptGames* kept = session.kept(params.filter);
  return timed([&] {
    const query::ExploreOptions options{.notation = params.notation, .filter = kept};
    return query::explorationJson(query::explore(session.db(), session.catalogue(), position, options));
  });
}

Reply searchReply(const Params& params, query::ReadSession& session) {
  const Board position = query::readPosition(params.position, &session.catalogue());
  query::KeptGames* kept = session.kept(params.filter);
  return timed([&] {
    const query::SearchOptions options{
        {params.offset, params.limit, params.oldestFirst, gamesOrder(params)}, params.sameOrder, kept};
    return query::searchJson(query::search(session.db(), session.catalogue(), position, options));
  });
}

Reply patternReply(const Params& params, query::ReadSession& session, std::chrono::steady_clock::duration budget) {
  // A pattern is looked for in every position of the kept games (apiary pattern
  // takes no position either): a position given is refused, not ignored.
  const query::PositionRequest& p = params.position;
  if (p.named()) {
    const query::Field given = p.game                ? query::Field::Game
                               : !p.position.empty() ? query::Field::Position
                               : p.ply               ? query::Field::Ply
                                                     : query::Field::Moves;
    throw query::QueryError(query::ErrorKind::BadInput, given, ": a pattern takes no position");
  }
  const query::Pattern pattern(params.pattern, params.where);
  return timed([&] {
    // One thread a query: the pattern pool's threads are the queries' share of the cores.
    query::PatternRequest request{
        .filter = params.filter, .offset = params.offset, .limit = params.limit, .threads = 1};
    if (budget.count()) request.deadline = std::chrono::steady_clock::now() + budget;
    return query::patternJson(query::findPattern(session.db(), session.catalogue(), pattern, request));
  });
}

}  // namespace apiary::server
