// What explore, search and games print: JSON objects (one per answer, so --batch
// writes one line each) and readable tables for a terminal.
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <vector>

#include "index/game_row.hpp"
#include "query/explore.hpp"
#include "query/pattern.hpp"
#include "query/search.hpp"

namespace apiary::cli {

nlohmann::json explorationJson(const query::Exploration& e);
nlohmann::json searchJson(const query::SearchResult& r);
nlohmann::json patternJson(const query::PatternResult& r);
// A game's row without its moves: id, source, players, event, site, date, result...
nlohmann::json gameJson(const index::GameRow& g);

void printExploration(std::ostream& out, const query::Exploration& e);
void printSearch(std::ostream& out, const query::SearchResult& r, uint64_t offset);
void printPattern(std::ostream& out, const query::PatternResult& r, uint64_t offset);
void printGames(std::ostream& out, const std::vector<index::GameRow>& games, uint64_t offset, bool more,
                std::optional<uint64_t> total);

}  // namespace apiary::cli
