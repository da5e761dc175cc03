// What a handler answers, before it goes on the wire: status, type, body and any
// headers of its own. Handlers return Replies so they are tested without a socket.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "grammar/json_text.hpp"

namespace apiary::server {

inline constexpr const char* kJsonType = "application/json; charset=utf-8";

struct Reply {
  int status = 200;
  std::string contentType = kJsonType;
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;

  static Reply json(const nlohmann::json& document, int status = 200) {
    // Replace broken UTF-8 (from a game's tags) rather than fail the answer.
    return Reply{status, kJsonType, grammar::jsonText(document), {}};
  }
};

}  // namespace apiary::server
