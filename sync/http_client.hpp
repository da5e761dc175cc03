// A polite HTTP client on libcurl: one connection at a time (one easy handle,
// reused), never two requests closer than a delay, robots.txt honoured, 429 and
// 503 waited out as their Retry-After says, exponential backoff on server errors,
// timeouts and cut connections, a URL given up after a few tries, and the whole
// client stopped after many failed URLs in a row. TLS and timeouts are libcurl's;
// a redirect (at most 10) is followed as a request of its own, spaced and checked
// against robots.txt. Bodies go to memory (listing pages, capped) or to a file the caller
// names (a temporary name: the client never renames). One client serves one
// thread: it is one connection.
#pragma once
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include "sync/robots.hpp"

namespace apiary::sync {

// "apiary/0.1.0 (a database of Hive games)": the project's version,
// as the command prints its version.
std::string defaultUserAgent();

struct HttpOptions {
  // The least time from the end of one request to the start of the next; a
  // robots.txt Crawl-delay raises it for its host.
  std::chrono::milliseconds delay{1000};
  int tries = 4;  // per URL, the first included
  std::chrono::milliseconds connectTimeout{30000};
  // A try fails when no byte arrives for this long (libcurl counts whole seconds).
  std::chrono::seconds stallTimeout{60};
  // A try fails when it lasts this long in all; zero: no limit (a file may be large).
  std::chrono::milliseconds totalTimeout{0};
  // The wait before the second try, doubled before each next one.
  std::chrono::milliseconds backoff{2000};
  // No wait (Retry-After, backoff, Crawl-delay) lasts longer than this.
  std::chrono::milliseconds longestWait{std::chrono::minutes(5)};
  int failuresInARowToStop = 20;  // 0: never stop
  std::string userAgent = defaultUserAgent();
  std::size_t maxTextBytes = std::size_t{8} << 20;  // getText's cap: a listing page is small
  bool obeyRobots = true;
};

// What an earlier answer said of a resource, for a conditional request.
struct Validators {
  std::string etag, lastModified;
};

struct FetchResult {
  bool ok = false;
  bool notModified = false;  // 304: the body was not sent, the file not touched
  bool disallowed = false;   // robots.txt forbids the URL: nothing was requested
  long status = 0;           // the last answer's HTTP status, 0 when there was none
  std::string url;           // where the answer came from, redirects followed
  std::string etag, lastModified, contentType;
  std::int64_t bytes = 0;  // body bytes of the successful try
  int tries = 0;
  // When not ok, the reason in plain words: "HTTP 404", "timed out after 60 s",
  // "connection closed after 1.2 MB of 3.4 MB", "disallowed by robots.txt", ...
  std::string error;
};

class HttpClient {
 public:
  explicit HttpClient(HttpOptions options = {});
  ~HttpClient();
  HttpClient(const HttpClient&) = delete;
  HttpClient& operator=(const HttpClient&) = delete;

  // The body into `body` (emptied first), refused past options.maxTextBytes.
  FetchResult getText(const std::string& url, std::string& body, const Validators& validators = {});
  // The body streamed into `dest` (created or truncated only when a 2xx answer
  // starts; untouched on 304 and on errors before any body). After a failure
  // `dest` may hold part of a body: the caller's temporary name, its to remove.
  FetchResult getFile(const std::string& url, const std::filesystem::path& dest, const Validators& validators = {});

  // After options.failuresInARowToStop failed URLs in a row the client requests
  // nothing more: every get fails at once, and stopMessage() says why.
  bool stopped() const { return stopped_; }
  const std::string& stopMessage() const { return stopMessage_; }

  std::int64_t requests() const { return requests_; }  // tries sent, robots.txt included
  std::int64_t bytes() const { return bytes_; }        // body bytes received
  // How much longer the run took for the delays, Retry-After waits and backoffs.
  std::chrono::milliseconds waited() const { return waited_; }
  const HttpOptions& options() const { return options_; }

 private:
  struct Body;
  struct Try;
  // What a host's robots.txt said, and the least gap between requests to it.
  struct HostRules {
    RobotsRules rules;
    std::chrono::milliseconds gap{0};
    std::string unreachable;  // why robots.txt could not be read, when it could not
  };
  FetchResult fetch(const std::string& url, Body& body, const Validators& validators);
  FetchResult tryAll(const std::string& url, Body& body, const Validators& validators, std::chrono::milliseconds gap,
                     std::string& redirect);
  bool allowedByRobots(const std::string& url, FetchResult& result, std::chrono::milliseconds& gap);
  Try tryOnce(const std::string& url, Body& body, const Validators& validators);
  std::chrono::milliseconds waitBeforeRetry(const std::optional<std::chrono::milliseconds>& retryAfter,
                                            int attempt) const;
  const HostRules& robotsFor(const std::string& origin);
  void waitUntil(std::chrono::steady_clock::time_point when);
  void spaceFromLastRequest(std::chrono::milliseconds gap);
  void countOutcome(const std::string& url, const FetchResult& result);

  HttpOptions options_;
  void* curl_ = nullptr;                     // CURL*: one handle, so one connection kept alive
  std::map<std::string, HostRules> robots_;  // by origin, "https://host:port"
  std::chrono::steady_clock::time_point lastEnd_{};
  bool anyRequest_ = false;
  int failuresInARow_ = 0;
  bool stopped_ = false;
  std::string stopMessage_;
  std::int64_t requests_ = 0, bytes_ = 0;
  std::chrono::milliseconds waited_{0};
};

}  // namespace apiary::sync
