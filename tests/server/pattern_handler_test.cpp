// GET /api/pattern without a socket: the handler's document equals apiary pattern's
// (query::patternJson of the same question), parameters reach the query, and bad
// pattern text is a 400 naming the parameter.
#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>

#include "engine/generate.hpp"
#include "index/index_support.hpp"
#include "ingest/importer.hpp"
#include "notation/notations.hpp"
#include "notation_row.hpp"
#include "query/json.hpp"
#include "query/patterns/pattern.hpp"
#include "server/errors.hpp"
#include "server/handlers.hpp"

using namespace apiary;

namespace {

// A database of 60 generated games.
std::filesystem::path generatedDatabase(const test::ScratchDir& dir) {
  std::vector<notation::ReplayedGame> games;
  GameGenerator generator(616);
  for (int i = 0; i < 60; ++i) {
    GeneratedGame g = generator.next();
    games.push_back(notation::gameFromBoard(std::move(g.board), g.tags));
  }
  std::filesystem::create_directories(dir.path());
  const auto file = dir.path() / "games.pgn";
  std::ofstream(file) << notation::writeGames(test::row("uhp"), games);
  index::Database db(dir.path() / "db");
  ingest::importSources(db, {file.string()}, {});
  return dir.path() / "db";
}

}  // namespace

TEST_CASE("GET /api/pattern answers apiary pattern's document for the same formation, condition, filters and page") {
  const test::ScratchDir dir("pattern-handler");
  query::ReadSession session(generatedDatabase(dir));
  const auto params = server::parseParams(
      "pattern=has%20Q%3B%20E%3A%20*%3B%20W%3A%20*&where=ply%20%3E%3D%2020"
      "&game_type=Base%2BMLP&limit=4&offset=1");
  CHECK(params.pattern == "has Q; E: *; W: *");
  CHECK(params.where == "ply >= 20");
  auto got = nlohmann::json::parse(server::patternReply(params, session).body);
  REQUIRE(got.contains("elapsed_ms"));
  got.erase("elapsed_ms");
  index::GameQuery filter;
  filter.gameType = GameType::parse("Base+MLP");
  const auto want = query::patternJson(query::findPattern(session.db(), session.catalogue(),
                                                          query::Pattern("has Q; E: *; W: *", "ply >= 20"),
                                                          {.filter = filter, .offset = 1, .limit = 4}));
  CHECK(got == want);
  CHECK(got["total"].get<int>() > 5);
  CHECK(got["games"].size() == 4);
}

TEST_CASE("GET /api/pattern refuses pattern text it cannot read with 400 and the parameter") {
  const test::ScratchDir dir("pattern-handler");
  query::ReadSession session(generatedDatabase(dir));
  const auto status = [&](std::string_view query) -> std::pair<int, std::string> {
    try {
      server::patternReply(server::parseParams(query), session);
    } catch (const query::QueryError& e) {
      return {server::errorReply(e).status, std::string(query::fieldName(e.field()))};
    }
    return {200, ""};
  };
  CHECK(status("where=pinned%20%3E%202") == std::pair<int, std::string>{400, "where"});
  CHECK(status("pattern=Q%20on") == std::pair<int, std::string>{400, "pattern"});
  CHECK(status("") == std::pair<int, std::string>{400, "pattern"});
  CHECK(status("where=ply%20%3C%205").first == 200);
}
