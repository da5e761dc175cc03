#include "sync/http_client.hpp"

#include <curl/curl.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>
#include <thread>

#include "sync/url.hpp"

namespace apiary::sync {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// libcurl's global state, set up once before the first handle.
void initialiseCurl() {
  static const bool ready = curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK;
  (void)ready;
}

std::string formatBytes(std::int64_t bytes) {
  char text[32];
  if (bytes < 1000) std::snprintf(text, sizeof text, "%lld bytes", static_cast<long long>(bytes));
  else if (bytes < 1000 * 1000) std::snprintf(text, sizeof text, "%.1f kB", bytes / 1e3);
  else std::snprintf(text, sizeof text, "%.1f MB", bytes / 1e6);
  return text;
}

std::string formatSeconds(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, seconds < 10 ? "%.1f s" : "%.0f s", seconds);
  return text;
}

std::string headerValue(CURL* curl, const char* name) {
  curl_header* header = nullptr;
  if (curl_easy_header(curl, name, 0, CURLH_HEADER, -1, &header) != CURLHE_OK || !header) return {};
  return header->value;
}

bool retryableStatus(long status) { return status >= 500 || status == 429 || status == 408; }

bool retryableCode(CURLcode code) {
  switch (code) {
    case CURLE_OPERATION_TIMEDOUT:
    case CURLE_PARTIAL_FILE:
    case CURLE_RECV_ERROR:
    case CURLE_SEND_ERROR:
    case CURLE_GOT_NOTHING:
    case CURLE_COULDNT_CONNECT:
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_HTTP2:
    case CURLE_HTTP2_STREAM: return true;
    default: return false;
  }
}

}  // namespace

std::string defaultUserAgent() { return std::string("apiary/") + APIARY_SYNC_VERSION + " (a database of Hive games)"; }

// Where a body goes: memory up to a cap, or a file opened when a 2xx answer starts.
struct HttpClient::Body {
  CURL* curl = nullptr;
  std::string* text = nullptr;
  std::size_t cap = 0;
  const std::filesystem::path* dest = nullptr;
  std::FILE* file = nullptr;
  std::int64_t received = 0;  // this try's body bytes, whatever the status
  // A cut download goes on where it stopped (as apt does): the bytes of `dest`
  // kept, asked for again from there with a Range, If-Range the validator that
  // makes sure the rest belongs to the same file.
  std::int64_t resumeAt = 0;
  std::string ifRange;
  bool tooLarge = false;
  std::string writeError;

  ~Body() { close(); }
  void restart() {
    if (text) text->clear();
    close();
    received = 0;
    tooLarge = false;
    writeError.clear();
  }
  bool close() {
    const bool fine = !file || std::fclose(file) == 0;
    file = nullptr;
    return fine;
  }
  long status() const {
    long code = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &code);
    return code;
  }
  bool successful() const { return status() >= 200 && status() < 300; }
  bool resumed() const { return resumeAt > 0 && status() == 206; }
  std::int64_t total() const { return received + (resumed() ? resumeAt : 0); }
  bool openFile() {
    if (file) return true;
    file = std::fopen(dest->c_str(), resumed() ? "ab" : "wb");
    if (!file) writeError = "could not write " + dest->string() + ": " + std::strerror(errno);
    return file != nullptr;
  }
  std::size_t write(const char* data, std::size_t size) {
    received += static_cast<std::int64_t>(size);
    if (!successful()) return size;  // an error page: read and dropped
    if (text) {
      if (text->size() + size > cap) {
        tooLarge = true;
        return 0;  // libcurl stops the transfer
      }
      text->append(data, size);
      return size;
    }
    if (!file && status() == 206 && !resumesWhereAsked()) return 0;
    if (!openFile()) return 0;
    if (std::fwrite(data, 1, size, file) != size) {
      writeError = "could not write " + dest->string() + ": " + std::strerror(errno);
      return 0;
    }
    return size;
  }
  // A 206 must be the rest asked for, from the byte the kept part ends at.
  bool resumesWhereAsked() {
    const std::string range = headerValue(curl, "Content-Range");
    if (resumeAt > 0 && range.rfind("bytes " + std::to_string(resumeAt) + "-", 0) == 0) return true;
    writeError = "a partial answer (" + (range.empty() ? std::string("no Content-Range") : range) +
                 ") where the rest from byte " + std::to_string(resumeAt) + " was asked for";
    return false;
  }
  // Before the next try of a cut download: what of it is kept, and how to ask
  // for the rest (a strong ETag, else the date); nothing kept without either.
  void keepForResume(long answerStatus) {
    if (!dest || (answerStatus != 200 && answerStatus != 206)) return;
    close();  // what was written is on disk, not in a buffer
    const std::string etag = headerValue(curl, "ETag"), date = headerValue(curl, "Last-Modified");
    if (answerStatus == 200) ifRange = !etag.empty() && etag.rfind("W/", 0) != 0 ? etag : date;
    std::error_code error;
    const auto size = std::filesystem::file_size(*dest, error);
    resumeAt = error || ifRange.empty() ? 0 : static_cast<std::int64_t>(size);
  }
  // After a 2xx answer: the file exists (empty when the body was) and is closed.
  bool finish() {
    if (!dest) return true;
    if (!openFile()) return false;
    if (close()) return true;
    writeError = "could not write " + dest->string() + ": " + std::strerror(errno);
    return false;
  }
  static std::size_t callback(char* data, std::size_t size, std::size_t count, void* body) {
    return static_cast<Body*>(body)->write(data, size * count);
  }
};

