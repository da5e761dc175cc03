#include "mirror_server.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <sstream>

namespace apiary::test {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

Fault Fault::withStatus(int status, std::string retryAfter) {
  Fault fault;
  fault.status = status;
  fault.retryAfter = std::move(retryAfter);
  return fault;
}
Fault Fault::stalled(std::chrono::milliseconds time) {
  Fault fault;
  fault.kind = Kind::Stall;
  fault.stall = time;
  return fault;
}
Fault Fault::cut(std::size_t afterBytes) {
  Fault fault;
  fault.kind = Kind::Cut;
  fault.cutAfter = afterBytes;
  return fault;
}
Fault Fault::notHtml() {
  Fault fault;
  fault.kind = Kind::NotHtml;
  return fault;
}
Fault Fault::corrupt() {
  Fault fault;
  fault.kind = Kind::Corrupt;
  return fault;
}

namespace {

std::time_t modifiedTime(const fs::path& path) {
  const auto time = fs::last_write_time(path);
  return std::chrono::system_clock::to_time_t(std::chrono::file_clock::to_sys(time));
}

std::string formatTime(std::time_t time, const char* format) {
  std::tm parts{};
  gmtime_r(&time, &parts);
  char text[64];
  std::strftime(text, sizeof text, format, &parts);
  return text;
}

// Apache's apr_strfsize: bytes below 973, else K, M, G with one decimal below 10.
std::string apacheSize(std::uintmax_t bytes) {
  char text[16];
  if (bytes < 973) {
    std::snprintf(text, sizeof text, "%3d ", static_cast<int>(bytes));
    return text;
  }
  double size = static_cast<double>(bytes);
  const char* units = "KMGTPE";
  do {
    size /= 1024;
    if (size < 973) break;
    ++units;
  } while (*units);
  if (size < 9.95) std::snprintf(text, sizeof text, "%.1f%c", size, *units);
  else std::snprintf(text, sizeof text, "%3d%c", static_cast<int>(size + 0.5), *units);
  return text;
}

std::string readWhole(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A name as Apache writes it in an href: percent-encoded but for the unreserved
// characters (and '!', which boardspace's tournament games start with).
std::string hrefOf(const std::string& name) {
  std::string href;
  for (unsigned char c : name) {
    if (std::isalnum(c) || std::strchr("-._~!/", c)) {
      href += static_cast<char>(c);
    } else {
      char escaped[4];
      std::snprintf(escaped, sizeof escaped, "%%%02X", c);
      href += escaped;
    }
  }
  return href;
}

std::string htmlText(const std::string& text) {
  std::string escaped;
  for (char c : text) {
    if (c == '&') escaped += "&amp;";
    else if (c == '<') escaped += "&lt;";
    else if (c == '>') escaped += "&gt;";
    else if (c == '"') escaped += "&quot;";
    else escaped += c;
  }
  return escaped;
}

std::string etagOf(const fs::path& file) {
  return "\"" + std::to_string(fs::file_size(file)) + "-" + std::to_string(modifiedTime(file)) + "\"";
}

}  // namespace

std::string listingPage(const fs::path& directory, const std::string& path, ListingStyle style) {
  std::vector<fs::directory_entry> entries{fs::directory_iterator(directory), fs::directory_iterator()};
  std::sort(entries.begin(), entries.end(),
            [](const auto& a, const auto& b) { return a.path().filename() < b.path().filename(); });
  std::ostringstream page;
  page << "<!DOCTYPE HTML PUBLIC \"-//W3C//DTD HTML 3.2 Final//EN\">\n<html>\n <head>\n  <title>Index of " << path
       << "</title>\n </head>\n <body>\n<h1>Index of " << path << "</h1>\n";
  const bool table = style == ListingStyle::Table;
  if (table) {
    page << "  <table>\n   <tr><th valign=\"top\"><img src=\"/icons/blank.gif\" alt=\"[ICO]\"></th>"
            "<th><a href=\"?C=N;O=D\">Name</a></th><th><a href=\"?C=M;O=A\">Last modified</a></th>"
            "<th><a href=\"?C=S;O=A\">Size</a></th><th><a href=\"?C=D;O=A\">Description</a></th></tr>\n"
            "   <tr><th colspan=\"5\"><hr></th></tr>\n"
            "<tr><td valign=\"top\"><img src=\"/icons/back.gif\" alt=\"[PARENTDIR]\"></td><td><a href=\"../\">"
            "Parent Directory</a></td><td>&nbsp;</td><td align=\"right\">  - </td><td>&nbsp;</td></tr>\n";
  } else {
    page << "<pre><img src=\"/icons/blank.gif\" alt=\"Icon \"> <a href=\"?C=N;O=D\">Name</a>                    "
            "<a href=\"?C=M;O=A\">Last modified</a>      <a href=\"?C=S;O=A\">Size</a>  "
            "<a href=\"?C=D;O=A\">Description</a><hr><img src=\"/icons/back.gif\" alt=\"[PARENTDIR]\"> "
            "<a href=\"/hive/\">Parent Directory</a>                             -   \n";
  }
  for (const auto& entry : entries) {
    const bool folder = entry.is_directory();
    const std::string name = entry.path().filename().string() + (folder ? "/" : "");
    const std::string date = formatTime(modifiedTime(entry.path()), table ? "%Y-%m-%d %H:%M" : "%d-%b-%Y %H:%M");
    const std::string size = folder ? "  - " : apacheSize(entry.file_size());
    // Apache cuts long names in the link's text; the href stays whole.
    const std::string shown = name.size() > 23 ? htmlText(name.substr(0, 20)) + "..&gt;" : htmlText(name);
    if (table) {
      page << "<tr><td valign=\"top\"><img src=\"/icons/" << (folder ? "folder" : "unknown") << ".gif\" alt=\"["
           << (folder ? "DIR" : "   ") << "]\"></td><td><a href=\"" << hrefOf(name) << "\">" << shown
           << "</a></td><td align=\"right\">" << date << "  </td><td align=\"right\">" << size
           << "</td><td>&nbsp;</td></tr>\n";
    } else {
      page << "<img src=\"/icons/" << (folder ? "folder" : "unknown") << ".gif\" alt=\"[" << (folder ? "DIR" : "   ")
           << "]\"> <a href=\"" << hrefOf(name) << "\">" << shown << "</a>"
           << std::string(25 - std::min<std::size_t>(shown.size(), 24), ' ') << date << "  " << size << "  \n";
    }
  }
  page << (table ? "   <tr><th colspan=\"5\"><hr></th></tr>\n</table>\n" : "<hr></pre>\n")
       << "<address>Apache/2.4.41 (Ubuntu) Server at 127.0.0.1 Port 80</address>\n</body></html>\n";
  return page.str();
}

MirrorServer::MirrorServer(fs::path root, ListingStyle style) : root_(std::move(root)), style_(style) {
  server_.Get(".*",
              [this](const httplib::Request& request, httplib::Response& response) { handle(request, response); });
  port_ = server_.bind_to_any_port("127.0.0.1");
  thread_ = std::thread([this] { server_.listen_after_bind(); });
  while (!server_.is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

MirrorServer::~MirrorServer() {
  {
    std::lock_guard lock(mutex_);
    stopped_ = true;
  }
  stopping_.notify_all();
  server_.stop();
  thread_.join();
}

std::string MirrorServer::origin() const { return "http://127.0.0.1:" + std::to_string(port_); }
std::string MirrorServer::url(const std::string& relative) const { return origin() + kPrefix + relative; }

void MirrorServer::addFaults(const std::string& path, std::vector<Fault> faults) {
  std::lock_guard lock(mutex_);
  auto& queue = faults_[path];
  queue.insert(queue.end(), faults.begin(), faults.end());
}

void MirrorServer::setFault(const std::string& path, Fault fault) {
  std::lock_guard lock(mutex_);
  lastingFaults_[path] = fault;
}

void MirrorServer::setRobots(std::string text) {
  std::lock_guard lock(mutex_);
  robots_ = std::move(text);
}

std::vector<LoggedRequest> MirrorServer::log() const {
  std::lock_guard lock(mutex_);
  return log_;
}

void MirrorServer::clearLog() {
  std::lock_guard lock(mutex_);
  log_.clear();
}

std::optional<Fault> MirrorServer::nextFault(const std::string& path) {
  std::lock_guard lock(mutex_);
  if (const auto lasting = lastingFaults_.find(path); lasting != lastingFaults_.end()) return lasting->second;
  const auto queued = faults_.find(path);
  if (queued == faults_.end() || queued->second.empty()) return std::nullopt;
  Fault fault = queued->second.front();
  queued->second.pop_front();
  return fault;
}

void MirrorServer::waitOrStop(std::chrono::milliseconds time) {
  std::unique_lock lock(mutex_);
  stopping_.wait_for(lock, time, [this] { return stopped_; });
}

void MirrorServer::handle(const httplib::Request& request, httplib::Response& response) {
  std::size_t entry = 0;
  {
    std::lock_guard lock(mutex_);
    entry = log_.size();
    log_.push_back({request.method, request.target, Clock::now(), std::nullopt, request.headers, 0});
  }
  answer(request, response);
  // Taken before cpp-httplib writes the answer, so no later than the client's
  // receipt of it: a gap measured from here is never longer than the real one.
  const auto answered = Clock::now();
  std::lock_guard lock(mutex_);
  if (entry < log_.size() && log_[entry].path == request.target) {
    log_[entry].answered = answered;
    log_[entry].status = response.status == -1 ? 200 : response.status;  // -1: httplib's 200 to come
  }
}

void MirrorServer::answer(const httplib::Request& request, httplib::Response& response) {
  const auto fault = nextFault(request.path);
  if (fault && fault->kind == Fault::Kind::Stall) waitOrStop(fault->stall);
  if (fault && fault->kind == Fault::Kind::Status) {
    response.status = fault->status;
    if (!fault->retryAfter.empty()) response.set_header("Retry-After", fault->retryAfter);
    response.set_content("<html><body>HTTP " + std::to_string(fault->status) + "</body></html>", "text/html");
    return;
  }
  if (request.path == "/robots.txt") {
    std::lock_guard lock(mutex_);
    if (robots_) response.set_content(*robots_, "text/plain");
    else response.status = 404;
    return;
  }
  const std::string prefix = kPrefix;
  const std::string relative = request.path.compare(0, prefix.size(), prefix) == 0 ? request.path.substr(prefix.size())
                               : request.path + "/" == prefix                      ? std::string()
                                                                                   : "..";
  const fs::path file = root_ / relative;
  if (relative.find("..") != std::string::npos || !fs::exists(file)) {
    response.status = 404;
    return;
  }
  if (fs::is_directory(file)) {
    if (request.path.back() != '/') {
      response.set_redirect(request.path + "/", 301);
      return;
    }
    if (fault && fault->kind == Fault::Kind::NotHtml) {
      response.set_content("This is not a listing.\n", "text/plain");
      return;
    }
    response.set_content(listingPage(file, request.path, style_), "text/html;charset=UTF-8");
    return;
  }
  serveFile(file, request, response, fault);
}

void MirrorServer::serveFile(const fs::path& file, const httplib::Request& request, httplib::Response& response,
                             const std::optional<Fault>& fault) {
  const std::string etag = etagOf(file);
  const std::string modified = formatTime(modifiedTime(file), "%a, %d %b %Y %H:%M:%S GMT");
  response.set_header("ETag", etag);
  response.set_header("Last-Modified", modified);
  // Validators compared as strings: the client sends back what it was given.
  const bool etagMatches = request.has_header("If-None-Match") && request.get_header_value("If-None-Match") == etag;
  const bool dateMatches = !request.has_header("If-None-Match") && request.has_header("If-Modified-Since") &&
                           request.get_header_value("If-Modified-Since") == modified;
  if (etagMatches || dateMatches) {
    response.status = 304;
    return;
  }
  auto body = std::make_shared<std::string>(readWhole(file));
  if (fault && fault->kind == Fault::Kind::Corrupt)
    for (std::size_t i = body->size() / 3; i < body->size() * 2 / 3; ++i) (*body)[i] = static_cast<char>(0xA5);
  if (fault && fault->kind == Fault::Kind::Cut) {
    const std::size_t keep = std::min(fault->cutAfter, body->size());
    response.set_content_provider(body->size(), "application/octet-stream",
                                  [body, keep](std::size_t offset, std::size_t, httplib::DataSink& sink) {
                                    if (offset >= keep) return false;  // closes the connection mid-body
                                    sink.write(body->data() + offset, keep - offset);
                                    return true;
                                  });
    return;
  }
  response.set_content(*body, "application/octet-stream");
}

}  // namespace apiary::test
