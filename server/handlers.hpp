// One short handler per endpoint: read the parameters, ask query/, shape the
// document (query/json.hpp, the CLI's own). Bad input throws query::QueryError,
// which routes.cpp turns into its status; handlers hold no HTTP plumbing.
#pragma once
#include <chrono>
#include <string_view>

#include "query/session.hpp"
#include "server/params.hpp"
#include "server/reply.hpp"

namespace apiary::server {

Reply healthReply();
Reply infoReply(query::ReadSession& session);                           // apiary info --json
Reply exploreReply(const Params& params, query::ReadSession& session);  // apiary explore --json
Reply searchReply(const Params& params, query::ReadSession& session);   // apiary search --json
Reply gamesReply(const Params& params, query::ReadSession& session);    // apiary games --json
// apiary pattern --json, stopped after `budget` (zero: none) with query::PatternOverBudget.
Reply patternReply(const Params& params, query::ReadSession& session, std::chrono::steady_clock::duration budget = {});
// A game with its plies; `id` as written in the path (404 when no such game).
Reply gameReply(std::string_view id, const Params& params, query::ReadSession& session);
Reply exportReply(std::string_view id, const Params& params, query::ReadSession& session);
// apiary search --to: every game that reached the position, in `notation` (at most
// kMaxExportGames: more is refused).
inline constexpr uint64_t kMaxExportGames = 10'000;
Reply positionExportReply(const Params& params, query::ReadSession& session);
// apiary player NAME --json (`name` as decoded from the path), apiary players --json.
Reply playerReply(std::string_view name, const Params& params, query::ReadSession& session);
Reply playersReply(const Params& params, query::ReadSession& session);
// Players whose name starts with `prefix`, most games first (suggestions as one types).
Reply playerNamesReply(const Params& params, query::ReadSession& session);
// The board document (apiary show --json) and its picture; `session` reads `game`
// (nullptr: refused).
Reply boardReply(const Params& params, const query::ReadSession* session = nullptr);
Reply svgReply(const Params& params, const query::ReadSession* session = nullptr);
Reply notationsReply();  // the notation table: names, aliases, what each reads and writes

}  // namespace apiary::server