// One request and its answer, before the retry decision.
struct HttpClient::Try {
  bool ok = false;
  bool retryable = false;
  long status = 0;
  std::optional<milliseconds> retryAfter;
  std::string error;
  std::string redirect;  // where a 3xx points, resolved by libcurl
};

HttpClient::HttpClient(HttpOptions options) : options_(std::move(options)) {
  initialiseCurl();
  CURL* curl = curl_easy_init();
  curl_ = curl;
  if (!curl) return;
  curl_easy_setopt(curl, CURLOPT_USERAGENT, options_.userAgent.c_str());
  // Redirects are followed by fetch(), each a request of its own: spaced by the
  // delay and checked against robots.txt like any other.
  curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");  // whatever libcurl decodes
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(options_.connectTimeout.count()));
  curl_easy_setopt(curl, CURLOPT_LOW_SPEED_LIMIT, 1L);
  curl_easy_setopt(curl, CURLOPT_LOW_SPEED_TIME, std::max(1L, static_cast<long>(options_.stallTimeout.count())));
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, static_cast<long>(options_.totalTimeout.count()));
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, &Body::callback);
}

HttpClient::~HttpClient() {
  if (curl_) curl_easy_cleanup(static_cast<CURL*>(curl_));
}

FetchResult HttpClient::getText(const std::string& url, std::string& body, const Validators& validators) {
  Body target;
  target.text = &body;
  target.cap = options_.maxTextBytes;
  return fetch(url, target, validators);
}

FetchResult HttpClient::getFile(const std::string& url, const std::filesystem::path& dest,
                                const Validators& validators) {
  Body target;
  target.dest = &dest;
  return fetch(url, target, validators);
}

void HttpClient::waitUntil(Clock::time_point when) {
  const auto start = Clock::now();
  if (when <= start) return;
  std::this_thread::sleep_until(when);
  waited_ += std::chrono::duration_cast<milliseconds>(Clock::now() - start);
}

void HttpClient::spaceFromLastRequest(milliseconds gap) {
  if (anyRequest_) waitUntil(lastEnd_ + gap);
}

