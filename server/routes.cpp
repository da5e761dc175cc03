#include "server/routes.hpp"

#include <chrono>
#include <functional>

#include "server/errors.hpp"
#include "server/handlers.hpp"
#include "server/search_stream.hpp"
#include "server/web_files.hpp"

namespace apiary::server {

namespace {

// A handler of the table: the parameters, the path's captures, a leased session
// (nullptr for answers that read no database).
using Handler = std::function<Reply(const Params&, const httplib::Match&, query::ReadSession*)>;

struct Route {
  const char* pattern;
  bool readsDatabase;
  Handler handler;
  bool takesPosition = false;  // answered for a POSTed form too
};

const std::vector<Route>& routeTable() {
  static const std::vector<Route> table{
      {"/health", false, [](auto&, auto&, auto*) { return healthReply(); }},
      {"/api/info", true, [](auto&, auto&, auto* s) { return infoReply(*s); }},
      {"/api/notations", false, [](auto&, auto&, auto*) { return notationsReply(); }},
      {"/api/explore", true, [](auto& p, auto&, auto* s) { return exploreReply(p, *s); }, true},
      {"/api/search", true, [](auto& p, auto&, auto* s) { return searchReply(p, *s); }, true},
      {"/api/games", true, [](auto& p, auto&, auto* s) { return gamesReply(p, *s); }},
      {"/api/pattern", true, [](auto& p, auto&, auto* s) { return patternReply(p, *s); }},
      {R"(/api/games/([^/]+))", true, [](auto& p, auto& m, auto* s) { return gameReply(m[1].str(), p, *s); }},
      {R"(/api/games/([^/]+)/export)", true,
       [](auto& p, auto& m, auto* s) { return exportReply(m[1].str(), p, *s); }},
      {R"(/api/player/([^/]+))", true, [](auto& p, auto& m, auto* s) { return playerReply(m[1].str(), p, *s); }},
      {"/api/export", true, [](auto& p, auto&, auto* s) { return positionExportReply(p, *s); }},
      {"/api/player_names", true, [](auto& p, auto&, auto* s) { return playerNamesReply(p, *s); }},
      {"/api/players", true, [](auto& p, auto&, auto* s) { return playersReply(p, *s); }},
      {"/api/board", true, [](auto& p, auto&, auto* s) { return boardReply(p, &s->catalogue()); }, true},
      {"/api/position.svg", true, [](auto& p, auto&, auto* s) { return svgReply(p, &s->catalogue()); }, true},
  };
  return table;
}

std::string_view queryOf(const std::string& target) {
  const auto mark = target.find('?');
  return mark == std::string::npos ? std::string_view() : std::string_view(target).substr(mark + 1);
}

// Changes when the database shows more games, and differs between questions and
// between runs of the server (which may serve another database the next time).
std::string entityTag(index::GameId visible, const std::string& target) {
  static const auto run = std::hash<int64_t>{}(std::chrono::system_clock::now().time_since_epoch().count());
  return "\"" + std::to_string(visible) + "-" + std::to_string(run ^ std::hash<std::string>{}(target)) + "\"";
}

void send(httplib::Response& res, const Reply& reply) {
  res.status = reply.status;
  for (const auto& [name, value] : reply.headers) res.set_header(name, value);
  res.set_content(reply.body, reply.contentType.c_str());
}

// Runs the handler, its errors turned into their answers.
Reply guarded(const std::function<Reply()>& run) {
  try {
    return run();
  } catch (const query::QueryError& e) {
    return errorReply(e);
  } catch (const std::invalid_argument& e) {
    return errorReply(400, e.what());
  }
}

class Api {
 public:
  explicit Api(SessionPool& sessions) : sessions_(sessions) {}

