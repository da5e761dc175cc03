// A local HTTP server for the sync tests: it serves a directory as boardspace lays
// out its archive (under /hive/hivegames/), with Apache-style listing pages,
// ETag / Last-Modified / 304, a robots.txt, and faults played per path; it logs
// every request with its monotonic times and headers.
#pragma once
#include <httplib.h>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace apiary::test {

// One bad answer to one request.
struct Fault {
  enum class Kind {
    Status,   // the status, with Retry-After when given
    Stall,    // nothing for `stall`, then the normal answer (the client has given up)
    Cut,      // the normal headers, `cutAfter` bytes of the body, then the connection closed
    NotHtml,  // a listing page answered as plain text
    Corrupt,  // the file with bytes in its middle overwritten
  };
  Kind kind = Kind::Status;
  int status = 500;
  std::string retryAfter;
  std::chrono::milliseconds stall{0};
  std::size_t cutAfter = 0;

  static Fault withStatus(int status, std::string retryAfter = {});
  static Fault stalled(std::chrono::milliseconds time);
  static Fault cut(std::size_t afterBytes);
  static Fault notHtml();
  static Fault corrupt();
};

struct LoggedRequest {
  std::string method, path;                        // path as requested, with its query
  std::chrono::steady_clock::time_point received;  // when the handler started
  // When the answer was ready, just before it was written: no later than the
  // client had it, so the gap to the next request's `received` is never shorter
  // than the client's own.
  std::optional<std::chrono::steady_clock::time_point> answered;
  httplib::Headers headers;
  int status = 0;  // as the handler set it: cpp-httplib makes a 200 a 206 for a Range afterwards
};

enum class ListingStyle { Table, Pre };  // Apache 2.4's FancyIndexing table, or the older <pre>

class MirrorServer {
 public:
  static constexpr const char* kPrefix = "/hive/hivegames/";

  explicit MirrorServer(std::filesystem::path root, ListingStyle style = ListingStyle::Table);
  ~MirrorServer();
  MirrorServer(const MirrorServer&) = delete;
  MirrorServer& operator=(const MirrorServer&) = delete;

  int port() const { return port_; }
  std::string origin() const;                               // "http://127.0.0.1:PORT"
  std::string url(const std::string& relative = "") const;  // the archive's root URL + relative

  // Faults for the next requests of `path` (the URL's path, e.g. kPrefix +
  // "archive-2019/x.zip"), played in order; then the path is served normally.
  void addFaults(const std::string& path, std::vector<Fault> faults);
  // A fault played for every request of `path`.
  void setFault(const std::string& path, Fault fault);
  void setRobots(std::string text);  // none: 404

  // The requests so far, each answered one with its status and time.
  std::vector<LoggedRequest> log() const;
  void clearLog();

 private:
  void handle(const httplib::Request& request, httplib::Response& response);  // logs, answers
  void answer(const httplib::Request& request, httplib::Response& response);
  std::optional<Fault> nextFault(const std::string& path);
  void serveFile(const std::filesystem::path& file, const httplib::Request& request, httplib::Response& response,
                 const std::optional<Fault>& fault);
  void waitOrStop(std::chrono::milliseconds time);

  std::filesystem::path root_;
  ListingStyle style_;
  httplib::Server server_;
  std::thread thread_;
  int port_ = 0;
  mutable std::mutex mutex_;
  std::condition_variable stopping_;
  bool stopped_ = false;
  std::map<std::string, std::deque<Fault>> faults_;
  std::map<std::string, Fault> lastingFaults_;
  std::optional<std::string> robots_;
  std::vector<LoggedRequest> log_;
};

// An Apache-like listing page of `directory`, served at URL path `path`.
std::string listingPage(const std::filesystem::path& directory, const std::string& path, ListingStyle style);

}  // namespace apiary::test
