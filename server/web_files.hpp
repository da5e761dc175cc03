// The page's files (web/), built into the binary by server/embed_web.cmake.
#pragma once
#include <span>
#include <string_view>

namespace apiary::server {

struct WebFile {
  std::string_view path;  // "/index.html"
  std::string_view contentType;
  std::string_view bytes;
};

std::span<const WebFile> webFiles();

// The file at a request path ("/" is "/index.html"), or nullptr: only the table's
// own paths are found, so "..", encodings of it and unknown names are not.
const WebFile* findWebFile(std::string_view path);

}  // namespace apiary::server
