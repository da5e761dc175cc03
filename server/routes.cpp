#include "server/routes.hpp"

#include <functional>
#include <vector>

#include "query/patterns/pattern.hpp"
#include "server/errors.hpp"
#include "server/handlers.hpp"
#include "server/url.hpp"
#include "server/web_files.hpp"

namespace apiary::server {

namespace {

using Clock = std::chrono::steady_clock;

// A handler of the table: the parameters, the path's one capture (a `*` segment,
// decoded), a leased session (nullptr for answers that read no database), the
// pattern budget.
using Handler = std::function<Reply(const Params&, const std::string&, query::ReadSession*, Clock::duration)>;

struct Route {
  const char* pattern;  // a `*` segment is captured
  const char* capture;  // the query field the capture is (errors name it)
  Lane lane;
  Handler handler;
  bool takesPosition = false;  // answered for a POSTed form too
  // What its `notation` names: how moves are written, or (a file's export) games.
  notation::NotationUse notationUse = notation::NotationUse::WriteMoves;
};

const std::vector<Route>& routeTable() {
  using L = Lane;
  static const std::vector<Route> table{
      {"/health", "", L::Inline, [](auto&, auto&, auto*, auto) { return healthReply(); }},
      {"/api/info", "", L::Quick, [](auto&, auto&, auto* s, auto) { return infoReply(*s); }},
      {"/api/notations", "", L::Inline, [](auto&, auto&, auto*, auto) { return notationsReply(); }},
      {"/api/explore", "", L::Quick, [](auto& p, auto&, auto* s, auto) { return exploreReply(p, *s); }, true},
      {"/api/search", "", L::Database, [](auto& p, auto&, auto* s, auto) { return searchReply(p, *s); }, true},
      {"/api/games", "", L::Database, [](auto& p, auto&, auto* s, auto) { return gamesReply(p, *s); }},
      {"/api/pattern", "", L::Pattern, [](auto& p, auto&, auto* s, auto b) { return patternReply(p, *s, b); }},
      {"/api/games/*", "game", L::Quick, [](auto& p, auto& id, auto* s, auto) { return gameReply(id, p, *s); }},
      {"/api/games/*/export", "game", L::Database,
       [](auto& p, auto& id, auto* s, auto) { return exportReply(id, p, *s); }, false, notation::NotationUse::Write},
      {"/api/player/*", "name", L::Database,
       [](auto& p, auto& name, auto* s, auto) { return playerReply(name, p, *s); }},
      {"/api/export", "", L::Database, [](auto& p, auto&, auto* s, auto) { return positionExportReply(p, *s); }},
      {"/api/player_names", "", L::Database, [](auto& p, auto&, auto* s, auto) { return playerNamesReply(p, *s); }},
      {"/api/players", "", L::Database, [](auto& p, auto&, auto* s, auto) { return playersReply(p, *s); }},
      {"/api/board", "", L::Quick, [](auto& p, auto&, auto* s, auto) { return boardReply(p, s); }, true},
      {"/api/position.svg", "", L::Quick, [](auto& p, auto&, auto* s, auto) { return svgReply(p, s); }, true},
  };
  return table;
}

// The path matches the pattern segment by segment; `capture` gets the `*` one, as sent.
bool matches(std::string_view pattern, std::string_view path, std::string_view& capture) {
  while (!pattern.empty() && !path.empty()) {
    const auto patternEnd = std::min(pattern.find('/', 1), pattern.size());
    const auto pathEnd = std::min(path.find('/', 1), path.size());
    const std::string_view want = pattern.substr(0, patternEnd), got = path.substr(0, pathEnd);
    if (want == "/*") {
      if (got.size() < 2) return false;
      capture = got.substr(1);
    } else if (want != got) {
      return false;
    }
    pattern.remove_prefix(patternEnd);
    path.remove_prefix(pathEnd);
  }
  return pattern.empty() && path.empty();
}

const Route* findRoute(std::string_view path, std::string_view& capture) {
  for (const Route& route : routeTable())
    if (matches(route.pattern, path, capture)) return &route;
  return nullptr;
}

// Changes when the database shows more games, and differs between questions and
// between runs of the server (which may serve another database the next time).
std::string entityTag(index::GameId visible, const std::string& target) {
  static const auto run = std::hash<int64_t>{}(std::chrono::system_clock::now().time_since_epoch().count());
  return "\"" + std::to_string(visible) + "-" + std::to_string(run ^ std::hash<std::string>{}(target)) + "\"";
}

// Runs the handler, its errors turned into their answers.
Reply guarded(const std::function<Reply()>& run) {
  try {
    return run();
  } catch (const query::QueryError& e) {
    return errorReply(e);
  } catch (const query::PatternOverBudget& e) {
    return errorReply(503, "the pattern query took longer than this server allows (" + std::to_string(e.screened) +
                               " games screened, " + std::to_string(e.replayed) +
                               " to replay): narrow it with a filter (player, from_date, result, game_type ...), "
                               "a bound on the ply in where (\"ply <= 30 and ...\") or a rarer formation");
  } catch (const std::invalid_argument& e) {
    return errorReply(400, e.what());
  } catch (const std::exception& e) {
    return errorReply(500, e.what());
  }
}

bool isApi(std::string_view path) { return path.rfind("/api/", 0) == 0 || path == "/api"; }

Reply pageFile(std::string_view rawPath) {
  const std::string path = percentDecoded(rawPath, "path", false);
  if (isApi(path)) return errorReply(404, "no such endpoint");
  const WebFile* file = findWebFile(path);
  if (!file) return errorReply(404, "no such file");
  Reply reply{200, std::string(file->contentType), std::string(file->bytes), {}};
  reply.headers.emplace_back("Cache-Control", "public, max-age=60");
  return reply;
}

// GET and HEAD everywhere; POST where a whole game pasted as the position may be
// longer than a URL (the same parameters as a form body). Anything else: an answer.
std::optional<Reply> refusedMethod(const Request& request, const Route* route) {
  if (request.method == "GET" || request.method == "HEAD") return std::nullopt;
  const bool posts = route && route->takesPosition;
  if (request.method == "POST" && posts) {
    const std::string_view type = request.contentType;
    if (type.rfind("application/x-www-form-urlencoded", 0) == 0 || type.rfind("text/plain", 0) == 0)
      return std::nullopt;
    return errorReply(415, "a form's text only (application/x-www-form-urlencoded or text/plain)");
  }
  Reply refused = errorReply(405, posts ? "only GET, HEAD and POST are answered" : "only GET and HEAD are answered");
  refused.headers.emplace_back("Allow", posts ? "GET, HEAD, POST" : "GET, HEAD");
  return refused;
}

}  // namespace

Router::Router(SessionPool& sessions, const RouteOptions& options) : sessions_(sessions), options_(options) {}

Lane Router::laneOf(const Request& request) const {
  std::string_view capture;
  const Route* route = findRoute(splitTarget(request.target).path, capture);
  return route && !refusedMethod(request, route) ? route->lane : Lane::Inline;
}

Answer Router::answer(const Request& request) const {
  Answer answer;
  try {
    answer = answerRoute(request);
  } catch (const std::exception& e) {  // a session that could not be refreshed
    answer.reply = errorReply(500, e.what());
  }
  if (options_.cors) answer.reply.headers.emplace_back("Access-Control-Allow-Origin", "*");
  return answer;
}

Answer Router::answerRoute(const Request& request) const {
  Answer answer;
  const Target target = splitTarget(request.target);
  std::string_view rawCapture;
  const Route* route = findRoute(target.path, rawCapture);
  if (auto refused = refusedMethod(request, route)) {
    answer.reply = std::move(*refused);
    return answer;
  }
  if (!route) {
    answer.reply = guarded([&] { return pageFile(target.path); });
    return answer;
  }
  // The API's answers are computed for each request: a part of one is never worth
  // the work, and a client asking for one learns at once that it gets none.
  if (request.range) {
    answer.reply = errorReply(416, "Range is not served on the API: ask for the whole answer", "Range");
    return answer;
  }
  const std::string search = "/api/search";
  if (target.path == search && request.accept.find("application/x-ndjson") != std::string::npos) {
    answer.reply = guarded([&] {
      answer.stream = std::make_unique<SearchStream>(sessions_, parseParams(target.query, request.body));
      Reply head{200, "application/x-ndjson", {}, {}};
      head.headers.emplace_back("ETag", entityTag(sessions_.latest(), request.target + request.body));
      head.headers.emplace_back("Cache-Control", "no-cache");
      return head;
    });
    return answer;
  }
  std::optional<SessionPool::Lease> lease;
  if (route->lane != Lane::Inline) lease.emplace(sessions_.acquire());
  const std::string tag = entityTag(lease ? (*lease)->lastGame() : sessions_.latest(), request.target + request.body);
  if (request.ifNoneMatch == tag) {
    answer.reply.status = 304;
  } else {
    answer.reply = guarded([&] {
      const std::string capture = percentDecoded(rawCapture, route->capture, false);
      const Params params = parseParams(target.query, request.body, route->notationUse);
      return route->handler(params, capture, lease ? &**lease : nullptr, options_.patternBudget);
    });
  }
  answer.reply.headers.emplace_back("ETag", tag);
  answer.reply.headers.emplace_back("Cache-Control", "no-cache");
  return answer;
}

}  // namespace apiary::server
