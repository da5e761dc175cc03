#include "server/web_files.hpp"

namespace apiary::server {

const WebFile* findWebFile(std::string_view path) {
  if (path == "/") path = "/index.html";
  for (const WebFile& file : webFiles())
    if (file.path == path) return &file;
  return nullptr;
}

}  // namespace apiary::server
