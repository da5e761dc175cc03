// For the server's tests that ask the API and the CLI the same questions:
// `apiary serve` on servedDatabase() with a client, and the CLI on the same
// database.
#pragma once
#include <httplib.h>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "server_support.hpp"

namespace apiary::test {

inline std::string encoded(const std::string& text) { return httplib::detail::encode_query_param(text); }

// An answer without its "elapsed_ms", the time its run took (different in any two runs).
inline nlohmann::json withoutElapsed(nlohmann::json document) {
  CHECK(document.contains("elapsed_ms"));
  document.erase("elapsed_ms");
  return document;
}

struct Api {
  ServerProcess server{servedDatabase()};
  httplib::Client client{"127.0.0.1", server.port()};

  httplib::Result get(const std::string& path, const httplib::Headers& headers = {}) {
    auto result = client.Get(path.c_str(), headers);
    REQUIRE(result);
    return result;
  }
  nlohmann::json document(const std::string& path, int status = 200) {
    const auto result = get(path);
    INFO(path << " answered " << result->body);
    CHECK(result->status == status);
    CHECK(result->get_header_value("Content-Type") == "application/json; charset=utf-8");
    return nlohmann::json::parse(result->body);
  }
  // What `apiary ARGS --json` prints on the same database.
  nlohmann::json cli(const std::string& args) {
    const auto run = runApiary("--db " + servedDatabase().string() + " " + args + " --json");
    INFO("apiary " << args << " printed " << run.out);
    REQUIRE(run.code == 0);
    return nlohmann::json::parse(run.out);
  }
  // The first plies of game `id` in UHP, joined by ';' (its first piece numbered
  // or not: "wQ;bG1 -wQ" reads as UHP).
  std::string opening(int id, std::size_t plies) {
    const nlohmann::json game = document("/api/games/" + std::to_string(id));
    std::string moves;
    for (std::size_t i = 0; i < plies && i < game["plies"].size(); ++i)
      moves += (i ? ";" : "") + game["plies"][i]["uhp"].get<std::string>();
    return moves;
  }
};

}  // namespace apiary::test
