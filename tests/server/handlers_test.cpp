// The answers that read no database, and what every answer shares, without a
// socket: the board document, the SVG, errors, the page's files.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "server/errors.hpp"
#include "server/handlers.hpp"
#include "server/web_files.hpp"

using namespace apiary::server;

namespace {

nlohmann::json board(std::string_view query) { return nlohmann::json::parse(boardReply(parseParams(query)).body); }

}  // namespace

TEST_CASE("the start board has no stacks, every piece in hand and the first placements as its moves") {
  const auto b = board("");
  CHECK(b["game_type"] == "Base+MLP");
  CHECK(b["ply"] == 0);
  CHECK(b["to_move"] == "white");
  CHECK(b["state"] == "NotStarted");
  CHECK(b["stacks"].empty());
  CHECK(b["history"].empty());
  CHECK(b["last_move"].is_null());
  CHECK(b["hand"]["white"].size() == 14);
  CHECK(b["hand"]["black"].size() == 14);
  REQUIRE_FALSE(b["moves"].empty());
  for (const auto& m : b["moves"]) {
    CHECK(m["from"].is_null());
    CHECK(m["to"] == nlohmann::json{{"q", 0}, {"r", 0}});
  }
}

TEST_CASE("a board after moves gives its stacks, history, hands, last move and legal moves in the notation") {
  const auto b = board("moves=wS1%3BbG1%20-wS1%3BwQ%20wS1-%3BbB1%20-bG1%3BwQ%20wS1%5C&notation=pgn-like");
  CHECK(b["ply"] == 5);
  CHECK(b["to_move"] == "black");
  CHECK(b["history"] == nlohmann::json{"wS1", "bG1 -wS1", "wQ wS1-", "bB1 -bG1", "wQ wS1\\"});
  CHECK(b["stacks"].size() == 4);
  CHECK(b["hand"]["white"].size() == 12);
  CHECK(b["last_move"]["piece"] == "wQ");
  CHECK(b["last_move"]["from"] == nlohmann::json{{"q", 1}, {"r", 0}});
  CHECK(b["last_move"]["to"] == nlohmann::json{{"q", 0}, {"r", 1}});
  CHECK(b["last_move"]["uhp"] == "wQ wS1\\");
  // The Queen stands where the last move put it; the stacks are at its true coordinates.
  bool queenFound = false;
  for (const auto& s : b["stacks"])
    if (s["pieces"] == nlohmann::json{"wQ"}) queenFound = s["q"] == 0 && s["r"] == 1;
  CHECK(queenFound);
  // Every move is Black's, written in PGN-like beside its UHP spelling, and a
  // move played from the list leads to a board the server accepts.
  REQUIRE_FALSE(b["moves"].empty());
  for (const auto& m : b["moves"]) {
    CHECK(m["piece"].get<std::string>()[0] == 'b');
    CHECK_FALSE(m["text"].get<std::string>().empty());
  }
  const std::string next = b["moves"][0]["uhp"];
  CHECK(board("moves=wS1%3BbG1%20-wS1%3BwQ%20wS1-%3BbB1%20-bG1%3BwQ%20wS1%5C%3B" + next)["ply"] == 6);
}

TEST_CASE("a set-up position has no history and its pieces in the coordinates it was given in") {
  const auto b = board("position=Base%2BMLP%3BInProgress%3BWhite%5B2%5D%3BwS1%3BbG1%20-wS1");
  CHECK(b["history"].size() == 2);
  const auto fen = b["position"].get<std::string>();
  const auto setUp = nlohmann::json::parse(boardReply(parseParams("position=" + fen)).body);
  CHECK(setUp["history"].empty());
  CHECK(setUp["stacks"].size() == 2);
  CHECK(setUp["ply"] == 2);
}

TEST_CASE("the SVG of a position is an SVG document") {
  const Reply r = svgReply(parseParams("moves=wS1%3BbG1%20-wS1"));
  CHECK(r.contentType == "image/svg+xml");
  CHECK(r.body.find("<svg") != std::string::npos);
}

TEST_CASE("errors carry a status from their kind and name the parameter") {
  using apiary::query::ErrorKind;
  CHECK(statusOf(ErrorKind::BadInput) == 400);
  CHECK(statusOf(ErrorKind::NotFound) == 404);
  const Reply r = errorReply(apiary::query::QueryError(ErrorKind::BadInput, apiary::query::Field::Limit, ": too big"));
  CHECK(r.status == 400);
  CHECK(nlohmann::json::parse(r.body) == nlohmann::json{{"error", "limit: too big"}, {"parameter", "limit"}});
}

TEST_CASE("the page's files are built in, / is index.html, other paths and .. are not found") {
  const WebFile* index = findWebFile("/");
  REQUIRE(index);
  CHECK(index->path == "/index.html");
  CHECK(index->contentType.substr(0, 9) == "text/html");
  CHECK(index->bytes.find("<html") != std::string_view::npos);
  CHECK(findWebFile("/../index.html") == nullptr);
  CHECK(findWebFile("/README.md") == nullptr);
  CHECK(findWebFile("/nothing.js") == nullptr);
  for (const WebFile& f : webFiles()) CHECK(f.path.find("..") == std::string_view::npos);
}
