#include "sync/mirror.hpp"

#include <curl/curl.h>
#include <sys/stat.h>
#include <time.h>
#include <utime.h>

namespace apiary::sync {

std::filesystem::path mirrorRoot(const std::filesystem::path& dbDir, const std::string& source,
                                 const std::filesystem::path& given) {
  return given.empty() ? dbDir / "mirror" / source : given;
}

std::filesystem::path partPath(const std::filesystem::path& file) {
  std::filesystem::path part = file;
  part += ".part";
  return part;
}

bool setModifiedTime(const std::filesystem::path& file, const std::string& httpDate) {
  if (httpDate.empty()) return false;
  const time_t when = curl_getdate(httpDate.c_str(), nullptr);  // libcurl reads every HTTP date form
  if (when < 0) return false;
  const utimbuf times{when, when};
  return ::utime(file.c_str(), &times) == 0;
}

std::string modifiedTimeOf(const std::filesystem::path& file) {
  struct stat st;
  if (::stat(file.c_str(), &st) != 0) return {};
  tm utc{};
  if (!gmtime_r(&st.st_mtime, &utc)) return {};
  char text[64];
  return std::strftime(text, sizeof text, "%a, %d %b %Y %H:%M:%S GMT", &utc) ? std::string(text) : std::string();
}

}  // namespace apiary::sync