HttpClient::Try HttpClient::tryOnce(const std::string& url, Body& body, const Validators& validators) {
  CURL* curl = static_cast<CURL*>(curl_);
  Try result;
  body.curl = curl;
  body.restart();
  curl_slist* headers = nullptr;
  if (!validators.etag.empty()) headers = curl_slist_append(headers, ("If-None-Match: " + validators.etag).c_str());
  if (!validators.lastModified.empty())
    headers = curl_slist_append(headers, ("If-Modified-Since: " + validators.lastModified).c_str());
  const std::string range = body.resumeAt > 0 ? std::to_string(body.resumeAt) + "-" : std::string();
  if (!range.empty()) headers = curl_slist_append(headers, ("If-Range: " + body.ifRange).c_str());
  curl_easy_setopt(curl, CURLOPT_RANGE, range.empty() ? nullptr : range.c_str());
  char errorText[CURL_ERROR_SIZE] = "";
  curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &body);
  curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, errorText);
  ++requests_;
  const CURLcode code = curl_easy_perform(curl);
  lastEnd_ = Clock::now();
  anyRequest_ = true;
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, nullptr);
  curl_easy_setopt(curl, CURLOPT_RANGE, nullptr);
  curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, nullptr);
  curl_slist_free_all(headers);
  bytes_ += body.received;
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &result.status);

  if (body.tooLarge) {
    result.error = "larger than " + formatBytes(static_cast<std::int64_t>(body.cap)) + ", more than a listing page";
  } else if (!body.writeError.empty()) {
    result.error = body.writeError;
  } else if (code == CURLE_OPERATION_TIMEDOUT) {
    double seconds = 0;
    curl_easy_getinfo(curl, CURLINFO_TOTAL_TIME, &seconds);
    result.error = "timed out after " + formatSeconds(seconds) + " (" + formatBytes(body.received) + " received)";
  } else if (code == CURLE_PARTIAL_FILE || (code == CURLE_RECV_ERROR && body.received > 0)) {
    curl_off_t length = -1;
    curl_easy_getinfo(curl, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length);
    const std::int64_t before = body.total() - body.received;  // kept from earlier tries
    result.error = "connection closed after " + formatBytes(body.total()) +
                   (length >= 0 ? " of " + formatBytes(before + length) : std::string());
  } else if (code == CURLE_GOT_NOTHING) {
    result.error = "connection closed with no answer";
  } else if (code != CURLE_OK) {
    result.error = *errorText ? errorText : curl_easy_strerror(code);
  } else if (result.status == 304 || (result.status >= 200 && result.status < 300 && result.status != 206) ||
             body.resumed()) {
    result.ok = true;
  } else {
    result.error = "HTTP " + std::to_string(result.status);
  }
  const bool redirected = result.status == 301 || result.status == 302 || result.status == 303 ||
                          result.status == 307 || result.status == 308;
  char* location = nullptr;
  if (code == CURLE_OK && redirected && curl_easy_getinfo(curl, CURLINFO_REDIRECT_URL, &location) == CURLE_OK &&
      location)
    result.redirect = location;
  result.retryable = !result.ok && result.redirect.empty() && body.writeError.empty() && !body.tooLarge &&
                     (code == CURLE_OK ? retryableStatus(result.status) : retryableCode(code));
  if (result.status == 429 || result.status == 503) {
    curl_off_t seconds = 0;  // libcurl reads both forms, seconds and an HTTP date
    if (curl_easy_getinfo(curl, CURLINFO_RETRY_AFTER, &seconds) == CURLE_OK && seconds > 0)
      result.retryAfter = std::chrono::seconds(seconds);
  }
  return result;
}

milliseconds HttpClient::waitBeforeRetry(const std::optional<milliseconds>& retryAfter, int attempt) const {
  const auto backoff = options_.backoff * (std::int64_t{1} << std::min(attempt - 1, 20));
  return std::min(options_.longestWait, retryAfter.value_or(backoff));
}

FetchResult HttpClient::tryAll(const std::string& url, Body& body, const Validators& validators, milliseconds gap,
                               std::string& redirect) {
  FetchResult result;
  result.url = url;
  const int tries = std::max(1, options_.tries);
  for (result.tries = 1;; ++result.tries) {
    spaceFromLastRequest(gap);
    const Try answer = tryOnce(url, body, validators);
    result.status = answer.status;
    result.error = answer.error;
    redirect = answer.redirect;
    if (answer.ok || !answer.retryable || result.tries == tries) {
      result.ok = answer.ok;
      break;
    }
    body.keepForResume(answer.status);
    waitUntil(lastEnd_ + waitBeforeRetry(answer.retryAfter, result.tries));
  }
  CURL* curl = static_cast<CURL*>(curl_);
  result.notModified = result.ok && result.status == 304;
  result.bytes = result.ok ? body.total() : 0;
  result.etag = headerValue(curl, "ETag");
  result.lastModified = headerValue(curl, "Last-Modified");
  const char* type = nullptr;
  if (curl_easy_getinfo(curl, CURLINFO_CONTENT_TYPE, &type) == CURLE_OK && type) result.contentType = type;
  if (result.ok && !result.notModified && !body.finish()) {
    result.ok = false;
    result.error = body.writeError;
  }
  return result;
}