  void answer(const Route& route, const httplib::Request& req, httplib::Response& res) {
    std::optional<SessionPool::Lease> lease;
    if (route.readsDatabase) lease.emplace(sessions_.acquire());
    const std::string tag = entityTag(lease ? (*lease)->lastGame() : sessions_.latest(), req.target + req.body);
    res.set_header("ETag", tag);
    res.set_header("Cache-Control", "no-cache");
    if (req.get_header_value("If-None-Match") == tag) {
      res.status = 304;
      return;
    }
    send(res, guarded([&] {
           const Params params = parseParams(queryOf(req.target), req.body);
           return route.handler(params, req.matches, lease ? &**lease : nullptr);
         }));
  }

  // Every match of a search, one game a line, read as the client takes them.
  void stream(const httplib::Request& req, httplib::Response& res) {
    res.set_header("ETag", entityTag(sessions_.latest(), req.target));
    res.set_header("Cache-Control", "no-cache");
    const Reply refused = guarded([&] {
      streamSearch(sessions_.dir(), parseParams(queryOf(req.target)), res);
      Reply streamed;
      streamed.status = 0;
      return streamed;
    });
    if (refused.status) send(res, refused);
  }


 private:
  SessionPool& sessions_;
};

void servePage(const httplib::Request& req, httplib::Response& res) {
  if (req.path.rfind("/api/", 0) == 0 || req.path == "/api") return send(res, errorReply(404, "no such endpoint"));
  const WebFile* file = findWebFile(req.path);
  if (!file) return send(res, errorReply(404, "no such file"));
  res.set_header("Cache-Control", "public, max-age=60");
  res.set_content(file->bytes.data(), file->bytes.size(), std::string(file->contentType).c_str());
}

}  // namespace

void addRoutes(httplib::Server& http, SessionPool& sessions, const RouteOptions& options) {
  auto api = std::make_shared<Api>(sessions);
  for (const Route& route : routeTable()) {
    const bool search = std::string_view(route.pattern) == "/api/search";
    http.Get(route.pattern, [api, &route, search](const httplib::Request& req, httplib::Response& res) {
      if (search && req.get_header_value("Accept").find("application/x-ndjson") != std::string::npos)
        return api->stream(req, res);
      api->answer(route, req, res);
    });
  }
  // A whole game pasted as the position is longer than a URL may be: the position's
  // endpoints take the same parameters as a form body too.
  for (const Route& route : routeTable()) {
    if (!route.takesPosition) continue;
    http.Post(route.pattern, [api, &route](const httplib::Request& req, httplib::Response& res) {
      // cpp-httplib reads an application/x-www-form-urlencoded body only to 8 KiB, a
      // limit compiled into the library: the same text is taken as text/plain too.
      const std::string type = req.get_header_value("Content-Type");
      if (type.rfind("application/x-www-form-urlencoded", 0) != 0 && type.rfind("text/plain", 0) != 0)
        return send(res, errorReply(415, "a form's text only (application/x-www-form-urlencoded or text/plain)"));
      api->answer(route, req, res);
    });
  }
  http.Get(".*", servePage);
  const auto notAllowed = [](const httplib::Request&, httplib::Response& res) {
    res.set_header("Allow", "GET, HEAD");
    send(res, errorReply(405, "only GET and HEAD are answered"));
  };
  http.Post(".*", notAllowed);
  http.Put(".*", notAllowed);
  http.Patch(".*", notAllowed);
  http.Delete(".*", notAllowed);
  http.Options(".*", notAllowed);
  // Anything the library itself refuses (a bad request line, a URI too long) and
  // every status without a body gets a JSON one.
  http.set_error_handler([](const httplib::Request&, httplib::Response& res) {
    if (res.body.empty() && res.status >= 400)
      res.set_content(nlohmann::json{{"error", "refused with status " + std::to_string(res.status)}}.dump(), kJsonType);
  });
  http.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr error) {
    std::string what = "internal error";
    try {
      std::rethrow_exception(error);
    } catch (const std::exception& e) {
      what = e.what();
    } catch (...) {
    }
    send(res, errorReply(500, what));
  });
  if (options.cors) http.set_default_headers({{"Access-Control-Allow-Origin", "*"}});
}

}  // namespace apiary::server
