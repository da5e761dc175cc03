// JSON as apiary prints it: one line, and valid UTF-8 whatever bytes a stored text
// holds. Ingest stores tags as UTF-8, but databases written before it did, file
// names and the echo of a user's line may not be: a byte that is not UTF-8 becomes
// U+FFFD instead of stopping the answer (nlohmann's default throws type_error 316).
// It sits in grammar/, the bottom layer, so that each layer writing a document
// (ingest/, sync/, query/) prints it alike; those layers link nlohmann_json.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

namespace apiary::grammar {

inline std::string jsonText(const nlohmann::json& j) {
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace apiary::grammar