const HttpClient::HostRules& HttpClient::robotsFor(const std::string& origin) {
  if (const auto known = robots_.find(origin); known != robots_.end()) return known->second;
  std::string text;
  Body target;
  target.text = &text;
  target.cap = 512 * 1024;  // RFC 9309 asks crawlers to read at least 500 KiB
  // RFC 9309 follows at least five redirects, then treats robots.txt as absent.
  std::string where = origin + "/robots.txt", redirect;
  FetchResult answer;
  for (int hop = 0; hop <= 5; ++hop) {
    answer = tryAll(where, target, {}, options_.delay, redirect);
    if (redirect.empty()) break;
    where = redirect;
  }
  HostRules host;
  if (!redirect.empty()) {
    // too many redirects: as if there were none
  } else if (answer.ok) {
    host.rules = RobotsRules::parse(text, "apiary");
  } else if (answer.status < 400 || answer.status >= 500 || answer.status == 429) {
    // A 4xx says there is no robots.txt (everything allowed); a server that cannot
    // answer allows nothing (RFC 9309, 2.3.1.4).
    host.rules = RobotsRules::disallowAll();
    host.unreachable = "robots.txt could not be read (" + answer.error + "): nothing is fetched from " + origin;
  }
  if (const auto delay = host.rules.crawlDelay()) host.gap = std::min(options_.longestWait, *delay);
  host.gap = std::max(host.gap, options_.delay);
  return robots_.emplace(origin, std::move(host)).first->second;
}

bool HttpClient::allowedByRobots(const std::string& url, FetchResult& result, milliseconds& gap) {
  gap = options_.delay;
  const auto parts = splitUrl(url);
  if (!parts) {
    result.error = "not an http(s) URL: " + url;
    return false;
  }
  if (!options_.obeyRobots) return true;
  const HostRules& host = robotsFor(parts->origin);
  if (!host.unreachable.empty()) {
    result.error = host.unreachable;
    return false;
  }
  if (!host.rules.allows(parts->pathAndQuery)) {
    result.disallowed = true;
    result.error = "disallowed by robots.txt";
    return false;
  }
  gap = host.gap;
  return true;
}

FetchResult HttpClient::fetch(const std::string& url, Body& body, const Validators& validators) {
  FetchResult result;
  if (!curl_) {
    result.error = "libcurl could not start";
    return result;
  }
  if (stopped_) {
    result.error = stopMessage_;
    return result;
  }
  constexpr int kMostRedirects = 10;
  std::string current = url;
  for (int hop = 0;; ++hop) {
    result = {};
    milliseconds gap{0};
    if (!allowedByRobots(current, result, gap)) break;
    std::string redirect;
    result = tryAll(current, body, validators, gap, redirect);
    if (redirect.empty()) break;
    if (hop == kMostRedirects) {
      result.error = "more than " + std::to_string(kMostRedirects) + " redirects";
      break;
    }
    current = redirect;
  }
  if (!result.disallowed) countOutcome(url, result);
  return result;
}

void HttpClient::countOutcome(const std::string& url, const FetchResult& result) {
  if (result.ok) {
    failuresInARow_ = 0;
    return;
  }
  ++failuresInARow_;
  if (options_.failuresInARowToStop <= 0 || failuresInARow_ < options_.failuresInARowToStop || stopped_) return;
  stopped_ = true;
  stopMessage_ = "stopped after " + std::to_string(failuresInARow_) + " failed requests in a row (the last: " + url +
                 ": " + result.error + "); the server may be down or refusing this client, try again later";
}

}  // namespace apiary::sync
