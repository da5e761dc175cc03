#include "sync/url.hpp"

#include <curl/curl.h>

#include <memory>

namespace apiary::sync {

namespace {

struct UrlDeleter {
  void operator()(CURLU* url) const { curl_url_cleanup(url); }
};
using UrlHandle = std::unique_ptr<CURLU, UrlDeleter>;

std::optional<std::string> part(CURLU* url, CURLUPart which, unsigned flags = 0) {
  char* text = nullptr;
  if (curl_url_get(url, which, &text, flags) != CURLUE_OK) return std::nullopt;
  std::string result(text);
  curl_free(text);
  return result;
}

bool isHttp(CURLU* url) {
  const auto scheme = part(url, CURLUPART_SCHEME);
  return scheme && (*scheme == "http" || *scheme == "https");
}

}  // namespace

std::optional<UrlParts> splitUrl(const std::string& url) {
  UrlHandle handle(curl_url());
  if (!handle || curl_url_set(handle.get(), CURLUPART_URL, url.c_str(), 0) != CURLUE_OK || !isHttp(handle.get()))
    return std::nullopt;
  const auto scheme = part(handle.get(), CURLUPART_SCHEME);
  const auto host = part(handle.get(), CURLUPART_HOST);
  if (!scheme || !host) return std::nullopt;
  UrlParts parts;
  parts.origin = *scheme + "://" + *host;
  if (const auto port = part(handle.get(), CURLUPART_PORT)) parts.origin += ":" + *port;
  auto path = part(handle.get(), CURLUPART_PATH).value_or(std::string());
  parts.pathAndQuery = path.empty() ? std::string(1, '/') : std::move(path);
  if (const auto query = part(handle.get(), CURLUPART_QUERY)) parts.pathAndQuery += "?" + *query;
  return parts;
}

std::optional<std::string> resolveUrl(const std::string& base, const std::string& reference) {
  UrlHandle handle(curl_url());
  if (!handle || curl_url_set(handle.get(), CURLUPART_URL, base.c_str(), 0) != CURLUE_OK) return std::nullopt;
  // Setting a relative URL on a handle that holds one resolves it (RFC 3986).
  if (curl_url_set(handle.get(), CURLUPART_URL, reference.c_str(), 0) != CURLUE_OK) return std::nullopt;
  if (!isHttp(handle.get())) return std::nullopt;
  return part(handle.get(), CURLUPART_URL);
}

std::optional<std::string> percentDecoded(std::string_view text) {
  int length = 0;
  char* decoded = curl_easy_unescape(nullptr, text.data(), static_cast<int>(text.size()), &length);
  if (!decoded) return std::nullopt;
  std::string result(decoded, static_cast<std::size_t>(length));
  curl_free(decoded);
  if (result.find('\0') != std::string::npos) return std::nullopt;
  return result;
}

}  // namespace apiary::sync
